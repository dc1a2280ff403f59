// Tree by tree: a multi-block reduction split into the trees its blocks built and the merge of
// their partials. No GL, no ImGui.
//
// Which block did a step comes from the tracks its events are on (Track::block). The steps are
// cut into stages, one per run of consecutive steps of one (launch, block); a stage with tree
// operations (is_tree_op) gets the tree of its buffer, built from its steps alone
// (build_tree_layout), so every block's tree stands on its own even where the blocks share one
// buffer. A stage is a merge when it runs in a later launch than the first tree (the kernel
// boundary between them), or when its block already built a tree in that launch (the last
// block, which merges after its own tree). Partials are followed through the copies: a block
// tree's root copied into another buffer's item is that block's partial; a merge leaf loaded,
// through at most a few copies or folds, from such an item shows where it came from.
#pragma once

#include <cstdint>
#include <vector>

#include "model/tree_layout.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// The block whose tracks a step's events are on; -1 when none is or when they are on several.
int step_block(const trace::Trace& trace, int step);

struct TreeStage {
  int launch = -1;
  int block = -1;
  int first_step = 0, last_step = 0;  // trace steps, inclusive
  bool merge = false;
  TreeLayout layout;           // rows' `step` are trace steps
  int64_t begin = 0, end = 0;  // the items of layout.buffer the tree covers: [begin, end)
  int64_t partial = -1;        // the item of the partials buffer its root was copied into; -1: none
  // For a merge: per leaf (row 0's nodes, in order) the partial it was loaded from; -1: none.
  std::vector<int64_t> leaf_partial;
  // The row that trace step `step` shows, or -1 before the stage's first row.
  int row_at(int step) const;
  int root() const;  // node index of the root in the last row (its first node), -1 if empty
};

struct BlockTrees {
  std::vector<TreeStage> stages;      // in trace order: the blocks' trees, then the merges
  int partial_buffer = -1;            // where the block trees' roots were copied; -1: none
  int64_t partial_count = 0;          // items of that buffer
  int merger = -1;                    // the block that merged in the launch of its own tree; -1: none
  bool kernel_boundary = false;       // the merge ran in a later launch than the block trees
  int block_trees() const;            // stages that are not merges
  int stage_of_step(int step) const;  // the stage that holds trace step `step`; -1: none
  bool empty() const { return block_trees() < 2; }
};

// The stages of `trace`. Empty (no stages) when fewer than two blocks built trees.
BlockTrees build_block_trees(const trace::Trace& trace);

// Whether the trace holds trees of two or more blocks: the "blocks" view applies.
bool has_block_trees(const trace::Trace& trace);

}  // namespace gridlock::viewer
