// The input strip above a tree's leaves: which buffer it is, and which of its items each leaf
// holds, followed backwards through the recorded operations.
#include "model/input_row.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

constexpr int kIn = 0, kR = 1, kOut = 2, kAcc = 3;

gt::Operation operation(gt::Operator op, int dst, int a, int b) {
  gt::Operation o;
  o.op = op;
  o.dst_buffer = dst;
  o.a_buffer = a;
  o.b_buffer = b;
  return o;
}

void add(gt::Operation& o, int64_t dst, int64_t a, int64_t b, int64_t thread) {
  o.dst.push_back(dst);
  o.a.push_back(a);
  if (o.op != gt::Operator::copy) o.b.push_back(b);
  o.thread.push_back(thread);
}

enum class Load {
  strided,  // leaf i: in[i], in[i + 4], ... into acc[i], then r[i] = acc[i]
  direct,   // the same folds straight into r, no registers
  chunked,  // leaf i: in[3i], in[3i + 1], in[3i + 2] (the last leaf one value) through acc
  none,     // no load operations (a version 1 trace)
};

// Four leaves loaded from ten inputs, then one tree step.
gt::Trace loaded_tree(Load load = Load::strided) {
  gt::Trace t;
  t.buffers = {{kIn, "in", gt::ElementType::i32, {10}, gt::MemorySpace::global, -1},
               {kR, "r", gt::ElementType::i32, {4}, gt::MemorySpace::shared, -1},
               {kOut, "out", gt::ElementType::i32, {1}, gt::MemorySpace::global, -1},
               {kAcc, "acc", gt::ElementType::i32, {4}, gt::MemorySpace::registers, -1}};
  const std::vector<double> in = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3};
  const int into = load == Load::direct ? kR : kAcc;
  std::vector<std::vector<int64_t>> items(4);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t k = 0; k < 3; ++k) {
      const int64_t item = load == Load::chunked ? 3 * i + k : i + 4 * k;
      if (item < 10) items[static_cast<std::size_t>(i)].push_back(item);
    }
  gt::Step first;
  first.label = "PHASE 1: load";
  std::vector<double> r(4, 0.0);
  for (std::size_t k = 0; k < 3; ++k) {
    gt::Operation fold = operation(gt::Operator::add, into, into, kIn);
    for (std::size_t i = 0; i < 4; ++i) {
      if (k >= items[i].size()) continue;
      add(fold, static_cast<int64_t>(i), k == 0 ? -1 : static_cast<int64_t>(i), items[i][k],
          static_cast<int64_t>(i));
      r[i] += in[static_cast<std::size_t>(items[i][k])];
    }
    first.ops.push_back(fold);
  }
  if (into == kAcc) {
    gt::Operation copy = operation(gt::Operator::copy, kR, kAcc, -1);
    for (int64_t i = 0; i < 4; ++i) add(copy, i, i, -1, i);
    first.ops.push_back(copy);
  }
  if (load == Load::none) first.ops.clear();
  first.snapshots = {{kOut, {}, {0}}, {kIn, {}, in}, {kR, {}, r}};
  first.live = {{kR, 0, 4, 1}};
  t.steps.push_back(first);
  gt::Step tree;
  tree.label = "PHASE 2: tree";
  gt::Operation o = operation(gt::Operator::add, kR, kR, kR);
  add(o, 0, 0, 2, 0);
  add(o, 1, 1, 3, 1);
  tree.ops = {o};
  tree.snapshots = {{kR, {}, {r[0] + r[2], r[1] + r[3], r[2], r[3]}}};
  tree.live = {{kR, 0, 2, 1}};
  t.steps.push_back(tree);
  return t;
}

InputRow input_of(const gt::Trace& t) { return find_input_row(t, build_tree_layout(t, kR)); }

}  // namespace

TEST(InputRow, IsTheBufferTheLeavesWereFoldedFrom) {
  const InputRow input = input_of(loaded_tree());
  ASSERT_FALSE(input.empty());
  EXPECT_EQ(input.buffer, kIn);
  EXPECT_EQ(input.name, "in");
  EXPECT_EQ(input.via, "acc");
  EXPECT_EQ(input.step, 0);
  EXPECT_EQ(input.size(), 10);
  EXPECT_TRUE(input.recorded());
  EXPECT_EQ(input.range.min, -6.0);
  EXPECT_EQ(input.range.max, 9.0);
  EXPECT_EQ(input.shade(-6.0), 0.0f);
  EXPECT_EQ(input.shade(9.0), 1.0f);
}

TEST(InputRow, OperationsTellWhichItemsEachLeafFolded) {
  const InputRow input = input_of(loaded_tree());
  ASSERT_TRUE(input.linked());
  EXPECT_EQ(input.folded_by(1), (std::vector<int64_t>{1, 5, 9}));
  EXPECT_EQ(input.folded_by(3), (std::vector<int64_t>{3, 7}));
  EXPECT_TRUE(input.folded_by(4).empty());
  EXPECT_EQ(input.leaf_of(6), 2);
  EXPECT_EQ(input.leaf_of(10), -1);
  EXPECT_EQ(input.describe_fold(1), "in[1], in[5], in[9]");
  EXPECT_EQ(input.describe_fold(7), "");
  EXPECT_EQ(input.pattern("r"), "r[i] folded in[i], in[i + 4], \xE2\x80\xA6 through acc");
}

TEST(InputRow, FoldsStraightIntoTheTreeNeedNoRegisters) {
  const InputRow input = input_of(loaded_tree(Load::direct));
  EXPECT_EQ(input.name, "in");
  EXPECT_EQ(input.via, "");
  EXPECT_EQ(input.folded_by(2), (std::vector<int64_t>{2, 6}));
  EXPECT_EQ(input.pattern("r"), "r[i] folded in[i], in[i + 4], \xE2\x80\xA6");
}

