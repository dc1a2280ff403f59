// A warp's reduction lane by lane: 32 fixed columns, one row per step, and an arrow for every
// value a lane took from another lane (a shuffle, or a read of another lane's shared slot).
// No GL, no ImGui.
//
// It applies to a tree (model/tree_layout.hpp) whose combines stay inside one warp: a trace
// whose launches are all one warp wide, or one where in some step two or more warps each
// combine only items of their own 32 (item / 32 == thread / 32), as a block of warps does. The
// lanes shown are the 32 items of the window where the tree ends (its root's warp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/tree_layout.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// One value moving into a lane in a step: from lane `from` of the row above into lane `to`.
struct LaneArrow {
  int from = 0, to = 0;
  bool operand_a = false;  // the lane's own (first) operand, else the one taken from another lane
};

struct LaneRow {
  int step = 0;                // the trace step that produced the row
  std::vector<double> values;  // per lane; NaN: no value
  std::vector<bool> live;      // per lane
  std::vector<bool> made;      // per lane: an operation of this step wrote it
  std::vector<LaneArrow> arrows;
  double shade_low = 0, shade_high = 0;
  std::string pattern;  // describe_combines of the row, empty for a row no operation made
  int offset = 0;       // the lane distance every arrow of another lane spans (b − dst); 0: mixed
};

struct WarpLanes {
  int buffer = -1;
  std::string buffer_name;
  int64_t base = 0;  // item of the buffer in lane 0
  int lanes = 0;     // 32, or fewer where the buffer is smaller
  std::vector<LaneRow> rows;
  std::vector<int> row_of_step;  // per trace step: the row it shows, -1 before the first
  bool empty() const { return rows.size() < 2; }
};

// Lanes of the first tree buffer whose tree ends inside one warp. Empty when the trace has no
// warp-level tree.
WarpLanes build_warp_lanes(const trace::Trace& trace);

// Whether the trace holds a warp-level tree (see the header comment): the "lanes" view applies.
bool has_warp_lanes(const trace::Trace& trace);

}  // namespace gridlock::viewer
