// The memory system's limits a reduction is measured against, on the GPU it runs on: the peak
// bandwidth the device states (memory clock x bus width x 2 for double data rate), a
// device-to-device copy, and a kernel that only reads (the fastest any reduction of the same
// input could be, short of skipping bytes).
#pragma once

#include <cstdint>

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "trace/trace.hpp"

namespace gridlock::reduction {

// GB/s the device states: cudaDevAttrMemoryClockRate (kHz) x bus width (bits) x 2 / 8.
// (cudaDeviceProp::memoryClockRate is gone in CUDA 13; the attribute remains.)
inline double peak_bandwidth_gbs() {
  int device = 0, clock_khz = 0, bus_bits = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device));
  return 2.0 * clock_khz * 1e3 * bus_bits / 8 / 1e9;
}

// Reads in[0..vectors) once, 16 bytes per load, grid-stride, and keeps nothing: the XOR of the
// words is written only if it equals a value it practically never takes, so the loads cannot be
// dropped by the compiler. (A template, so that several files of one program may include it.)
template <int BlockSize>
__global__ void __launch_bounds__(BlockSize) read_only_stream(const int4* in, int vectors, int* sink) {
  int x = 0;
  for (int i = blockIdx.x * BlockSize + threadIdx.x; i < vectors; i += gridDim.x * BlockSize) {
    const int4 v = __ldcs(in + i);
    x ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (x == 0x7fffffff) *sink = x;
}

inline int repetitions_for_stream(int64_t n) { return n >= 10000000 ? 30 : 200; }

// The read-only kernel over n ints (n a multiple of 4 is timed; a tail is not read), at full
// occupancy: 256-thread blocks, 8 per SM.
inline trace::Timing time_read_only(const int* in, int64_t n, int sm_count) {
  DeviceBuffer<int> sink(1);
  const int vectors = int(n / 4);
  return time_kernel(
      "read-only streaming kernel", n, n * int64_t(sizeof(int)), repetitions_for_stream(n), [&] {
        read_only_stream<256><<<8 * sm_count, 256>>>(reinterpret_cast<const int4*>(in), vectors, sink.get());
      });
}

// cudaMemcpyAsync device to device of n ints; its bytes count the read and the write.
inline trace::Timing time_device_copy(const int* in, int64_t n) {
  DeviceBuffer<int> copy{static_cast<size_t>(n)};
  return time_kernel(
      "cudaMemcpy device to device", n, 2 * n * int64_t(sizeof(int)), repetitions_for_stream(n), [&] {
        CUDA_CHECK(cudaMemcpyAsync(copy.get(), in, size_t(n) * sizeof(int), cudaMemcpyDeviceToDevice));
      });
}

}  // namespace gridlock::reduction
