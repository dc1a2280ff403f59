// Reading %globaltimer for the run's origin, and measuring its resolution.
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/record/clock.cuh"
#include "common/record/run_clock.hpp"

namespace gridlock {
namespace {

__global__ void read_clock(unsigned long long* out) { *out = global_time_ns(); }

// One thread reads the clock until it has seen `changes` advances (or given up after a bounded
// number of reads, leaving 0: not measured) and keeps the smallest advance.
__global__ void smallest_clock_step(unsigned long long* out, int changes) {
  unsigned long long last = global_time_ns(), smallest = 0;
  int seen = 0;
  for (long reads = 0; seen < changes && reads < (1L << 26); ++reads) {
    const unsigned long long t = global_time_ns();
    if (t == last) continue;
    if (smallest == 0 || t - last < smallest) smallest = t - last;
    last = t;
    ++seen;
  }
  *out = smallest;
}

}  // namespace

unsigned long long RunClock::origin_ns() {
  if (!has_origin_) {
    DeviceBuffer<unsigned long long> t(1);
    read_clock<<<1, 1>>>(t.get());
    CUDA_CHECK_LAUNCH();
    origin_ = t.download_one();
    has_origin_ = true;
  }
  return origin_;
}

int64_t RunClock::resolution_ns() {
  if (resolution_ < 0) {
    DeviceBuffer<unsigned long long> step(1);
    smallest_clock_step<<<1, 1>>>(step.get(), 256);
    CUDA_CHECK_LAUNCH();
    resolution_ = static_cast<int64_t>(step.download_one());
  }
  return resolution_;
}

trace::Clock RunClock::description() {
  trace::Clock c;
  c.source = source_;
  c.resolution_ns = resolution_ns();
  c.origin = "read on the GPU just before the first recorded launch";
  return c;
}

}  // namespace gridlock
