// Reduction trees derived from hand-built traces.
#include "model/tree_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Operation tree_op(gt::Operator op, int buffer) {
  gt::Operation o;
  o.op = op;
  o.dst_buffer = o.a_buffer = o.b_buffer = buffer;
  return o;
}

void add(gt::Operation& o, int64_t dst, int64_t a, int64_t b, int64_t thread) {
  o.dst.push_back(dst);
  o.a.push_back(a);
  o.b.push_back(b);
  o.thread.push_back(thread);
}

// Eight values, four threads. `interleaved`: pairs (0,1) (2,3)..., then (0,2) (4,6), then (0,4),
// live elements 0, 2, 4, ... (as R2). Otherwise halving: (0,4) (1,5)..., then (0,2) (1,3), then
// (0,1), live elements 0..size (as R1). Every operation is s[dst] = s[dst] + s[src]. A last step
// writes the result and changes nothing.
gt::Trace small_tree(bool interleaved, bool with_live = true) {
  gt::Trace t;
  t.buffers = {{0, "in", gt::ElementType::i32, {3}, gt::MemorySpace::global, -1},
               {5, "s", gt::ElementType::i32, {8}, gt::MemorySpace::shared, -1}};
  std::vector<double> v = {1, 2, 3, 4, 5, 6, 7, 8};
  gt::Step load;
  load.label = "PHASE 1: load";
  load.snapshots = {{5, {}, v}};
  if (with_live) load.live = {{5, 0, 8, 1}};
  t.steps.push_back(load);
  for (int64_t half = 4, stride = 1; half >= 1; half /= 2, stride *= 2) {
    gt::Step s;
    s.label = "PHASE 2: level";
    gt::Operation o = tree_op(gt::Operator::add, 5);
    for (int64_t i = 0; i < half; ++i) {
      int64_t dst = interleaved ? 2 * stride * i : i;
      int64_t src = interleaved ? dst + stride : i + half;
      v[static_cast<std::size_t>(dst)] += v[static_cast<std::size_t>(src)];
      add(o, dst, dst, src, i);
    }
    s.snapshots = {{5, {}, v}};
    s.ops = {o};
    if (with_live) s.live = {{5, 0, half, interleaved ? 2 * stride : 1}};
    t.steps.push_back(s);
  }
  gt::Step write;
  write.label = "PHASE 3: write";
  write.snapshots = {{5, {}, v}};
  t.steps.push_back(write);
  return t;
}

// An order-preserving compress over eight values: s[i] = s[2i] op s[2i + 1] for i < half, no
// live ranges, the operator a non-commutative one would need (here max, with a named operator).
gt::Trace compress_tree() {
  gt::Trace t;
  t.buffers = {{1, "s", gt::ElementType::i32, {8}, gt::MemorySpace::shared, -1}};
  std::vector<double> v = {4, 9, 1, 7, 3, 3, 8, 2};
  gt::Step load;
  load.label = "PHASE 1: load";
  load.snapshots = {{1, {}, v}};
  t.steps.push_back(load);
  for (int64_t half = 4; half >= 1; half /= 2) {
    gt::Step s;
    s.label = "PHASE 2: compress";
    gt::Operation o = tree_op(gt::Operator::max, 1);
    std::vector<double> next = v;
    for (int64_t i = 0; i < half; ++i) {
      next[static_cast<std::size_t>(i)] =
          std::max(v[static_cast<std::size_t>(2 * i)], v[static_cast<std::size_t>(2 * i + 1)]);
      add(o, i, 2 * i, 2 * i + 1, i);
    }
    v = next;
    s.snapshots = {{1, {}, v}};
    s.ops = {o};
    s.live = {{1, 0, half, 1}};
    t.steps.push_back(s);
  }
  return t;
}

std::vector<int64_t> elements_by_rank(const TreeRow& row) {
  std::vector<int64_t> out;
  for (int i : row.by_rank) out.push_back(row.nodes[static_cast<std::size_t>(i)].element);
  return out;
}

const TreeNode& node_of(const TreeRow& row, int64_t element) {
  return row.nodes[static_cast<std::size_t>(row.find(element))];
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
  EXPECT_TRUE(layout.in_place);
}

