// L2's plain launches: each variant's unrecorded kernel on a fresh lock and counter, bounded by
// the watchdog, timed with CUDA events.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "locks/common/bounded_launch.hpp"

namespace l2 {

// The variants: the documented lock, the lock with acquire/release, and atomicAdd alone.
inline const std::vector<std::string> kVariants = {"documented", "ordered", "atomic"};

// How long a launch may spin before the watchdog tells it to give up.
constexpr std::chrono::milliseconds kSpinLimit{5000};

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

struct Launched {
  int count = 0;
  gridlock::locks::BoundedRun run;
};

// One plain launch on a fresh lock and counter; the count it leaves, its time, whether it was
// stopped.
inline Launched count_on_gpu(const std::string& variant, int grid, int block) {
  gridlock::DeviceBuffer<int> state(std::vector<int>{0}), count(std::vector<int>{0});
  Launched l;
  l.run = gridlock::locks::bounded_launch(kSpinLimit, [&](const volatile int* abort) {
    launch<false>(variant, grid, block, state.get(), count.get(), abort, {});
  });
  l.count = count.download_one();
  return l;
}

}  // namespace l2
