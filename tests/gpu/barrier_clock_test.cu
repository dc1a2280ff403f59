// Where a clock read after __syncthreads() lands in time. Warps of uneven work meet at a barrier
// many times; each records %globaltimer before the barrier and after it. A barrier releases no
// warp before the last one arrives, so every read after it must be at or after every read before
// it. The plain read right after the barrier is measured and reported (it breaks the rule on
// Hopper: BAR.SYNC.DEFER_BLOCKING lets it issue early); the recorder's global_time_after() must
// keep the rule. Exit 0 pass, 1 fail, 77 no usable GPU (ctest: skipped).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/clock.cuh"
#include "gpu_test.hpp"

namespace {

constexpr int kBlock = 1024, kWarps = kBlock / 32, kBarriers = 10, kGrid = 264;

template <bool AfterLoad>
__global__ void meet_at_barriers(unsigned long long* arrive, unsigned long long* leave, int* sink, int work) {
  __shared__ int r[kBlock];
  const int idx = threadIdx.x, warp = idx / 32;
  r[idx] = idx;
  __syncthreads();
  for (int b = 0; b < kBarriers; ++b) {
    int acc = r[idx];
    for (int i = 0, n = ((warp * 7 + b * 13 + blockIdx.x) % 11) * work; i < n; ++i)
      acc = acc * 1664525 + 1013904223;
    r[idx] = acc;
    const unsigned long long before = gridlock::global_time_ns();
    const size_t slot = (size_t(blockIdx.x) * kBarriers + b) * kWarps + warp;
    if (idx % 32 == 0) arrive[slot] = before;
    __syncthreads();
    const unsigned long long after =
        AfterLoad ? gridlock::global_time_after(static_cast<unsigned>(r[idx])) : gridlock::global_time_ns();
    if (idx % 32 == 0) leave[slot] = after;
  }
  sink[blockIdx.x * kBlock + idx] = r[idx];
}

struct Violations {
  long barriers = 0, broken = 0;
  unsigned long long worst_ns = 0;
};

template <bool AfterLoad>
Violations measure(int work, int repeats) {
  const size_t slots = size_t(kGrid) * kBarriers * kWarps;
  gridlock::DeviceBuffer<unsigned long long> arrive(slots), leave(slots);
  gridlock::DeviceBuffer<int> sink(size_t(kGrid) * kBlock);
  Violations v;
  for (int r = 0; r < repeats; ++r) {
    meet_at_barriers<AfterLoad><<<kGrid, kBlock>>>(arrive.get(), leave.get(), sink.get(), work);
    CUDA_CHECK_LAUNCH();
    const std::vector<unsigned long long> a = arrive.download(), l = leave.download();
    for (size_t first = 0; first < slots; first += kWarps) {
      const unsigned long long last_arrival =
          *std::max_element(a.begin() + first, a.begin() + first + kWarps);
      const unsigned long long first_departure =
          *std::min_element(l.begin() + first, l.begin() + first + kWarps);
      ++v.barriers;
      if (first_departure < last_arrival) {
        ++v.broken;
        v.worst_ns = std::max(v.worst_ns, last_arrival - first_departure);
      }
    }
  }
  return v;
}

}  // namespace

int main() {
  return gridlock::test::run_gpu_test([] {
    bool ok = true;
    for (int work : {0, 4, 40}) {
      const Violations plain = measure<false>(work, 3), after = measure<true>(work, 3);
      std::printf(
          "uneven work %2d: plain read after the barrier: %ld of %ld barriers have a warp leave "
          "before the last arrives (worst by %llu ns); global_time_after: %ld of %ld\n",
          work, plain.broken, plain.barriers, plain.worst_ns, after.broken, after.barriers);
      ok &= after.broken == 0;
    }
    return gridlock::test::expect(ok,
                                  "global_time_after never reads the clock before the barrier has released");
  });
}
