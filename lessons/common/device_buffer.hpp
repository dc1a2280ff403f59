// An owning device allocation with host copies in and out; sizes in elements.
#pragma once

#include <vector>

#include "cuda_check.hpp"

namespace gridlock {

template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : count_(count) { CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T))); }
  explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) { upload(host); }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return data_; }
  size_t size() const { return count_; }

  void upload(const std::vector<T>& host) {
    CUDA_CHECK(cudaMemcpy(data_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    CUDA_CHECK(cudaMemcpy(host.data(), data_, count_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }
  T download_one(size_t i = 0) const {
    T v;
    CUDA_CHECK(cudaMemcpy(&v, data_ + i, sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  // Fills every byte with a pattern, so an element nothing wrote is recognisable.
  void poison() { fill_bytes(0xA5); }
  void fill_bytes(int byte) {
    if (count_ > 0) CUDA_CHECK(cudaMemset(data_, byte, count_ * sizeof(T)));
  }

 private:
  T* data_ = nullptr;
  size_t count_ = 0;
};

}  // namespace gridlock