TEST(TreeLayout, NodesKnowBothOperandsTheirThreadAndValues) {
  const TreeLayout layout = build_tree_layout(small_tree(false), 5);
  const TreeRow& level1 = layout.rows[1];
  const TreeNode& n1 = node_of(level1, 1);
  EXPECT_EQ(n1.element, 1);
  EXPECT_EQ(n1.a, 1);
  EXPECT_EQ(n1.b, 5);
  EXPECT_EQ(n1.op, gt::Operator::add);
  EXPECT_EQ(n1.thread, 1);
  EXPECT_EQ(n1.value, 2.0 + 6.0);
  EXPECT_TRUE(n1.combined());
  EXPECT_EQ(layout.rows[0].nodes[static_cast<std::size_t>(n1.a_child)].element, 1);
  EXPECT_EQ(layout.rows[0].nodes[static_cast<std::size_t>(n1.b_child)].element, 5);
  EXPECT_EQ(layout.rows[1].combines, 4);
  EXPECT_FALSE(layout.rows[0].nodes[0].combined());
  EXPECT_EQ(level1.find(6), -1);
  EXPECT_EQ(level1.min_value, 6.0);
  EXPECT_EQ(level1.max_value, 12.0);
}

TEST(TreeLayout, OrderPreservingTreesKeepTheirOperandsInOrder) {
  TreeLayout layout = build_tree_layout(compress_tree(), 1);
  ASSERT_EQ(layout.rows.size(), 4u);
  EXPECT_FALSE(layout.in_place);
  const TreeRow& leaves = layout.rows[0];
  const TreeNode& n1 = node_of(layout.rows[1], 1);  // s[1] = max(s[2], s[3])
  EXPECT_EQ(n1.a, 2);
  EXPECT_EQ(n1.b, 3);
  EXPECT_EQ(leaves.nodes[static_cast<std::size_t>(n1.a_child)].element, 2);
  EXPECT_EQ(leaves.nodes[static_cast<std::size_t>(n1.b_child)].element, 3);
  EXPECT_EQ(n1.value, 7.0);
  EXPECT_EQ(layout.rows[3].nodes[0].value, 9.0);
  // In tree order the a child of every node lies left of its b child, and the parent between.
  arrange(layout, Arrangement::tree);
  EXPECT_EQ(elements_by_rank(layout.rows[0]), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  for (std::size_t r = 1; r < layout.rows.size(); ++r) {
    const TreeRow& row = layout.rows[r];
    const TreeRow& above = layout.rows[r - 1];
    for (const TreeNode& n : row.nodes) {
      const TreeNode& a = above.nodes[static_cast<std::size_t>(n.a_child)];
      const TreeNode& b = above.nodes[static_cast<std::size_t>(n.b_child)];
      EXPECT_LT(a.rank, b.rank);
      EXPECT_NEAR(row.x_of(n), 0.5 * (above.x_of(a) + above.x_of(b)), 1e-12);
    }
  }
}

TEST(TreeLayout, WithoutLiveRangesReadOperandsDropOutAndResultsStay) {
  gt::Trace t = compress_tree();
  for (gt::Step& s : t.steps) s.live.clear();
  const TreeLayout layout = build_tree_layout(t, 1);
  ASSERT_EQ(layout.rows.size(), 4u);
  EXPECT_EQ(elements_by_rank(layout.rows[1]), (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(elements_by_rank(layout.rows[2]), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(elements_by_rank(layout.rows[3]), (std::vector<int64_t>{0}));
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
      const double a = above.x_of(above.nodes[static_cast<std::size_t>(n.a_child)]);
      const double b = above.x_of(above.nodes[static_cast<std::size_t>(n.b_child)]);
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

TEST(TreeLayout, BuffersWithTreeOperationsComeFirst) {
  gt::Trace t = small_tree(false);
  t.steps[0].live.push_back({0, 0, 3, 1});
  EXPECT_EQ(tree_buffers(t), (std::vector<int>{5, 0}));
  EXPECT_TRUE(tree_buffers(gt::Trace{}).empty());
}

TEST(TreeLayout, OperationsAcrossBuffersAreNotTreeSteps) {
  gt::Trace t = small_tree(false);
  gt::Operation copy;
  copy.op = gt::Operator::copy;
  copy.dst_buffer = 5;
  copy.a_buffer = 0;
  copy.b_buffer = -1;
  copy.dst = {0};
  copy.a = {0};
  copy.thread = {0};
  gt::Operation fold = tree_op(gt::Operator::add, 5);
  fold.b_buffer = 0;
  add(fold, 1, 1, 2, 1);
  t.steps[0].ops = {fold, copy};
  EXPECT_FALSE(is_tree_op(copy));
  EXPECT_FALSE(is_tree_op(fold));
  EXPECT_TRUE(is_tree_op(t.steps[1].ops[0]));
  const TreeLayout layout = build_tree_layout(t, 5);
  EXPECT_EQ(layout.rows.size(), 4u);
  EXPECT_EQ(layout.rows[0].combines, 0);
  EXPECT_EQ(tree_buffers(t), (std::vector<int>{5}));
}

TEST(TreeLayout, AnUnknownBufferGivesAnEmptyLayout) {
  const gt::Trace t = small_tree(false);
  const TreeLayout layout = build_tree_layout(t, 42);
  EXPECT_TRUE(layout.empty());
  EXPECT_EQ(layout.row_of_step.size(), t.steps.size());
}

TEST(TreeLayout, OutOfRangeOperandsAreIgnored) {
  gt::Trace t = small_tree(false);
  add(t.steps[1].ops[0], 99, 99, 0, 7);
  add(t.steps[1].ops[0], 6, 6, 12, 6);
  const TreeLayout layout = build_tree_layout(t, 5);
  EXPECT_EQ(layout.rows[1].combines, 4);
}

TEST(TreeLayout, DescribesWhatARowCombined) {
  const TreeLayout halving = build_tree_layout(small_tree(false), 5);
  EXPECT_EQ(describe_combines(halving, 1), "4 pairs combined: s[i] = s[i] + s[i + 4]");
  EXPECT_EQ(describe_combines(halving, 3), "1 pair combined: s[i] = s[i] + s[i + 1]");
  EXPECT_EQ(describe_combines(halving, 0), "");
  EXPECT_EQ(describe_combines(build_tree_layout(compress_tree(), 1), 1),
            "4 pairs combined: s[i] = max(s[2i], s[2i + 1])");
  gt::Trace scattered = small_tree(false);
  scattered.steps[1].ops[0].b = {4, 7, 6, 5};
  EXPECT_EQ(describe_combines(build_tree_layout(scattered, 5), 1), "4 pairs combined");
}

TEST(TreeLayout, TheHalvingFixtureHasElevenRows) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(1024, 10000, 7);
  EXPECT_TRUE(gt::validate(t).empty());
  const TreeLayout layout = build_tree_layout(t, tree_buffers(t).front());
  ASSERT_EQ(layout.rows.size(), 11u);
  EXPECT_EQ(layout.buffer_name, "r");
  EXPECT_EQ(layout.rows[0].nodes.size(), 1024u);
  EXPECT_EQ(layout.rows[10].nodes.size(), 1u);
  EXPECT_EQ(layout.rows[1].nodes[3].b, 3 + 512);
  EXPECT_EQ(layout.row_of_step.back(), 10);
  EXPECT_FALSE(layout.step_adds_row.back());
  double sum = 0;
  for (double v : t.steps[0].snapshots[0].values) sum += v;
  EXPECT_EQ(layout.rows[10].nodes[0].value, sum);
}

TEST(FixtureTrace, IsTrueToItsOperationsAndClock) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(256, 3000, 11);
  EXPECT_TRUE(gt::validate(t).empty());
  const std::vector<std::string> problems = gt::check_truth(t);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const gt::Trace back = gt::from_json(gt::to_json(t));
  EXPECT_EQ(back.version_read, gt::kFormatVersion);
  EXPECT_EQ(back.clock.resolution_ns, 1);
}

TEST(TreeLayout, FollowingAThreadFindsTheNodeItMadeInEachRow) {
  // R1's classroom trace: 32 threads halve r[0..31]; thread 5 adds r[5 + size] into r[5] while
  // size > 5, so at size 16 and 8 and not at 4, 2 or 1.
  const gt::Trace t =
      gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                    "/reduction/reduce-single-block/recorded/reduce-single-block.classroom.json");
  const TreeLayout layout = build_tree_layout(t, tree_buffers(t).front());
  const std::vector<int> path = thread_path(layout, 5);
  ASSERT_EQ(path.size(), layout.rows.size());
  int made = 0;
  for (std::size_t r = 0; r < path.size(); ++r) {
    if (path[r] < 0) continue;
    const TreeNode& node = layout.rows[r].nodes[static_cast<std::size_t>(path[r])];
    EXPECT_TRUE(node.made);
    EXPECT_EQ(node.thread, 5);
    EXPECT_EQ(node.element, 5);
    ++made;
  }
  EXPECT_EQ(made, 2);
  // Thread 0 works at every level; a thread no operation names, nowhere.
  const std::vector<int> first = thread_path(layout, 0);
  EXPECT_EQ(std::count_if(first.begin(), first.end(), [](int k) { return k >= 0; }), 5);
  // F steps through the threads of a row: level 2 (size 8) is threads 0..7, then none.
  EXPECT_EQ(next_thread_in_row(layout, 2, -1), 0);
  EXPECT_EQ(next_thread_in_row(layout, 2, 5), 6);
  EXPECT_EQ(next_thread_in_row(layout, 2, 7), -1);
  EXPECT_EQ(next_thread_in_row(layout, 2, -1, true), 7);
  EXPECT_EQ(next_thread_in_row(layout, 2, 0, true), -1);
  EXPECT_EQ(next_thread_in_row(layout, 0, -1), -1);  // the leaves: no thread made them
  const std::vector<int> none = thread_path(layout, 999);
  EXPECT_TRUE(std::all_of(none.begin(), none.end(), [](int k) { return k < 0; }));
}
