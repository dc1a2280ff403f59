// A bounded launch (common/bounded_launch.hpp) on a fresh lock word and counter: what every lock
// lesson does to count the blocks that got through its lock.
#pragma once

#include <chrono>
#include <vector>

#include "common/bounded_launch.hpp"
#include "common/device_buffer.hpp"

namespace gridlock::locks {

// A bounded launch on a fresh lock word and counter (both 0): the count it left, and the run.
// launch(state, count, abort_flag) launches the kernel on them.
struct CountedRun {
  int count = 0;
  BoundedRun run;
};

template <typename Launch>
CountedRun count_on_fresh_lock(std::chrono::milliseconds limit, Launch launch) {
  DeviceBuffer<int> state(std::vector<int>{0}), count(std::vector<int>{0});
  CountedRun counted;
  counted.run =
      bounded_launch(limit, [&](const volatile int* abort) { launch(state.get(), count.get(), abort); });
  counted.count = count.download_one();
  return counted;
}

}  // namespace gridlock::locks
