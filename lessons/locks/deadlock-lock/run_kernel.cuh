// L3's plain launches: each variant's unrecorded kernel on a fresh lock and counter, bounded by
// the watchdog, timed with CUDA events.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "locks/common/bounded_launch.hpp"

namespace l3 {

// The variants: the documented kernel (every thread takes the lock), and the lock inside the loop.
inline const std::vector<std::string> kVariants = {"every-thread", "inside-the-loop"};

// How long one launch may spin before the watchdog tells it to give up: 10 s, and 100 us more per
// thread, since every thread takes the lock in turn (the documented size gets about a minute).
inline std::chrono::milliseconds spin_limit(int grid, int block) {
  return std::chrono::milliseconds(10000 + int64_t(grid) * block / 10);
}

template <bool Record>
void launch(const std::string& variant, int grid, int block, int* state, int* count,
            const volatile int* abort, gridlock::EventRecorder<Record> rec) {
  if (variant == "every-thread")
    count_with_a_lock_in_every_thread<Record><<<grid, block>>>({state}, count, abort, rec);
  else
    count_with_the_lock_inside_the_loop<Record><<<grid, block>>>({state}, count, abort, rec);
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
  l.run = gridlock::locks::bounded_launch(spin_limit(grid, block), [&](const volatile int* abort) {
    launch<false>(variant, grid, block, state.get(), count.get(), abort, {});
  });
  l.count = count.download_one();
  return l;
}

}  // namespace l3
