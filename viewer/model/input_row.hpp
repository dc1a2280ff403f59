// The input a tree's leaves were loaded from, drawn as a strip above the leaves, and which of
// its items each leaf holds, as the trace's operations record it.
//
// Nothing here knows a particular lesson, and nothing is guessed. The leaves' origins are found
// by following the operations of the steps up to the leaves' step backwards: a copy into the
// tree's buffer from another buffer (registers `acc` -> shared `r`) hands on what the copied item
// holds, and a fold into that buffer from a third one (acc[t] = acc[t] op in[k]; the first with
// a = -1, the identity) adds in[k]. The input is the buffer those origins lie in (R1: `in`).
//
// A trace without such operations gets the old strip without links: the first
// buffer in global memory that the tree's first step snapshots besides the tree's own and that
// has more items than the leaf row. A trace that records the input's operations but not its
// values (large inputs are not snapshotted) keeps the links, and the strip shows the trace's
// notice about it instead of the values.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/tree_layout.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct InputRow {
  int buffer = -1;  // -1: the tree has no input row (or only a notice about one)
  std::string name;
  int step = -1;               // the step the leaves were loaded in: the tree's first
  int64_t count = 0;           // items of the input buffer, as declared
  std::vector<double> values;  // its snapshot (one value per item); empty when not recorded
  ShadeRange range;            // its colour scale
  std::string missing;         // values empty: what the trace says about them, for the strip
  std::string via;             // the buffer the leaves were copied from ("acc"); empty: none
  // Leaf (an item of the tree's buffer) -> the input items it folded, in order; from the
  // operations, empty when the trace records none.
  std::map<int64_t, std::vector<int64_t>> folds;
  std::unordered_map<int64_t, int64_t> leaf_of_item;  // input item -> the leaf it went to

  bool empty() const { return buffer < 0 && missing.empty(); }
  bool linked() const { return !folds.empty(); }
  bool recorded() const { return !values.empty(); }
  int64_t size() const { return count; }
  float shade(double value) const { return shade_between(value, range.low, range.high); }
  // The input items that leaf `leaf` folded, in order; empty when that is not known.
  std::vector<int64_t> folded_by(int64_t leaf) const;
  // "in[1], in[5], in[9]" for leaf 1; longer lists as "in[1], in[5], in[9], …, in[41] (11 values)".
  // Empty when that is not known.
  std::string describe_fold(int64_t leaf) const;
  // The leaf that input item `element` was folded into; -1 when that is not known.
  int64_t leaf_of(int64_t element) const;
  // What the leaves of `leaf_buffer` hold, in one line: "r[i] folded in[i], in[i + 1024], …
  // through acc" where one stride fits every leaf, else "each leaf folded 9–10 values of in".
  // Empty when not linked.
  std::string pattern(const std::string& leaf_buffer) const;
};

// The input row of `layout`, the tree of `trace`; empty() when the trace has none.
InputRow find_input_row(const trace::Trace& trace, const TreeLayout& layout);

}  // namespace gridlock::viewer