TEST(InputRow, AnyLoadPatternIsFollowed) {
  const InputRow input = input_of(loaded_tree(Load::chunked));
  EXPECT_EQ(input.folded_by(0), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(input.folded_by(3), (std::vector<int64_t>{9}));
  EXPECT_EQ(input.leaf_of(4), 1);
  EXPECT_EQ(input.pattern("r"),
            "each leaf folded 1\xE2\x80\x93"
            "3 values of in through acc");
}

TEST(InputRow, AnIdentityOperandStartsTheFoldAfresh) {
  gt::Trace t = loaded_tree();
  // acc is reused: a second pass folds in[0] and in[1] into acc[0] from the identity again.
  gt::Operation again = operation(gt::Operator::add, kAcc, kAcc, kIn);
  add(again, 0, -1, 1, 0);
  add(again, 0, 0, 0, 0);
  std::vector<gt::Operation>& ops = t.steps[0].ops;
  ops.insert(ops.end() - 1, again);
  EXPECT_EQ(input_of(t).folded_by(0), (std::vector<int64_t>{1, 0}));
}

TEST(InputRow, AnIntermediateReadBeforeItIsWrittenAddsNothing) {
  gt::Trace t = loaded_tree();
  for (gt::Operation& o : t.steps[0].ops)
    std::replace(o.a.begin(), o.a.end(), int64_t(-1),
                 int64_t(0));  // acc[i] = acc[i] + in[...] from the start
  t.steps[0].ops[0].a = {0, 1, 2, 3};
  EXPECT_EQ(input_of(t).folded_by(1), (std::vector<int64_t>{1, 5, 9}));
}

TEST(InputRow, WithoutOperationsTheStripHasNoLinks) {
  const InputRow input = input_of(loaded_tree(Load::none));
  EXPECT_FALSE(input.empty());
  EXPECT_EQ(input.name, "in");
  EXPECT_TRUE(input.recorded());
  EXPECT_FALSE(input.linked());
  EXPECT_TRUE(input.folded_by(1).empty());
  EXPECT_EQ(input.leaf_of(6), -1);
  EXPECT_EQ(input.describe_fold(1), "");
  EXPECT_EQ(input.pattern("r"), "");
}

TEST(InputRow, WithoutOperationsItNeedsAGlobalBufferLargerThanTheLeafRow) {
  gt::Trace t = loaded_tree(Load::none);
  t.buffers[0].space = gt::MemorySpace::shared;
  EXPECT_TRUE(input_of(t).empty());
  t = loaded_tree(Load::none);
  t.buffers[0].shape = {4};
  t.steps[0].snapshots[1].values.resize(4);
  EXPECT_TRUE(input_of(t).empty());
}

TEST(InputRow, WithoutOperationsItMustBeSnapshottedInTheTreesFirstStep) {
  gt::Trace t = loaded_tree(Load::none);
  t.steps[1].snapshots.push_back(t.steps[0].snapshots[1]);
  t.steps[0].snapshots.erase(t.steps[0].snapshots.begin() + 1);
  EXPECT_TRUE(input_of(t).empty());
  EXPECT_TRUE(find_input_row(t, TreeLayout{}).empty());
}

TEST(InputRow, AnUnrecordedInputKeepsItsLinksAndSaysWhy) {
  gt::Trace t = loaded_tree();
  t.steps[0].snapshots.erase(t.steps[0].snapshots.begin() + 1);
  t.notices = {"12 events dropped", "The input (`in`, 10 values) is not recorded: it is too large."};
  InputRow input = input_of(t);
  EXPECT_FALSE(input.empty());
  EXPECT_FALSE(input.recorded());
  EXPECT_EQ(input.size(), 10);
  EXPECT_TRUE(input.linked());
  EXPECT_EQ(input.folded_by(1), (std::vector<int64_t>{1, 5, 9}));
  EXPECT_EQ(input.missing, t.notices[1]);
  t.notices = {"12 events dropped"};
  EXPECT_EQ(input_of(t).missing, "values not recorded in this trace");
}

TEST(InputRow, ANoticeAboutTheInputIsShownEvenWithoutOperations) {
  gt::Trace t = loaded_tree(Load::none);
  t.steps[0].snapshots.erase(t.steps[0].snapshots.begin() + 1);
  EXPECT_TRUE(input_of(t).empty());
  t.notices = {"The input is not recorded: 2^24 values."};
  const InputRow input = input_of(t);
  EXPECT_FALSE(input.empty());
  EXPECT_EQ(input.name, "input");
  EXPECT_EQ(input.size(), 0);
  EXPECT_EQ(input.missing, t.notices[0]);
}

TEST(InputRow, TheHalvingFixtureConnectsEveryLeaf) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
  const InputRow input = find_input_row(t, build_tree_layout(t, tree_buffers(t).front()));
  EXPECT_EQ(input.name, "in");
  EXPECT_EQ(input.via, "acc");
  EXPECT_EQ(input.size(), 10000);
  EXPECT_EQ(input.folded_by(0).size(), 10u);
  EXPECT_EQ(input.folded_by(1023).size(), 9u);
  EXPECT_EQ(input.leaf_of(9221), 5);
  EXPECT_EQ(input.describe_fold(5), "in[5], in[1029], in[2053], \xE2\x80\xA6, in[9221] (10 values)");
  EXPECT_EQ(input.pattern("r"), "r[i] folded in[i], in[i + 1024], \xE2\x80\xA6 through acc");
}
