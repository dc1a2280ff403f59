// Putting other clocks on the run's clock: the host's steady_clock and each GPU's %globaltimer are
// different clocks. The offset between the host and a GPU is measured by round trips (the host
// reads its clock, a one-thread kernel reads %globaltimer, the host reads its clock again): the
// GPU's read lies inside the shortest round trip, so the offset is known to within half of it. Two
// GPUs are put on one clock through the host: their offset is the difference of their offsets to
// the host, with both uncertainties.
#pragma once

#include <chrono>
#include <cstdint>

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/record/clock.cuh"
#include "streams/common/handles.hpp"

namespace gridlock::streams {

// Writes %globaltimer to *out: the clock read of an offset measurement, and a timestamp put into
// a stream between two operations of a recorded run.
__global__ void write_time(unsigned long long* out) { *out = global_time_ns(); }

inline int64_t host_now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// gpu time = host time + offset_ns, to within +- uncertainty_ns.
struct ClockOffset {
  int64_t offset_ns = 0;
  int64_t uncertainty_ns = 0;
};

// The offset of `device`'s %globaltimer from the host's steady_clock, from the shortest of
// `rounds` round trips.
inline ClockOffset measure_offset(int device, int rounds = 64) {
  return on_device(device, [&] {
    DeviceBuffer<unsigned long long> t(1);
    write_time<<<1, 1>>>(t.get());  // the first launch loads the module: not a round trip to keep
    CUDA_CHECK(cudaDeviceSynchronize());
    ClockOffset best{0, -1};
    for (int r = 0; r < rounds; ++r) {
      const int64_t before = host_now_ns();
      write_time<<<1, 1>>>(t.get());
      CUDA_CHECK(cudaDeviceSynchronize());
      const int64_t after = host_now_ns();
      const int64_t gpu = static_cast<int64_t>(t.download_one());
      const int64_t half = (after - before) / 2;
      if (best.uncertainty_ns < 0 || half < best.uncertainty_ns) best = {gpu - (before + half), half};
    }
    return best;
  });
}

// Where the clock of `other` lies against the clock of `reference` (both to the host).
inline ClockOffset between(const ClockOffset& reference, const ClockOffset& other) {
  return {other.offset_ns - reference.offset_ns, other.uncertainty_ns + reference.uncertainty_ns};
}

}  // namespace gridlock::streams
