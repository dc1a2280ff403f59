// Owned CUDA streams and events. Each remembers the device that was current when it was made (the
// device it belongs to) and is destroyed with that device current.
#pragma once

#include <cuda_runtime.h>

#include "common/cuda_check.hpp"

namespace gridlock::streams {

// Runs f() with `device` current, then makes the previous device current again.
template <typename F>
decltype(auto) on_device(int device, F&& f) {
  int previous = 0;
  CUDA_CHECK(cudaGetDevice(&previous));
  CUDA_CHECK(cudaSetDevice(device));
  struct Restore {
    int device;
    ~Restore() { cudaSetDevice(device); }
  } restore{previous};
  return f();
}

// For destructors: runs destroy() with `device` current, and throws nothing.
template <typename F>
void destroy_on(int device, F&& destroy) noexcept {
  int previous = 0;
  cudaGetDevice(&previous);
  cudaSetDevice(device);
  destroy();
  cudaSetDevice(previous);
}

inline int current_device() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

class Stream {
 public:
  explicit Stream(unsigned flags = cudaStreamNonBlocking) : device_(current_device()) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, flags));
  }
  ~Stream() {
    destroy_on(device_, [&] { cudaStreamDestroy(stream_); });
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  cudaStream_t get() const { return stream_; }
  int device() const { return device_; }

 private:
  int device_;
  cudaStream_t stream_ = nullptr;
};

class Event {
 public:
  explicit Event(unsigned flags = cudaEventDefault) : device_(current_device()) {
    CUDA_CHECK(cudaEventCreateWithFlags(&event_, flags));
  }
  ~Event() {
    destroy_on(device_, [&] { cudaEventDestroy(event_); });
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  cudaEvent_t get() const { return event_; }
  int device() const { return device_; }

 private:
  int device_;
  cudaEvent_t event_ = nullptr;
};

}  // namespace gridlock::streams
