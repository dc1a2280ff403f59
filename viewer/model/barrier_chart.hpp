// A grid-wide barrier as a chart: every block's start, arrival at the barrier and leaving (released,
// or ended otherwise, as an instant on its row at that moment says), blocks in arrival order, the
// blocks that only started once a waiting block had left, and a time axis with the long empty
// stretches cut out (a watchdog's 200 ms beside arrivals microseconds apart). Built from the run
// timeline's block rows. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/run_timeline.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct BarrierBlock {
  int row = 0;  // in the run timeline
  std::string name;
  int64_t start_ns = 0;   // its first slice's begin
  int64_t arrive_ns = 0;  // the wait's begin
  int64_t leave_ns = 0;   // the wait's end
  std::string ended_by;   // the instant's name at leave_ns ("gave up"); empty: released
  bool late = false;      // started only after some waiting block had left
  trace::Category wait = trace::Category::barrier;
};

struct BarrierChart {
  std::vector<BarrierBlock> blocks;  // in arrival order (ties: by start)
  int64_t begin_ns = 0, end_ns = 0;  // the first start, the last leave
  int64_t first_leave_ns = 0, last_arrive_ns = 0;
  int released = 0, ended_otherwise = 0, late = 0;
  bool empty() const { return blocks.empty(); }
};

// Whether a trace holds a grid-wide wait: at least two block rows, each with exactly one waiting
// slice (barrier, wait, spin, sync) and otherwise only work.
bool has_barrier(const RunTimeline& run);
bool has_barrier(const trace::Trace& trace);

BarrierChart barrier_chart(const RunTimeline& run);

// A time axis with empty stretches cut: pieces in order, each either drawn to scale (the drawn
// pieces share the width equally, each on its own scale) or cut (a fixed narrow break).
struct AxisPiece {
  int64_t begin_ns = 0, end_ns = 0;
  bool cut = false;
};
struct BrokenAxis {
  std::vector<AxisPiece> pieces;
  float x0 = 0, x1 = 1;
  float cut_width = 0;  // pixels of each break
  float x_of(int64_t t) const;
  // The x range of piece i.
  float piece_x0(std::size_t i) const;
  float piece_x1(std::size_t i) const;
};

// Cuts every gap between consecutive `times` (sorted or not) longer than `share` of their span;
// each cut takes `cut_share` of the width.
BrokenAxis broken_axis(std::vector<int64_t> times, float x0, float x1, double share = 0.2,
                       float cut_share = 0.06f);

}  // namespace gridlock::viewer
