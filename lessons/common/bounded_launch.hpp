// A launch whose spins the watchdog bounds, timed with CUDA events: how a lesson runs a kernel that
// might never finish (the locks, the hand-written grid barrier).
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/watchdog.hpp"

namespace gridlock {

struct BoundedRun {
  float ms = 0;                       // the kernel, by CUDA events
  bool stopped = false;               // the watchdog told its spins to give up
  std::chrono::milliseconds limit{};  // when it would: the lesson's limit or GRIDLOCK_WATCHDOG_MS
  bool shortened = false;             // GRIDLOCK_WATCHDOG_MS set a shorter limit than the lesson's
};

// Calls launch(abort_flag), waits for the kernel, and says how long it took and whether the
// watchdog had to fire after `limit` (or after GRIDLOCK_WATCHDOG_MS, when that is shorter).
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
  run.limit = watchdog.limit();
  run.shortened = watchdog.limit() < limit;
  return run;
}

// The launches of a run the watchdog stopped, for the report and the trace's notices.
struct WatchdogTally {
  int launches = 0, stopped = 0;
  std::chrono::milliseconds limit{};  // the longest limit a stopped launch had
  bool shortened = false;             // a stopped launch had its limit shortened by GRIDLOCK_WATCHDOG_MS

  void add(const BoundedRun& run) {
    ++launches;
    if (!run.stopped) return;
    ++stopped;
    limit = std::max(limit, run.limit);
    shortened |= run.shortened;
  }
  // "" when none was stopped; otherwise how many, after how long, and whether the environment set
  // the bound.
  std::string text() const {
    if (stopped == 0) return "";
    return "the watchdog stopped " + std::to_string(stopped) + " of " + std::to_string(launches) +
           " launches after " + std::to_string(limit.count()) + " ms" +
           (shortened ? " (a limit GRIDLOCK_WATCHDOG_MS set shorter than the lesson's)" : "");
  }
};

}  // namespace gridlock
