// The lock lessons' turns at the lock as their traces show them (plain C++): each turn as the
// recorder saw it, the turns put in the order the lock was taken, and the runs of turns that fill
// the steps.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace gridlock::locks {

// One turn at the lock: a block's (its thread 0 took it for the block) or one thread's.
struct Turn {
  int block = 0, thread = 0;
  unsigned sm = 0;
  int64_t asked = 0, took = 0, released = 0;  // on the run's clock
  int spins = 0;                              // failed atomicCAS attempts
  int seen = 0;                               // the count the holder read
  bool gave_up = false;                       // the watchdog told it to stop waiting
  int track = 0;                              // its row, once declared
};

// Puts the turns that held the lock first, in the order they took it (`by_release`: the order they
// released it), then those that gave up; returns how many held it.
inline size_t order_turns(std::vector<Turn>& all, bool by_release = false) {
  std::sort(all.begin(), all.end(), [&](const Turn& a, const Turn& b) {
    if (a.gave_up != b.gave_up) return b.gave_up;
    return by_release ? a.released < b.released : a.took < b.took;
  });
  return size_t(std::count_if(all.begin(), all.end(), [](const Turn& t) { return !t.gave_up; }));
}

// A run of turns [first, last) that one step shows, and the step's detail.
struct TurnRun {
  size_t first = 0, last = 0;
  std::string detail;
};

// The ordered turns in runs of at most held / `steps` (rounded up), the `held` turns first, then
// those that gave up, never both in one step. A run of turns reads "turns 1–4 of 32, in the order
// the lock was taken" (`noun`, `order`); one of give-ups "3 more threads, which gave up when the
// watchdog said so" (`who`).
inline std::vector<TurnRun> turn_runs(size_t held, size_t total, size_t steps, const std::string& noun,
                                      const std::string& order, const std::string& who) {
  std::vector<TurnRun> runs;
  const size_t per_step = std::max<size_t>(1, (held + steps - 1) / steps);
  for (size_t first = 0; first < total;) {
    const size_t last = std::min(first < held ? held : total, first + per_step);
    runs.push_back({first, last,
                    first < held ? noun + " " + std::to_string(first + 1) + "\xE2\x80\x93" +
                                       std::to_string(last) + " of " + std::to_string(held) + ", " + order
                                 : std::to_string(last - first) + " more " + who +
                                       ", which gave up when the watchdog said so"});
    first = last;
  }
  return runs;
}

// The notice of a recorded run the watchdog stopped after `limit_ms`, and what it left (`left`).
inline std::string watchdog_notice(long long limit_ms, const std::string& left) {
  return "the watchdog stopped the recorded run after " + std::to_string(limit_ms) + " ms: " + left;
}

}  // namespace gridlock::locks
