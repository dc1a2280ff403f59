// The reduction tree of one buffer, derived from a trace's steps: one row per tree level.
//
// Nothing here knows a particular lesson. The tree is built from the operations that combine
// items of one buffer (dst_buffer == a_buffer == b_buffer; is_tree_op). Row 0 holds the leaves:
// the live items of the first step that records the buffer. Every later step with such
// operations adds a row whose nodes are the items live after it; a node an operation made has
// its two operands, in order, as children in the row above (a child, b child: an order-
// preserving tree keeps its left operand on the left), any other node one child (itself). The
// old "dst op= src" form is the operation with a == dst. A step that only changes the buffer's
// values or live set adds a row without operations; a step that changes nothing of the buffer
// shows the row before it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

inline constexpr int64_t kWarpSize = 32;

// Left-to-right order of the nodes of a row.
enum class Arrangement {
  memory,  // item order: the array as the kernel indexes it
  tree,    // depth-first order from the root, a before b: no crossing edges in a tree
};

// A value's place, 0..1 (clamped), on a colour scale from `low` to `high`; -1 for NaN (no value);
// 0.5 when the scale is a single value.
float shade_between(double value, double low, double high);

// The ends of a colour scale for `values` (NaNs skipped; all 0 when none is left): the 2nd and
// 98th percentiles of 64 values or more, so that a few outliers do not squeeze every other value
// into one colour, else the smallest and the largest.
struct ShadeRange {
  double min = 0, max = 0;
  double low = 0, high = 0;
};
ShadeRange shade_range(const std::vector<double>& values);

// Whether an operation combines items of one buffer into that buffer: a step of a tree.
bool is_tree_op(const trace::Operation& op);

struct TreeNode {
  int64_t element = 0;                         // index of the item in the buffer
  double value = 0;                            // NaN where the trace holds no value
  bool made = false;                           // an operation of this row's step computed it
  trace::Operator op = trace::Operator::copy;  // that operation's operator
  int64_t a = -1;  // its operands' items; -1: not made here, or the operator's identity
  int64_t b = -1;
  int64_t thread = -1;  // the thread that did it; -1 if none or not recorded
  int a_child = -1;     // node index, in the row above, of operand a (a node not made here: of itself)
  int b_child = -1;     // node index, in the row above, of operand b; -1 if none
  int rank = 0;         // position along the row under the current arrangement
  bool combined() const { return made; }
};

struct TreeRow {
  int step = 0;                 // the trace step that produced this row
  std::vector<TreeNode> nodes;  // in item order
  std::vector<int> by_rank;     // node indices, left to right
  int64_t combines = 0;         // nodes made by an operation in this row
  double min_value = 0;         // over the nodes that have values
  double max_value = 0;
  double shade_low = 0;  // the ends of the row's colour scale (shade_range)
  double shade_high = 0;
  // A value's place on the row's colour scale, 0..1 (clamped); -1 for a node with no value.
  float shade(double value) const;
  // Index of the node holding `element`, or -1.
  int find(int64_t element) const;
  // Centre of a node along the row, 0..1.
  double x_of(const TreeNode& node) const { return (node.rank + 0.5) / static_cast<double>(nodes.size()); }
};

struct TreeLayout {
  int buffer = -1;
  std::string buffer_name;
  int64_t element_count = 0;  // items of the buffer
  Arrangement arrangement = Arrangement::memory;
  std::vector<TreeRow> rows;
  std::vector<int> row_of_step;     // for each trace step: the row it shows
  std::vector<bool> step_adds_row;  // for each trace step: whether it produced that row
  // Every operation accumulates into its first operand (a == dst), as "dst op= src" does.
  bool in_place = true;
  bool empty() const { return rows.empty(); }
  std::size_t widest_row() const;  // most nodes in one row
};

// Buffers a tree can be drawn for, in order of preference: those with tree operations, then
// those with live ranges. Empty when the trace has neither.
std::vector<int> tree_buffers(const trace::Trace& trace);

// Derives the tree of `buffer` from the steps. An unknown buffer gives an empty layout.
TreeLayout build_tree_layout(const trace::Trace& trace, int buffer,
                             Arrangement arrangement = Arrangement::memory);

// Recomputes the nodes' ranks for another arrangement.
void arrange(TreeLayout& layout, Arrangement arrangement);

// What row `row` computed, in words: "512 pairs combined: r[i] = r[i] + r[i + 512]" where the
// operands follow one pattern in the item index, "3 pairs combined" where no pattern fits. Empty
// for a row no operation made.
std::string describe_combines(const TreeLayout& layout, int row);

// "Follow this thread": the node `thread` made in each row (path[r], an index into rows[r].nodes),
// -1 in the rows where it made none. All -1 for a thread no operation names.
std::vector<int> thread_path(const TreeLayout& layout, int64_t thread);

// The thread to follow after `current` among those that made a node in `row`, by thread number:
// the next one (the previous with `backwards`); from none (-1), the first (the last); past the
// end, none. -1 when no operation of the row names a thread.
int64_t next_thread_in_row(const TreeLayout& layout, int row, int64_t current, bool backwards = false);

}  // namespace gridlock::viewer
