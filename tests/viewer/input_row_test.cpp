// The input strip above a tree's leaves: which buffer it is and which elements each leaf folded.
#include "model/input_row.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

enum class Load { strided, first_block_only, min };

// Four leaves loaded from ten inputs, then one combine step. `Load::strided`: leaf i sums in[i],
// in[i + 4], ...; `first_block_only`: leaf i holds in[i] alone; `min`: leaf i is their minimum.
gt::Trace loaded_tree(Load load = Load::strided) {
  gt::Trace t;
  t.parameters = {{"n", 10}, {"block", 4}, {"grid", 1}};
  t.buffers = {{0, "in", gt::ElementType::i32, {10}, gt::MemorySpace::global},
               {1, "r", gt::ElementType::i32, {4}, gt::MemorySpace::shared},
               {2, "out", gt::ElementType::i32, {1}, gt::MemorySpace::global}};
  const std::vector<double> in = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3};
  std::vector<double> r(4);
  for (std::size_t i = 0; i < 4; ++i) {
    r[i] = in[i];
    for (std::size_t k = i + 4; k < in.size() && load != Load::first_block_only; k += 4)
      r[i] = load == Load::min ? std::min(r[i], in[k]) : r[i] + in[k];
  }
  gt::Step first;
  first.label = "PHASE 1: load";
  first.snapshots = {{2, {0}}, {0, in}, {1, r}};
  first.live = {{1, 0, 4, 1}};
  t.steps.push_back(first);
  gt::Step tree;
  tree.label = "PHASE 2: tree";
  tree.combines = {{1, {0, 1}, {2, 3}, {0, 1}}};
  tree.snapshots = {{1, {r[0] + r[2], r[1] + r[3], r[2], r[3]}}};
  tree.live = {{1, 0, 2, 1}};
  t.steps.push_back(tree);
  return t;
}

InputRow input_of(const gt::Trace& t) { return find_input_row(t, build_tree_layout(t, 1)); }

}  // namespace

TEST(InputRow, IsTheLargerGlobalBufferOfTheFirstStep) {
  const InputRow input = input_of(loaded_tree());
  ASSERT_FALSE(input.empty());
  EXPECT_EQ(input.buffer, 0);
  EXPECT_EQ(input.name, "in");
  EXPECT_EQ(input.step, 0);
  EXPECT_EQ(input.size(), 10);
  EXPECT_EQ(input.range.min, -6.0);
  EXPECT_EQ(input.range.max, 9.0);
  EXPECT_EQ(input.shade(-6.0), 0.0f);
  EXPECT_EQ(input.shade(9.0), 1.0f);
}

TEST(InputRow, AStridedLoadTellsWhichElementsEachLeafFolded) {
  const InputRow input = input_of(loaded_tree());
  EXPECT_EQ(input.fold_stride, 4);
  EXPECT_EQ(input.folded_by(1), (std::vector<int64_t>{1, 5, 9}));
  EXPECT_EQ(input.folded_by(3), (std::vector<int64_t>{3, 7}));
  EXPECT_TRUE(input.folded_by(4).empty());
  EXPECT_EQ(input.leaf_of(6), 2);
  EXPECT_EQ(input.leaf_of(10), -1);
  EXPECT_EQ(input.describe_fold(1), "in[1], in[5], in[9]");
  EXPECT_EQ(input.describe_fold(7), "");
}

TEST(InputRow, OtherOperatorsAreRecognised) { EXPECT_EQ(input_of(loaded_tree(Load::min)).fold_stride, 4); }

TEST(InputRow, LeavesThatDisagreeWithTheInputGetNoConnection) {
  const InputRow input = input_of(loaded_tree(Load::first_block_only));
  EXPECT_FALSE(input.empty());
  EXPECT_EQ(input.fold_stride, 0);
  EXPECT_TRUE(input.folded_by(1).empty());
  EXPECT_EQ(input.leaf_of(6), -1);
  EXPECT_EQ(input.describe_fold(1), "");
}

TEST(InputRow, WithoutTheParametersThereIsNoConnection) {
  gt::Trace t = loaded_tree();
  t.parameters.erase("block");
  EXPECT_EQ(input_of(t).fold_stride, 0);
  t = loaded_tree();
  t.parameters["block"] = 8;
  EXPECT_EQ(input_of(t).fold_stride, 0);
  t = loaded_tree();
  t.parameters["grid"] = 2;
  EXPECT_EQ(input_of(t).fold_stride, 0);
  t = loaded_tree();
  t.parameters.erase("grid");
  EXPECT_EQ(input_of(t).fold_stride, 4);
}

TEST(InputRow, LeavesOfAnotherStrideGetNoConnection) {
  gt::Trace t = loaded_tree();
  t.buffers[1].shape = {8};
  for (gt::Step& s : t.steps)
    for (gt::Snapshot& snap : s.snapshots)
      if (snap.buffer == 1) snap.values.resize(8, 0.0);
  t.steps[0].live = {{1, 0, 4, 2}};
  t.steps[0].snapshots[2].values = {5, 0, 4, 0, -2, 0, -6, 0};
  const InputRow input = input_of(t);
  EXPECT_FALSE(input.empty());
  EXPECT_EQ(input.fold_stride, 0);
}

TEST(InputRow, NeedsAGlobalBufferLargerThanTheLeafRow) {
  gt::Trace t = loaded_tree();
  t.buffers[0].space = gt::MemorySpace::shared;
  EXPECT_TRUE(input_of(t).empty());
  t = loaded_tree();
  t.buffers[0].shape = {4};
  t.steps[0].snapshots[1].values.resize(4);
  EXPECT_TRUE(input_of(t).empty());
}

TEST(InputRow, MustBeSnapshottedInTheTreesFirstStep) {
  gt::Trace t = loaded_tree();
  t.steps[1].snapshots.push_back(t.steps[0].snapshots[1]);
  t.steps[0].snapshots.erase(t.steps[0].snapshots.begin() + 1);
  EXPECT_TRUE(input_of(t).empty());
  EXPECT_TRUE(find_input_row(t, TreeLayout{}).empty());
}

TEST(InputRow, IntegerSumsWrapAsTheKernelsDo) {
  gt::Trace t = loaded_tree();
  std::vector<double>& in = t.steps[0].snapshots[1].values;
  std::vector<double>& r = t.steps[0].snapshots[2].values;
  in[0] = 2147483647;
  in[4] = 2;
  r[0] = -2147483647.0 + in[8];
  EXPECT_EQ(input_of(t).fold_stride, 4);
}

TEST(InputRow, TheHalvingFixtureConnectsEveryLeaf) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
  const InputRow input = find_input_row(t, build_tree_layout(t, tree_buffers(t).front()));
  EXPECT_EQ(input.name, "in");
  EXPECT_EQ(input.size(), 10000);
  EXPECT_EQ(input.fold_stride, 1024);
  EXPECT_EQ(input.folded_by(0).size(), 10u);
  EXPECT_EQ(input.folded_by(1023).size(), 9u);
  EXPECT_EQ(input.describe_fold(5), "in[5], in[1029], in[2053], \xE2\x80\xA6, in[9221] (10 values)");
}
