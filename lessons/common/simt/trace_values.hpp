// The values side of a lockstep run's trace (used by trace_steps.cpp): the buffers that hold the
// memory words, registers and SIMT stack, their snapshots, and the operations that explain every
// change between two snapshots.
#pragma once

#include <cstdint>
#include <vector>

#include "simt/recording.hpp"
#include "trace/trace.hpp"

namespace gridlock::simt {

// The run's buffers, by id: memory words, registers, the stack's three columns at the deepest the
// run went, and the constants and lane bits that operations read.
struct TraceLayout {
  explicit TraceLayout(const Recording& run);

  int words = 0, registers = 0, depth = 0;
  std::vector<int32_t> constants;  // ascending: -1 (no pc), every pc, every immediate

  int reg(int r) const { return words + r; }
  int stack_pc() const { return words + registers; }
  int stack_mask() const { return stack_pc() + 1; }
  int stack_reconverge() const { return stack_pc() + 2; }
  int constant_buffer() const { return stack_pc() + 3; }
  int lane_bits() const { return stack_pc() + 4; }
};

void declare_buffers(const TraceLayout& layout, const Warp& warp, trace::Trace& t);

// The constants and lane bits, which never change: snapshotted once, in the first step.
void snapshot_constants(const TraceLayout& layout, trace::Step& s);

// The memory words, registers and stack after a step.
void snapshot_state(const TraceLayout& layout, const Warp& warp, const std::vector<StackEntry>& stack,
                    trace::Step& s);

// The instruction's transfers, in order, each by its lane.
void add_transfers(const TraceLayout& layout, const std::vector<Transfer>& transfers, trace::Step& s);

// The scheduler's writes to the stack: a pc is copied from the constants (by thread -1); a mask is
// a sum that starts at add's identity, to which each of its lanes adds its own bit.
void add_stack_writes(const TraceLayout& layout, const std::vector<StackEntry>& before,
                      const std::vector<StackEntry>& after, trace::Step& s);

}  // namespace gridlock::simt
