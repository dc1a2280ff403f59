// The blocks view's model on the recorded multi-block reductions: which block's tree goes where,
// the merge over the partials, the kernel boundary and the block that merged.
#include "model/block_trees.hpp"

#include <gtest/gtest.h>

#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {
namespace {

trace::Trace recorded(const std::string& lesson, const std::string& name) {
  return trace::read_file(std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/reduction/" + lesson + "/recorded/" +
                          name);
}

TEST(BlockTrees, TwoKernelsGiveEightBlockTreesThenAMergeAcrossTheKernelBoundary) {
  const trace::Trace t = recorded("reduce-two-kernels", "reduce-two-kernels.json");
  const BlockTrees trees = build_block_trees(t);
  ASSERT_EQ(trees.stages.size(), 9u);
  EXPECT_EQ(trees.block_trees(), 8);
  EXPECT_TRUE(trees.kernel_boundary);
  EXPECT_EQ(trees.merger, -1);
  for (int b = 0; b < 8; ++b) {
    const TreeStage& s = trees.stages[static_cast<std::size_t>(b)];
    EXPECT_FALSE(s.merge);
    EXPECT_EQ(s.block, b);
    EXPECT_EQ(s.launch, 0);
    EXPECT_EQ(s.begin, 128 * b);  // block b's segment of r
    EXPECT_EQ(s.end, 128 * (b + 1));
    EXPECT_EQ(s.layout.rows.front().nodes.size(), 128u);
    EXPECT_EQ(s.layout.rows.back().nodes.size(), 1u);
    EXPECT_EQ(s.partial, b);  // its root went to out[b]
  }
  const TreeStage& merge = trees.stages.back();
  EXPECT_TRUE(merge.merge);
  EXPECT_EQ(merge.launch, 1);
  EXPECT_EQ(trees.partial_count, 8);
  ASSERT_EQ(merge.leaf_partial.size(), 128u);
  for (int k = 0; k < 8; ++k) EXPECT_EQ(merge.leaf_partial[static_cast<std::size_t>(k)], k);
  EXPECT_EQ(merge.leaf_partial[8], -1);  // the identity beyond the partials
}

TEST(BlockTrees, LastBlockMergesInItsOwnSegment) {
  const trace::Trace t = recorded("reduce-last-block", "reduce-last-block.json");
  const BlockTrees trees = build_block_trees(t);
  ASSERT_EQ(trees.stages.size(), 9u);
  EXPECT_FALSE(trees.kernel_boundary);
  EXPECT_EQ(std::to_string(trees.merger), t.facts.at("merger"));
  const TreeStage& merge = trees.stages.back();
  EXPECT_TRUE(merge.merge);
  EXPECT_EQ(merge.block, trees.merger);
  EXPECT_EQ(merge.begin, 128 * trees.merger);
  ASSERT_FALSE(merge.leaf_partial.empty());
  EXPECT_EQ(merge.leaf_partial.front(), 0);
  EXPECT_EQ(trees.stage_of_step(merge.first_step), 8);
  EXPECT_EQ(merge.row_at(merge.first_step - 1), -1);
  EXPECT_EQ(merge.row_at(merge.last_step), static_cast<int>(merge.layout.rows.size()) - 1);
}

TEST(BlockTrees, NonCommutativeBlocksPairNeighbours) {
  const trace::Trace t =
      recorded("reduce-multi-block-noncommutative", "reduce-multi-block-noncommutative.json");
  const BlockTrees trees = build_block_trees(t);
  ASSERT_EQ(trees.block_trees(), 4);
  EXPECT_EQ(std::to_string(trees.merger), t.facts.at("merger"));
  // The first tree level of block 1 pairs its first item with its neighbour.
  const TreeStage& b1 = trees.stages[1];
  int levels = 0;
  for (const TreeRow& row : b1.layout.rows) {
    const int k = row.find(b1.begin);
    if (k < 0 || !row.nodes[static_cast<std::size_t>(k)].made || row.nodes[static_cast<std::size_t>(k)].a < 0)
      continue;
    const TreeNode& n = row.nodes[static_cast<std::size_t>(k)];
    if (levels++ == 0) {
      EXPECT_EQ(n.b, n.a + 1);
    }
  }
  EXPECT_EQ(levels, 6);  // 64 pairs down to one
}

TEST(BlockTrees, OneBlockTracesHaveNone) {
  EXPECT_FALSE(has_block_trees(recorded("reduce-single-block", "reduce-single-block.json")));
  EXPECT_FALSE(has_block_trees(recorded("reduce-warp-shuffle", "reduce-warp-shuffle.json")));
  EXPECT_TRUE(has_block_trees(recorded("reduce-two-kernels", "reduce-two-kernels.json")));
}

}  // namespace
}  // namespace gridlock::viewer
