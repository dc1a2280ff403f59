// Runs a program on one warp until it finishes, provably never will, or runs out of steps.
#pragma once

#include <cstdint>
#include <functional>

#include "simt/scheduler.hpp"

namespace gridlock::simt {

enum class Outcome {
  completed,   // every lane has left the kernel
  deadlocked,  // the whole state repeated: the warp runs the same cycle forever, no lane progresses
  step_bound,  // neither, within the number of instructions allowed
};

struct RunResult {
  Outcome outcome = Outcome::step_bound;
  int64_t instructions = 0;  // warp instructions issued
  // deadlocked: the state after `cycle_start` instructions came back after `cycle_length` more.
  int64_t cycle_start = -1;
  int64_t cycle_length = 0;
};

// Called after each instruction, with the warp and scheduler already in their new state.
using Observer = std::function<void(const Issue&)>;

// Issues instructions until the warp completes, its whole state (scheduler and warp) repeats, or
// `step_bound` instructions have been issued. The model is deterministic, so a repeated state
// means the same instructions repeat forever.
RunResult run(const Program& program, Scheduler& scheduler, Warp& warp, int64_t step_bound,
              const Observer& observer = {});

const char* to_string(Outcome outcome);

}  // namespace gridlock::simt
