// A lock kernel run in the lockstep model, and what it did with the lock: who took it and gave it
// back at which instruction, and what each lane was doing in the lesson's terms.
#pragma once

#include <string>
#include <vector>

#include "programs.hpp"
#include "simt/recording.hpp"
#include "trace/trace.hpp"

namespace l3::model {

struct LockRun {
  LockKernel kernel;
  gridlock::simt::Recording recording;
  // Per tick: the lane that took the lock in it, the lane that gave it back, the lane holding it
  // afterwards (-1: none).
  std::vector<int> taken_by, given_back_by, holder_after;
  std::vector<int> acquisitions;  // the lanes in the order they took the lock

  int holder_before(size_t tick) const { return tick == 0 ? -1 : holder_after[tick - 1]; }
  int32_t count() const;  // *count at the end of the run
};

LockRun run_lock_kernel(const LockKernel& kernel, int64_t step_bound);

// What an active lane does in a tick: critical while it holds the lock (before or after the
// instruction), spin while it tries for the lock in the spin loop, work otherwise.
gridlock::trace::Category active_lane_category(const LockRun& run, size_t tick, int lane);

// One plain sentence of what happened in a tick.
std::string note_of(const LockRun& run, size_t tick);

}  // namespace l3::model
