// A launch whose spins the watchdog bounds, timed with CUDA events: what every lock lesson does
// to run a kernel that might never finish.
#pragma once

#include <chrono>

#include "common/cuda_check.hpp"
#include "common/watchdog.hpp"

namespace gridlock::locks {

struct BoundedRun {
  float ms = 0;          // the kernel, by CUDA events
  bool stopped = false;  // the watchdog told its spins to give up
};

// Calls launch(abort_flag), waits for the kernel, and says how long it took and whether the
// watchdog had to fire after `limit`.
template <typename Launch>
BoundedRun bounded_launch(std::chrono::milliseconds limit, Launch launch) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  Watchdog watchdog(limit);
  CUDA_CHECK(cudaEventRecord(start));
  launch(watchdog.device_flag());
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK_LAUNCH();
  watchdog.disarm();
  BoundedRun run;
  CUDA_CHECK(cudaEventElapsedTime(&run.ms, start, stop));
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  run.stopped = watchdog.fired();
  return run;
}

}  // namespace gridlock::locks
