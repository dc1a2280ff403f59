// The input a tree's leaves were loaded from, drawn as a strip above the leaves.
//
// Nothing here knows a particular lesson. The input is the first buffer in global memory that the
// tree's first step snapshots besides the tree's own and that has more elements than the leaf row
// (R1: `in`, 10000 values, over the 1024 leaves of `r`).
//
// Which input elements a leaf folded is not recorded. It is derived only where the trace pins it
// down: a parameter `block` equal to the leaf count, no parameter `grid` above 1, leaves that are
// elements 0, 1, 2, ... of their buffer (a live range of stride 1 from 0), and leaf values that
// equal, for every leaf i, the fold of input elements i, i + block, i + 2 block, ... under one of
// +, min and max (a block-stride load). Anything else leaves fold_stride at 0, and the viewer
// draws the strip without connecting it to the leaves.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/tree_layout.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct InputRow {
  int buffer = -1;  // -1: the tree has no input row
  std::string name;
  int step = -1;               // the step whose snapshot it shows: the tree's first
  std::vector<double> values;  // the snapshot
  ShadeRange range;            // its colour scale
  int64_t fold_stride = 0;     // > 0: leaf i folded input elements i, i + fold_stride, ...

  bool empty() const { return buffer < 0; }
  int64_t size() const { return static_cast<int64_t>(values.size()); }
  float shade(double value) const { return shade_between(value, range.low, range.high); }
  // The input elements that leaf `leaf` (an element of the tree's buffer) folded, in order;
  // empty when that is not known.
  std::vector<int64_t> folded_by(int64_t leaf) const;
  // "in[1], in[5], in[9]" for leaf 1; longer lists as "in[1], in[5], in[9], …, in[41] (11 values)".
  // Empty when that is not known.
  std::string describe_fold(int64_t leaf) const;
  // The leaf that input element `element` was folded into; -1 when that is not known.
  int64_t leaf_of(int64_t element) const;
};

// The input row of `layout`, the tree of `trace`; empty() when the trace has none.
InputRow find_input_row(const trace::Trace& trace, const TreeLayout& layout);

}  // namespace gridlock::viewer
