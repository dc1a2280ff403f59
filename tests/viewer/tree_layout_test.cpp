// Reduction trees derived from hand-built traces.
#include "model/tree_layout.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

// Eight values, four threads. `interleaved`: pairs (0,1) (2,3)..., then (0,2) (4,6), then (0,4),
// live elements 0, 2, 4, ... (as R2). Otherwise halving: (0,4) (1,5)..., then (0,2) (1,3), then
// (0,1), live elements 0..size (as R1). A last step writes the result and changes nothing.
gt::Trace small_tree(bool interleaved, bool with_live = true) {
  gt::Trace t;
  t.buffers = {{0, "in", gt::ElementType::i32, {3}, gt::MemorySpace::global},
               {5, "s", gt::ElementType::i32, {8}, gt::MemorySpace::shared}};
  std::vector<double> v = {1, 2, 3, 4, 5, 6, 7, 8};
  gt::Step load;
  load.label = "PHASE 1: load";
  load.snapshots = {{5, v}};
  if (with_live) load.live = {{5, 0, 8, 1}};
  t.steps.push_back(load);
  for (int64_t half = 4, stride = 1; half >= 1; half /= 2, stride *= 2) {
    gt::Step s;
    s.label = "PHASE 2: level";
    gt::Combine c{5, {}, {}, {}};
    for (int64_t i = 0; i < half; ++i) {
      int64_t dst = interleaved ? 2 * stride * i : i;
      int64_t src = interleaved ? dst + stride : i + half;
      v[static_cast<std::size_t>(dst)] += v[static_cast<std::size_t>(src)];
      c.dst.push_back(dst);
      c.src.push_back(src);
      c.thread.push_back(i);
    }
    s.snapshots = {{5, v}};
    s.combines = {c};
    if (with_live) s.live = {{5, 0, half, interleaved ? 2 * stride : 1}};
    t.steps.push_back(s);
  }
  gt::Step write;
  write.label = "PHASE 3: write";
  write.snapshots = {{5, v}};
  t.steps.push_back(write);
  return t;
}

std::vector<int64_t> elements_by_rank(const TreeRow& row) {
  std::vector<int64_t> out;
  for (int i : row.by_rank) out.push_back(row.nodes[static_cast<std::size_t>(i)].element);
  return out;
}

}  // namespace

TEST(TreeLayout, OneRowPerLevelWithTheLeavesFirst) {
  const gt::Trace t = small_tree(false);
  const TreeLayout layout = build_tree_layout(t, 5);
  ASSERT_EQ(layout.rows.size(), 4u);
  EXPECT_EQ(layout.buffer_name, "s");
  EXPECT_EQ(layout.element_count, 8);
  EXPECT_EQ(layout.rows[0].nodes.size(), 8u);
  EXPECT_EQ(layout.rows[1].nodes.size(), 4u);
  EXPECT_EQ(layout.rows[2].nodes.size(), 2u);
  EXPECT_EQ(layout.rows[3].nodes.size(), 1u);
  EXPECT_EQ(layout.widest_row(), 8u);
  EXPECT_EQ(layout.row_of_step, (std::vector<int>{0, 1, 2, 3, 3}));
  EXPECT_EQ(layout.step_adds_row, (std::vector<bool>{true, true, true, true, false}));
  EXPECT_EQ(layout.rows[3].nodes[0].value, 36.0);
}

TEST(TreeLayout, NodesKnowTheirChildrenThreadAndValues) {
  const TreeLayout layout = build_tree_layout(small_tree(false), 5);
  const TreeRow& level1 = layout.rows[1];
  const TreeNode& n1 = level1.nodes[static_cast<std::size_t>(level1.find(1))];
  EXPECT_EQ(n1.element, 1);
  EXPECT_EQ(n1.src, 5);
  EXPECT_EQ(n1.thread, 1);
  EXPECT_EQ(n1.value, 2.0 + 6.0);
  EXPECT_TRUE(n1.combined());
  EXPECT_EQ(layout.rows[0].nodes[static_cast<std::size_t>(n1.dst_child)].element, 1);
  EXPECT_EQ(layout.rows[0].nodes[static_cast<std::size_t>(n1.src_child)].element, 5);
  EXPECT_EQ(layout.rows[1].combines, 4);
  EXPECT_FALSE(layout.rows[0].nodes[0].combined());
  EXPECT_EQ(level1.find(6), -1);
  EXPECT_EQ(level1.min_value, 6.0);
  EXPECT_EQ(level1.max_value, 12.0);
}

