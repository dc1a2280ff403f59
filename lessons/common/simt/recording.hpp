// A lockstep run kept whole: the state at the start and, after every instruction, what was issued
// and the state it left, so a lesson can analyse the run and write it as a trace.
#pragma once

#include <cstdint>
#include <vector>

#include "simt/lockstep.hpp"
#include "simt/run.hpp"

namespace gridlock::simt {

struct Tick {
  Issue issue;
  Warp warp;                      // after the instruction
  std::vector<StackEntry> stack;  // after the instruction
};

struct Recording {
  Program program;
  Warp start;
  std::vector<StackEntry> start_stack;
  std::vector<Tick> ticks;  // one per instruction issued
  RunResult result;

  // The state the instruction of tick i was issued from.
  const Warp& warp_before(size_t tick) const { return tick == 0 ? start : ticks[tick - 1].warp; }
  const std::vector<StackEntry>& stack_before(size_t tick) const {
    return tick == 0 ? start_stack : ticks[tick - 1].stack;
  }
  const Warp& final_warp() const { return ticks.empty() ? start : ticks.back().warp; }
  const std::vector<StackEntry>& final_stack() const {
    return ticks.empty() ? start_stack : ticks.back().stack;
  }
};

// Runs `program` on one warp under the lockstep scheduler (see run()) and keeps every tick.
Recording record_lockstep(const Program& program, int64_t step_bound);

}  // namespace gridlock::simt
