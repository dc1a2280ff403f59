// Cutting a multi-block reduction into its blocks' trees and the merge of their partials.
#include "model/block_trees.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace gridlock::viewer {

namespace {

// The first buffer a tree operation of steps [first, last] writes; -1 when none does.
int tree_buffer_of(const trace::Trace& trace, int first, int last) {
  for (int s = first; s <= last; ++s)
    for (const trace::Operation& o : trace.steps[static_cast<std::size_t>(s)].ops)
      if (is_tree_op(o)) return o.dst_buffer;
  return -1;
}

// The tree of `buffer` built from steps [first, last] only, its rows renumbered to trace steps.
TreeLayout stage_layout(const trace::Trace& trace, int buffer, int first, int last) {
  trace::Trace part;
  part.buffers = trace.buffers;
  part.launches = trace.launches;
  part.steps.assign(trace.steps.begin() + first, trace.steps.begin() + last + 1);
  TreeLayout layout = build_tree_layout(part, buffer, Arrangement::memory);
  // A first step that fills items with the identity only gives a row without leaves: the
  // leaves are the items that step leaves live.
  if (!layout.rows.empty() && layout.rows.front().nodes.empty()) {
    layout.rows.erase(layout.rows.begin());
    if (!layout.rows.empty())
      for (TreeNode& n : layout.rows.front().nodes) n.a_child = n.b_child = -1;
  }
  for (TreeRow& row : layout.rows) row.step += first;
  return layout;
}

void set_extent(TreeStage& stage) {
  stage.begin = stage.layout.element_count;
  stage.end = 0;
  for (const TreeRow& row : stage.layout.rows)
    for (const TreeNode& n : row.nodes) {
      stage.begin = std::min(stage.begin, n.element);
      stage.end = std::max(stage.end, n.element + 1);
    }
  if (stage.end <= stage.begin) stage.begin = stage.end = 0;
}

using Item = std::pair<int, int64_t>;  // buffer, item

// Where the stage's root went: the last copy, in its steps, of the root item into another
// buffer. Returns {buffer, item} or {-1, -1}.
Item root_copy(const trace::Trace& trace, const TreeStage& stage) {
  const int r = stage.root();
  if (r < 0) return {-1, -1};
  const int buffer = stage.layout.buffer;
  const int64_t root = stage.layout.rows.back().nodes[static_cast<std::size_t>(r)].element;
  for (int s = stage.last_step; s >= stage.first_step; --s)
    for (const trace::Operation& o : trace.steps[static_cast<std::size_t>(s)].ops) {
      if (o.a_buffer != buffer || o.dst_buffer == buffer) continue;
      for (std::size_t k = 0; k < std::min(o.dst.size(), o.a.size()); ++k)
        if (o.a[k] == root) return {o.dst_buffer, o.dst[k]};
    }
  return {-1, -1};
}

// For a merge: which partial each item holds, followed through the stage's operations in order
// (an item written from a partial, or from an item that holds one, holds it too).
void trace_leaf_partials(const trace::Trace& trace, int partials, TreeStage& stage) {
  std::map<Item, int64_t> holds;
  auto held = [&](int buffer, int64_t item) -> int64_t {
    if (buffer == partials) return item;
    auto it = holds.find({buffer, item});
    return it == holds.end() ? -1 : it->second;
  };
  for (int s = stage.first_step; s <= stage.last_step; ++s)
    for (const trace::Operation& o : trace.steps[static_cast<std::size_t>(s)].ops)
      for (std::size_t k = 0; k < o.dst.size(); ++k) {
        int64_t p = k < o.a.size() && o.a[k] >= 0 ? held(o.a_buffer, o.a[k]) : -1;
        if (p < 0 && k < o.b.size() && o.b[k] >= 0) p = held(o.b_buffer, o.b[k]);
        if (p >= 0 && o.dst_buffer != partials) holds[{o.dst_buffer, o.dst[k]}] = p;
      }
  stage.leaf_partial.clear();
  if (stage.layout.rows.empty()) return;
  for (const TreeNode& n : stage.layout.rows.front().nodes)
    stage.leaf_partial.push_back(held(stage.layout.buffer, n.element));
}

// Runs of consecutive steps of one (launch, block); a step of no block joins the run before it.
std::vector<TreeStage> cut_stages(const trace::Trace& trace) {
  std::vector<TreeStage> runs;
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    const int launch = trace.steps[static_cast<std::size_t>(s)].launch, block = step_block(trace, s);
    if (!runs.empty() && runs.back().launch == launch && (block < 0 || block == runs.back().block)) {
      runs.back().last_step = s;
      continue;
    }
    TreeStage stage;
    stage.launch = launch;
    stage.block = block;
    stage.first_step = stage.last_step = s;
    runs.push_back(std::move(stage));
  }
  return runs;
}

}  // namespace

