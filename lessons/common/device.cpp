// Finding a usable GPU. On a machine without one, cudaGetDeviceCount returns an error
// (insufficient driver, or no device), not a count of 0: both cases are "no usable device".
#include "device.hpp"

#include <cuda_runtime.h>

namespace gridlock {

std::optional<trace::Device> open_device(std::string* why) {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    *why = status != cudaSuccess ? std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status)
                                 : "the driver reports no CUDA device";
    cudaGetLastError();  // clear the sticky error
    return std::nullopt;
  }
  int id = 0;
  if ((status = cudaGetDevice(&id)) != cudaSuccess) {
    *why = cudaGetErrorString(status);
    return std::nullopt;
  }
  return describe_device(id, why);
}

std::optional<trace::Device> describe_device(int id, std::string* why) {
  cudaDeviceProp prop{};
  if (cudaError_t status = cudaGetDeviceProperties(&prop, id); status != cudaSuccess) {
    *why = cudaGetErrorString(status);
    return std::nullopt;
  }
  trace::Device d;
  d.name = prop.name;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  d.sm_count = prop.multiProcessorCount;
  cudaDriverGetVersion(&d.driver_version);
  cudaRuntimeGetVersion(&d.runtime_version);
  return d;
}

std::optional<int64_t> free_device_memory(std::string* why) {
  size_t free = 0, total = 0;
  const cudaError_t status = cudaMemGetInfo(&free, &total);
  if (status != cudaSuccess) {
    *why = std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
    cudaGetLastError();
    return std::nullopt;
  }
  return static_cast<int64_t>(free);
}

}  // namespace gridlock
