// L2's plain launches: each variant's unrecorded kernel on a fresh lock and counter, bounded by
// the watchdog, timed with CUDA events.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/watchdog.hpp"
#include "kernels.cuh"

namespace l2 {

// The variants: the documented lock, the lock with acquire/release, and atomicAdd alone.
inline const std::vector<std::string> kVariants = {"documented", "ordered", "atomic"};

// How long a launch may spin before the watchdog tells it to give up.
constexpr std::chrono::milliseconds kSpinLimit{5000};

struct Launched {
  int count = 0;
  float ms = 0;          // the kernel, CUDA events
  bool stopped = false;  // the watchdog fired
};

// Launches `variant` with (recorded or plain) recorder `rec` on zeroed words.
template <bool Record>
void launch(const std::string& variant, int grid, int block, int* state, int* count,
            const volatile int* abort, gridlock::EventRecorder<Record> rec) {
  if (variant == "documented")
    count_blocks_with_lock<gridlock::locks::DocumentedLock, Record>
        <<<grid, block>>>({state}, count, abort, rec);
  else if (variant == "ordered")
    count_blocks_with_lock<gridlock::locks::OrderedLock, Record><<<grid, block>>>({state}, count, abort, rec);
  else
    count_blocks_with_atomic<Record><<<grid, block>>>(count, rec);
}

// One plain launch; the count it leaves and how long it took.
inline Launched count_on_gpu(const std::string& variant, int grid, int block) {
  gridlock::DeviceBuffer<int> state(std::vector<int>{0}), count(std::vector<int>{0});
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  gridlock::Watchdog watchdog(kSpinLimit);
  CUDA_CHECK(cudaEventRecord(start));
  launch<false>(variant, grid, block, state.get(), count.get(), watchdog.device_flag(), {});
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK_LAUNCH();
  watchdog.disarm();
  Launched l;
  CUDA_CHECK(cudaEventElapsedTime(&l.ms, start, stop));
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  l.count = count.download_one();
  l.stopped = watchdog.fired();
  return l;
}

}  // namespace l2