int step_block(const trace::Trace& trace, int step) {
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return -1;
  int block = -1;
  for (const trace::Event& e : trace.steps[static_cast<std::size_t>(step)].events) {
    const trace::Track* t = trace.find_track(e.track);
    if (!t || t->block < 0) continue;
    if (block >= 0 && t->block != block) return -1;
    block = t->block;
  }
  return block;
}

int TreeStage::row_at(int step) const {
  if (step < first_step) return -1;
  int row = -1;
  for (std::size_t r = 0; r < layout.rows.size(); ++r)
    if (layout.rows[r].step <= step) row = static_cast<int>(r);
  return row;
}

int TreeStage::root() const { return layout.rows.empty() || layout.rows.back().nodes.empty() ? -1 : 0; }

int BlockTrees::block_trees() const {
  return static_cast<int>(
      std::count_if(stages.begin(), stages.end(), [](const TreeStage& s) { return !s.merge; }));
}

int BlockTrees::stage_of_step(int step) const {
  for (std::size_t i = 0; i < stages.size(); ++i)
    if (step >= stages[i].first_step && step <= stages[i].last_step) return static_cast<int>(i);
  return -1;
}

BlockTrees build_block_trees(const trace::Trace& trace) {
  BlockTrees trees;
  std::set<std::pair<int, int>> built;  // (launch, block) that built a tree
  int first_launch = -1;
  for (TreeStage& stage : cut_stages(trace)) {
    const int buffer = tree_buffer_of(trace, stage.first_step, stage.last_step);
    if (buffer < 0 || stage.block < 0) continue;
    stage.layout = stage_layout(trace, buffer, stage.first_step, stage.last_step);
    if (stage.layout.empty()) continue;
    if (first_launch < 0) first_launch = stage.launch;
    stage.merge = stage.launch != first_launch || built.count({stage.launch, stage.block}) > 0;
    if (stage.merge && stage.launch == first_launch) trees.merger = stage.block;
    if (stage.merge && stage.launch != first_launch) trees.kernel_boundary = true;
    built.insert({stage.launch, stage.block});
    set_extent(stage);
    trees.stages.push_back(std::move(stage));
  }
  for (TreeStage& stage : trees.stages) {
    if (stage.merge) continue;
    const Item to = root_copy(trace, stage);
    if (to.first < 0) continue;
    if (trees.partial_buffer < 0) trees.partial_buffer = to.first;
    if (to.first == trees.partial_buffer) stage.partial = to.second;
  }
  if (const trace::Buffer* b = trace.find_buffer(trees.partial_buffer)) trees.partial_count = b->item_count();
  for (TreeStage& stage : trees.stages)
    if (stage.merge && trees.partial_buffer >= 0) trace_leaf_partials(trace, trees.partial_buffer, stage);
  if (trees.empty()) return BlockTrees{};
  return trees;
}

bool has_block_trees(const trace::Trace& trace) { return !build_block_trees(trace).empty(); }

}  // namespace gridlock::viewer