TEST(TreeLayout, MemoryOrderKeepsElementOrder) {
  const TreeLayout layout = build_tree_layout(small_tree(false), 5, Arrangement::memory);
  EXPECT_EQ(elements_by_rank(layout.rows[0]), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  const TreeRow& leaves = layout.rows[0];
  EXPECT_DOUBLE_EQ(leaves.x_of(leaves.nodes[0]), 0.5 / 8);
}

TEST(TreeLayout, TreeOrderPutsEveryParentBetweenItsChildren) {
  TreeLayout layout = build_tree_layout(small_tree(false), 5);
  arrange(layout, Arrangement::tree);
  EXPECT_EQ(elements_by_rank(layout.rows[3]), (std::vector<int64_t>{0}));
  EXPECT_EQ(elements_by_rank(layout.rows[2]), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(elements_by_rank(layout.rows[1]), (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_EQ(elements_by_rank(layout.rows[0]), (std::vector<int64_t>{0, 4, 2, 6, 1, 5, 3, 7}));
  for (std::size_t r = 1; r < layout.rows.size(); ++r) {
    const TreeRow& row = layout.rows[r];
    const TreeRow& above = layout.rows[r - 1];
    for (const TreeNode& n : row.nodes) {
      const double a = above.x_of(above.nodes[static_cast<std::size_t>(n.dst_child)]);
      const double b = above.x_of(above.nodes[static_cast<std::size_t>(n.src_child)]);
      EXPECT_NEAR(row.x_of(n), 0.5 * (a + b), 1e-12);
    }
  }
}

TEST(TreeLayout, InterleavedTreesNeedNoReordering) {
  const TreeLayout memory = build_tree_layout(small_tree(true), 5, Arrangement::memory);
  const TreeLayout tree = build_tree_layout(small_tree(true), 5, Arrangement::tree);
  ASSERT_EQ(memory.rows.size(), 4u);
  EXPECT_EQ(elements_by_rank(memory.rows[1]), (std::vector<int64_t>{0, 2, 4, 6}));
  EXPECT_EQ(elements_by_rank(memory.rows[2]), (std::vector<int64_t>{0, 4}));
  for (std::size_t r = 0; r < memory.rows.size(); ++r)
    EXPECT_EQ(elements_by_rank(memory.rows[r]), elements_by_rank(tree.rows[r]));
  EXPECT_EQ(memory.rows[3].nodes[0].value, 36.0);
}

TEST(TreeLayout, WithoutLiveRangesTheSourcesDropOut) {
  const TreeLayout layout = build_tree_layout(small_tree(true, false), 5);
  ASSERT_EQ(layout.rows.size(), 4u);
  EXPECT_EQ(layout.rows[0].nodes.size(), 8u);
  EXPECT_EQ(elements_by_rank(layout.rows[1]), (std::vector<int64_t>{0, 2, 4, 6}));
  EXPECT_EQ(elements_by_rank(layout.rows[3]), (std::vector<int64_t>{0}));
}

TEST(TreeLayout, LeavesAreInferredWhenTheFirstStepAlreadyCombines) {
  gt::Trace t = small_tree(false);
  t.steps.erase(t.steps.begin());
  const TreeLayout layout = build_tree_layout(t, 5);
  ASSERT_EQ(layout.rows.size(), 4u);
  EXPECT_EQ(layout.rows[0].nodes.size(), 8u);
  EXPECT_TRUE(std::isnan(layout.rows[0].nodes[0].value));
  EXPECT_EQ(layout.rows[0].shade(layout.rows[0].nodes[0].value), -1.0f);
  EXPECT_EQ(layout.row_of_step[0], 1);
}

TEST(TreeLayout, ShadesSpanTheRow) {
  const TreeLayout layout = build_tree_layout(small_tree(false), 5);
  const TreeRow& leaves = layout.rows[0];
  EXPECT_EQ(leaves.shade(1.0), 0.0f);
  EXPECT_EQ(leaves.shade(8.0), 1.0f);
  EXPECT_EQ(leaves.shade(100.0), 1.0f);
  EXPECT_EQ(layout.rows[3].shade(36.0), 0.5f);  // one value: the middle of the scale
}

TEST(TreeLayout, BuffersWithCombinesComeFirst) {
  gt::Trace t = small_tree(false);
  t.steps[0].live.push_back({0, 0, 3, 1});
  EXPECT_EQ(tree_buffers(t), (std::vector<int>{5, 0}));
  EXPECT_TRUE(tree_buffers(gt::Trace{}).empty());
}

TEST(TreeLayout, AnUnknownBufferGivesAnEmptyLayout) {
  const gt::Trace t = small_tree(false);
  const TreeLayout layout = build_tree_layout(t, 42);
  EXPECT_TRUE(layout.empty());
  EXPECT_EQ(layout.row_of_step.size(), t.steps.size());
}

TEST(TreeLayout, OutOfRangeCombinesAreIgnored) {
  gt::Trace t = small_tree(false);
  t.steps[1].combines[0].dst.push_back(99);
  t.steps[1].combines[0].src.push_back(-1);
  t.steps[1].combines[0].thread.push_back(7);
  const TreeLayout layout = build_tree_layout(t, 5);
  EXPECT_EQ(layout.rows[1].combines, 4);
}

TEST(TreeLayout, TheHalvingFixtureHasElevenRows) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
  EXPECT_TRUE(gt::validate(t).empty());
  const TreeLayout layout = build_tree_layout(t, tree_buffers(t).front());
  ASSERT_EQ(layout.rows.size(), 11u);
  EXPECT_EQ(layout.rows[0].nodes.size(), 1024u);
  EXPECT_EQ(layout.rows[10].nodes.size(), 1u);
  EXPECT_EQ(layout.rows[1].nodes[3].src, 3 + 512);
  EXPECT_EQ(layout.row_of_step.back(), 10);
  EXPECT_FALSE(layout.step_adds_row.back());
  double sum = 0;
  for (double v : t.steps[0].snapshots[0].values) sum += v;
  EXPECT_EQ(layout.rows[10].nodes[0].value, sum);
}
