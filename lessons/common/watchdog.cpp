// The host side of the watchdog: a timer thread that raises a flag in mapped host memory.
#include "watchdog.hpp"

#include <cuda_runtime.h>

#include "cuda_check.hpp"
#include "watchdog_limit.hpp"

namespace gridlock {

Watchdog::Watchdog(std::chrono::milliseconds limit) : limit_(watchdog_limit(limit)) {
  int* host = nullptr;
  CUDA_CHECK(cudaHostAlloc(&host, sizeof(int), cudaHostAllocMapped));
  *host = 0;
  int* device = nullptr;
  CUDA_CHECK(cudaHostGetDevicePointer(&device, host, 0));
  host_flag_ = host;
  device_flag_ = device;
  timer_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!wake_.wait_for(lock, limit_, [this] { return disarmed_; })) *host_flag_ = 1;
  });
}

void Watchdog::disarm() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    disarmed_ = true;
  }
  wake_.notify_all();
  if (timer_.joinable()) timer_.join();
}

Watchdog::~Watchdog() {
  disarm();
  cudaFreeHost(const_cast<int*>(host_flag_));
}

}  // namespace gridlock
