// CUDA error checks: a failed call throws CudaError naming the call, file and line; the lesson
// runner turns it into a message and exit code 1.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace gridlock {

class CudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline void cuda_check(cudaError_t status, const char* call, const char* file, int line) {
  if (status != cudaSuccess)
    throw CudaError(std::string(file) + ":" + std::to_string(line) + ": " + call +
                    " failed: " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
}

}  // namespace gridlock

#define CUDA_CHECK(call) ::gridlock::cuda_check((call), #call, __FILE__, __LINE__)
// After a launch: the launch's own error, then the kernel's.
#define CUDA_CHECK_LAUNCH()              \
  do {                                   \
    CUDA_CHECK(cudaGetLastError());      \
    CUDA_CHECK(cudaDeviceSynchronize()); \
  } while (0)
