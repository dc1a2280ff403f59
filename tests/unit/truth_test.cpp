// check_truth(): barriers, slices and the replay of operations against snapshots, on small traces
// built here, each once as the run must be and once as it must not be.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

const std::string kSource = "// PHASE 1: work\nwork();\n";

tr::Track track(int id, tr::TrackKind kind, int parent, int block, int warp) {
  tr::Track t;
  t.id = id;
  t.kind = kind;
  t.name = std::string(tr::to_string(kind)) + " " + std::to_string(id);
  t.parent = parent;
  t.block = block;
  t.warp = warp;
  return t;
}

// A model-produced trace with block 0 (track 0, warps on tracks 1 and 2) and block 1 (track 3,
// one warp on track 4), and the given buffers; no steps yet.
tr::Trace trace_with(std::vector<tr::Buffer> buffers) {
  tr::Trace t;
  t.lesson_id = "truth";
  t.producer.kind = tr::ProducerKind::model;
  t.producer.model = "built by truth_test";
  t.sources = {{"truth.cu", kSource, tr::source_hash(kSource)}};
  t.buffers = std::move(buffers);
  t.tracks = {track(0, tr::TrackKind::block, -1, 0, -1), track(1, tr::TrackKind::warp, 0, 0, 0),
              track(2, tr::TrackKind::warp, 0, 0, 1), track(3, tr::TrackKind::block, -1, 1, -1),
              track(4, tr::TrackKind::warp, 3, 1, 0)};
  return t;
}

tr::Buffer buffer(int id, const std::string& name, tr::ElementType type, std::vector<int64_t> shape) {
  tr::Buffer b;
  b.id = id;
  b.name = name;
  b.type = type;
  b.shape = std::move(shape);
  return b;
}

tr::Step step() {
  tr::Step s;
  s.label = "PHASE 1: work";
  s.line_begin = 1;
  s.line_end = 2;
  return s;
}

tr::Event event(int track, tr::EventKind kind, int64_t t_ns, const std::string& name, tr::Category category) {
  return tr::make_event(track, kind, t_ns, name, category);
}

void add_slice(tr::Step& s, int track, const std::string& name, int64_t begin, int64_t end,
               tr::Category category = tr::Category::work) {
  s.events.push_back(event(track, tr::EventKind::slice_begin, begin, name, category));
  s.events.push_back(event(track, tr::EventKind::slice_end, end, name, category));
}

void add_barrier(tr::Step& s, int track, int64_t arrive, int64_t leave) {
  add_slice(s, track, "wait at __syncthreads", arrive, leave, tr::Category::barrier);
}

tr::Operation operation(tr::Operator op, int dst_buffer, int a_buffer, int b_buffer, std::vector<int64_t> dst,
                        std::vector<int64_t> a, std::vector<int64_t> b) {
  tr::Operation o;
  o.op = op;
  o.dst_buffer = dst_buffer;
  o.a_buffer = a_buffer;
  o.b_buffer = b_buffer;
  o.thread.assign(dst.size(), 0);
  o.dst = std::move(dst);
  o.a = std::move(a);
  o.b = std::move(b);
  return o;
}

// check_truth on a trace that must validate first; its problems joined by newlines.
std::string truth_of(const tr::Trace& t) {
  const std::vector<std::string> invalid = tr::validate(t);
  EXPECT_TRUE(invalid.empty()) << "the test trace itself is invalid: " << invalid.front();
  std::string all;
  for (const std::string& p : tr::check_truth(t)) all += p + "\n";
  return all;
}

// One step: snapshot `in` (never written), apply `op` to it into `out`, snapshot `out`.
std::string replay(tr::ElementType type, std::vector<int64_t> item_shape, tr::Operation op,
                   std::vector<double> in_values, std::vector<double> out_values) {
  std::vector<int64_t> in_shape = {static_cast<int64_t>(in_values.size())};
  std::vector<int64_t> out_shape = {static_cast<int64_t>(out_values.size())};
  if (!item_shape.empty()) {
    int64_t item_size = 1;
    for (int64_t d : item_shape) item_size *= d;
    in_shape = {static_cast<int64_t>(in_values.size()) / item_size};
    out_shape = {static_cast<int64_t>(out_values.size()) / item_size};
    in_shape.insert(in_shape.end(), item_shape.begin(), item_shape.end());
    out_shape.insert(out_shape.end(), item_shape.begin(), item_shape.end());
  }
  tr::Trace t = trace_with({buffer(0, "in", type, in_shape), buffer(1, "out", type, out_shape)});
  tr::Step s = step();
  s.snapshots = {{0, {}, std::move(in_values)}, {1, {}, std::move(out_values)}};
  s.ops = {std::move(op)};
  t.steps = {s};
  return truth_of(t);
}

// out[0] = in[a] op in[b]
tr::Operation on_input(tr::Operator op, int64_t a, int64_t b) {
  return operation(op, 1, 0, 0, {0}, {a}, {b});
}

}  // namespace

// ---- barriers ---------------------------------------------------------------------------------

TEST(TruthBarrier, ATrackThatLeavesBeforeTheLastArrivesIsReported) {
  tr::Trace t = trace_with({});
  t.clock.resolution_ns = 32;
  tr::Step s = step();
  add_barrier(s, 1, 10, 20);
  add_barrier(s, 2, 100, 110);
  t.steps = {s};
  const std::string problems = truth_of(t);
  EXPECT_NE(problems.find("track 1 leaves at 20 ns, before track 2 arrives at 100 ns"), std::string::npos)
      << problems;
}

TEST(TruthBarrier, LeavingWithinOneTickOfTheLastArrivalIsAccepted) {
  tr::Trace t = trace_with({});
  t.clock.resolution_ns = 32;
  tr::Step s = step();
  add_barrier(s, 1, 0, 100);
  add_barrier(s, 2, 132, 140);  // arrives one tick after track 1 left: the same instant, as measured
  t.steps = {s};
  EXPECT_EQ(truth_of(t), "");

  t.steps[0].events[2].t_ns = 133;  // more than one tick
  EXPECT_NE(truth_of(t), "");
}

TEST(TruthBarrier, OnlyTracksWithTheSameParentWaitForEachOther) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  add_barrier(s, 1, 0, 20);   // block 0
  add_barrier(s, 4, 50, 60);  // block 1: another barrier
  t.steps = {s};
  EXPECT_EQ(truth_of(t), "");
}

TEST(TruthBarrier, SlicesOfOtherCategoriesAreNotBarriers) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  add_slice(s, 1, "wait at __syncthreads", 10, 20, tr::Category::wait);
  add_slice(s, 2, "wait at __syncthreads", 100, 110, tr::Category::wait);
  t.steps = {s};
  EXPECT_EQ(truth_of(t), "");
}

// ---- slices -----------------------------------------------------------------------------------

TEST(TruthSlices, ASliceThatEndsInsideAnotherIsReported) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  s.events = {event(1, tr::EventKind::slice_begin, 0, "outer", tr::Category::work),
              event(1, tr::EventKind::slice_begin, 10, "inner", tr::Category::work),
              event(1, tr::EventKind::slice_end, 20, "outer", tr::Category::work),
              event(1, tr::EventKind::slice_end, 30, "inner", tr::Category::work)};
  t.steps = {s};
  const std::string problems = truth_of(t);
  EXPECT_NE(problems.find("\"outer\" ends inside \"inner\""), std::string::npos) << problems;
}

TEST(TruthSlices, NestedSlicesAreAccepted) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  add_slice(s, 1, "outer", 0, 30);
  s.events.insert(s.events.begin() + 1,
                  event(1, tr::EventKind::slice_begin, 10, "inner", tr::Category::work));
  s.events.insert(s.events.begin() + 2, event(1, tr::EventKind::slice_end, 20, "inner", tr::Category::work));
  t.steps = {s};
  EXPECT_EQ(truth_of(t), "");
}

TEST(TruthSlices, ATrackThatRunsBackwardsIsReported) {
  tr::Trace t = trace_with({});
  tr::Step first = step(), second = step();
  add_slice(first, 1, "first pass", 0, 100);
  add_slice(second, 1, "second pass", 90, 120);  // begins before the previous step's slice ended
  t.steps = {first, second};
  const std::string problems = truth_of(t);
  EXPECT_NE(problems.find("the track runs backwards"), std::string::npos) << problems;

  t.steps[1].events[0].t_ns = 100;
  EXPECT_EQ(truth_of(t), "");
}

TEST(TruthSlices, ASliceThatNeverEndsIsReported) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  s.events = {event(2, tr::EventKind::slice_begin, 0, "spin", tr::Category::spin)};
  t.steps = {s};
  const std::string problems = truth_of(t);
  EXPECT_NE(problems.find("\"spin\" never ends"), std::string::npos) << problems;
}

// ---- values -----------------------------------------------------------------------------------

TEST(TruthValues, ASnapshotThatDoesNotFollowFromTheOperationsIsReported) {
  tr::Trace t = trace_with({buffer(0, "r", tr::ElementType::i32, {2})});
  tr::Step load = step(), tree = step();
  load.snapshots = {{0, {}, {5, 6}}};
  tree.ops = {operation(tr::Operator::add, 0, 0, 0, {0}, {0}, {1})};
  tree.snapshots = {{0, {}, {12, 6}}};
  t.steps = {load, tree};
  const std::string problems = truth_of(t);
  EXPECT_NE(problems.find("r[0] holds 12.000000 where the operations give 11.000000"), std::string::npos)
      << problems;

  t.steps[1].snapshots[0].values = {11, 6};
  EXPECT_EQ(truth_of(t), "");
}

TEST(TruthValues, ASnapshotOfOnlySomeItemsIsComparedItemByItem) {
  tr::Trace t = trace_with({buffer(0, "r", tr::ElementType::i32, {4})});
  tr::Step load = step(), tree = step();
  load.snapshots = {{0, {}, {1, 2, 3, 4}}};
  tree.ops = {operation(tr::Operator::add, 0, 0, 0, {0, 1}, {0, 1}, {2, 3})};
  tree.snapshots = {{0, {1, 0}, {6, 4}}};  // items listed out of order
  t.steps = {load, tree};
  EXPECT_EQ(truth_of(t), "");

  t.steps[1].snapshots[0].items = {0, 1};
  EXPECT_NE(truth_of(t), "");
}

TEST(TruthValues, TheInputSnapshotOfAStepIsKnownBeforeItsOperations) {
  // "in" is read by the copy but written by no operation: its snapshot in the same step holds
  // what the copy read.
  EXPECT_EQ(replay(tr::ElementType::i32, {}, operation(tr::Operator::copy, 1, 0, -1, {0, 1}, {1, 0}, {}),
                   {5, 6}, {6, 5}),
            "");
  EXPECT_NE(replay(tr::ElementType::i32, {}, operation(tr::Operator::copy, 1, 0, -1, {0, 1}, {1, 0}, {}),
                   {5, 6}, {5, 6}),
            "");
}

TEST(TruthValues, IdentityOperandsLeaveTheOtherOperand) {
  const tr::Operator ops[] = {tr::Operator::add, tr::Operator::mul, tr::Operator::min, tr::Operator::max};
  const struct {
    tr::ElementType type;
    double value;
  } cases[] = {
      {tr::ElementType::i32, -7}, {tr::ElementType::u32, 4000000000.0}, {tr::ElementType::f32, -2.5}};
  for (tr::Operator op : ops) {
    for (const auto& c : cases) {
      SCOPED_TRACE(std::string(tr::to_string(op)) + " on " + tr::to_string(c.type));
      EXPECT_EQ(replay(c.type, {}, on_input(op, -1, 0), {c.value}, {c.value}), "");
      EXPECT_EQ(replay(c.type, {}, on_input(op, 0, -1), {c.value}, {c.value}), "");
      EXPECT_NE(replay(c.type, {}, on_input(op, -1, 0), {c.value}, {c.value + 1}), "");
    }
  }
  const std::vector<double> matrix = {1, 2, 3, 4};
  EXPECT_EQ(replay(tr::ElementType::i32, {2, 2}, on_input(tr::Operator::matmul, -1, 0), matrix, matrix), "");
  EXPECT_EQ(replay(tr::ElementType::i32, {2, 2}, on_input(tr::Operator::matmul, 0, -1), matrix, matrix), "");
}

TEST(TruthValues, I32ArithmeticWrapsAround) {
  EXPECT_EQ(
      replay(tr::ElementType::i32, {}, on_input(tr::Operator::add, 0, 1), {2147483647, 1}, {-2147483648.0}),
      "");
  EXPECT_EQ(replay(tr::ElementType::i32, {}, on_input(tr::Operator::mul, 0, 1), {65536, 65536}, {0}), "");
  EXPECT_EQ(replay(tr::ElementType::i32, {}, on_input(tr::Operator::mul, 0, 1), {-3, 1431655766}, {-2}), "");
  EXPECT_NE(
      replay(tr::ElementType::i32, {}, on_input(tr::Operator::add, 0, 1), {2147483647, 1}, {2147483647}), "");
}

TEST(TruthValues, U32MultiplicationIsModulo2To32) {
  EXPECT_EQ(
      replay(tr::ElementType::u32, {}, on_input(tr::Operator::mul, 0, 1), {4294967295.0, 4294967295.0}, {1}),
      "");
  EXPECT_EQ(replay(tr::ElementType::u32, {}, on_input(tr::Operator::mul, 0, 1), {65536, 65537}, {65536}), "");
  EXPECT_NE(
      replay(tr::ElementType::u32, {}, on_input(tr::Operator::mul, 0, 1), {65536, 65537}, {4294967295.0}),
      "");
}

TEST(TruthValues, MatrixProductKeepsTheOperandOrder) {
  const std::vector<double> a_and_b = {1, 2, 3, 4, /* b */ 0, 1, 1, 0};
  const std::vector<double> a_times_b = {2, 1, 4, 3};
  const std::vector<double> b_times_a = {3, 4, 1, 2};
  EXPECT_EQ(replay(tr::ElementType::i32, {2, 2}, on_input(tr::Operator::matmul, 0, 1), a_and_b, a_times_b),
            "");
  EXPECT_NE(replay(tr::ElementType::i32, {2, 2}, on_input(tr::Operator::matmul, 0, 1), a_and_b, b_times_a),
            "");
  EXPECT_EQ(replay(tr::ElementType::i32, {2, 2}, on_input(tr::Operator::matmul, 1, 0), a_and_b, b_times_a),
            "");
}

TEST(TruthValues, ScalarOperatorsApplyElementByElementToLargerItems) {
  const std::vector<double> pairs = {1, 2, 10, 20};
  EXPECT_EQ(replay(tr::ElementType::i32, {2}, on_input(tr::Operator::add, 0, 1), pairs, {11, 22}), "");
  EXPECT_EQ(replay(tr::ElementType::i32, {2}, on_input(tr::Operator::max, 0, 1), pairs, {10, 20}), "");
  EXPECT_NE(replay(tr::ElementType::i32, {2}, on_input(tr::Operator::add, 0, 1), pairs, {11, 2}), "");
}

// ---- moments: each one as the events around it say, and each forged or moved one caught ---------

namespace {

// A moment instant on `track` at `t` with `value`, its flows coming from `from`.
tr::Event moment(int track, int64_t t, tr::Category category, double value, std::vector<int> from) {
  tr::Event e = tr::make_event(track, tr::EventKind::instant, t, "the moment", category, value);
  e.flows_in = std::move(from);
  return e;
}

// The step as the test built it, less the flows that no event ends (a moment without its flow).
std::string truth_of_step(tr::Trace t, tr::Step s) {
  const bool any_flow_in =
      std::any_of(s.events.begin(), s.events.end(), [](const tr::Event& e) { return !e.flows_in.empty(); });
  if (!any_flow_in)
    for (tr::Event& e : s.events) e.flows_out.clear();
  t.steps = {std::move(s)};
  return truth_of(t);
}

// Block 0's warp (track 1) writes 5 from 0 to 10 ns, its end starting flow 0; block 1's warp
// (track 4) writes from 12 to 20 ns, and `m` stands where it wrote.
std::string two_writes(const tr::Event& m, tr::EventKind store_kind = tr::EventKind::slice_end) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  s.events.push_back(event(1, tr::EventKind::slice_begin, 0, "write", tr::Category::work));
  tr::Event store = tr::make_event(1, tr::EventKind::slice_end, 10, "write", tr::Category::work, 5);
  if (store_kind == tr::EventKind::slice_begin) {
    s.events.back().flows_out = {0};
  } else {
    store.flows_out = {0};
  }
  s.events.push_back(store);
  add_slice(s, 4, "write", 12, 20);
  s.events.push_back(m);
  return truth_of_step(t, s);
}

}  // namespace

TEST(TruthMoments, ALostUpdateThatStoredNoMoreThanTheWriteItReplacedIsAccepted) {
  EXPECT_EQ(two_writes(moment(4, 20, tr::Category::lost_update, 5, {0})), "");
  EXPECT_EQ(two_writes(moment(4, 20, tr::Category::lost_update, 4, {0})), "");
}

TEST(TruthMoments, AForgedOrMovedLostUpdateIsReported) {
  EXPECT_NE(two_writes(moment(4, 20, tr::Category::lost_update, 6, {0})).find("nothing was lost"),
            std::string::npos);
  EXPECT_NE(two_writes(moment(1, 9, tr::Category::lost_update, 5, {0})).find("lands later"),
            std::string::npos);
  EXPECT_NE(two_writes(moment(4, 20, tr::Category::lost_update, 5, {})).find("no flow"), std::string::npos);
  EXPECT_NE(two_writes(moment(4, 20, tr::Category::lost_update, 5, {0}), tr::EventKind::slice_begin)
                .find("not from a store"),
            std::string::npos);
}

TEST(TruthMoments, AStaleReadMustReadAnotherValueThanTheStoreBeforeIt) {
  EXPECT_EQ(two_writes(moment(4, 20, tr::Category::stale_read, 4, {0})), "");
  EXPECT_NE(two_writes(moment(4, 20, tr::Category::stale_read, 5, {0})).find("the value the store before it"),
            std::string::npos);
}

TEST(TruthMoments, AMomentIsAnInstant) {
  tr::Event slice = moment(4, 20, tr::Category::lost_update, 5, {0});
  slice.kind = tr::EventKind::counter;
  EXPECT_NE(two_writes(slice).find("a moment is an instant"), std::string::npos);
}

namespace {

// Kernels on tracks 0 (0–100 ns) and 3 (50–150 ns); `m` on track 3.
std::string two_kernels(const tr::Event& m) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  add_slice(s, 0, "kernel a", 0, 100, tr::Category::kernel);
  s.events.push_back(event(3, tr::EventKind::slice_begin, 50, "kernel b", tr::Category::kernel));
  s.events.push_back(m);
  s.events.push_back(event(3, tr::EventKind::slice_end, 150, "kernel b", tr::Category::kernel));
  t.steps = {s};
  return truth_of(t);
}

}  // namespace

TEST(TruthMoments, AnOverlapCountsKernelsThatRunThen) {
  EXPECT_EQ(two_kernels(moment(3, 50, tr::Category::overlap, 2, {})), "");
  EXPECT_NE(two_kernels(moment(3, 120, tr::Category::overlap, 2, {})).find("1 kernel track(s) run"),
            std::string::npos);
  EXPECT_NE(two_kernels(moment(3, 50, tr::Category::overlap, 3, {})).find("2 kernel track(s) run"),
            std::string::npos);
  EXPECT_NE(two_kernels(moment(3, 50, tr::Category::overlap, 1, {})).find("at least 2"), std::string::npos);
}

namespace {

// Block 0's warp starts "item 7" at 0 ns (flow 0 from its start); block 1's warp starts
// `second` at 20 ns; `m` on track 4.
std::string two_starts(const std::string& second, const tr::Event& m) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  s.events.push_back(event(1, tr::EventKind::slice_begin, 0, "item 7", tr::Category::work));
  s.events.back().flows_out = {0};
  s.events.push_back(event(1, tr::EventKind::slice_end, 10, "item 7", tr::Category::work));
  s.events.push_back(event(4, tr::EventKind::slice_begin, 20, second, tr::Category::work));
  s.events.push_back(m);
  s.events.push_back(event(4, tr::EventKind::slice_end, 30, second, tr::Category::work));
  return truth_of_step(t, s);
}

}  // namespace

TEST(TruthMoments, ADoubleFetchStartsTheSameItemAgain) {
  EXPECT_EQ(two_starts("item 7", moment(4, 20, tr::Category::double_fetch, 7, {0})), "");
  EXPECT_NE(two_starts("item 8", moment(4, 20, tr::Category::double_fetch, 7, {0})).find("no second start"),
            std::string::npos);
  EXPECT_NE(two_starts("item 7", moment(4, 25, tr::Category::double_fetch, 7, {0})).find("no second start"),
            std::string::npos);
  EXPECT_NE(two_starts("item 7", moment(4, 20, tr::Category::double_fetch, 7, {})).find("no flow"),
            std::string::npos);
}

namespace {

// Block 0's warp holds the lock from 10 to 100 ns (flow 0 from its taking) and waits from 20 to
// 30 ns inside it; block 1's warp works from 0 to 100 ns; `m` where the test puts it.
std::string a_hold(const tr::Event& m) {
  tr::Trace t = trace_with({});
  tr::Step s = step();
  s.events.push_back(event(1, tr::EventKind::slice_begin, 10, "holds the lock", tr::Category::critical));
  s.events.back().flows_out = {0};
  s.events.push_back(event(1, tr::EventKind::slice_begin, 20, "wait", tr::Category::wait));
  if (m.track == 1 && m.t_ns <= 20) s.events.push_back(m);
  s.events.push_back(event(1, tr::EventKind::slice_end, 30, "wait", tr::Category::wait));
  if (m.track == 1 && m.t_ns > 20) s.events.push_back(m);
  s.events.push_back(event(1, tr::EventKind::slice_end, 100, "holds the lock", tr::Category::critical));
  s.events.push_back(event(4, tr::EventKind::slice_begin, 0, "work", tr::Category::work));
  if (m.track == 4) s.events.push_back(m);
  s.events.push_back(event(4, tr::EventKind::slice_end, 100, "work", tr::Category::work));
  return truth_of_step(t, s);
}

}  // namespace

TEST(TruthMoments, AWaitingHolderHoldsTheLockAndWaits) {
  EXPECT_EQ(a_hold(moment(1, 20, tr::Category::waiting_holder, 0, {0})), "");
  EXPECT_NE(a_hold(moment(1, 40, tr::Category::waiting_holder, 0, {0})).find("is not waiting"),
            std::string::npos);
  EXPECT_NE(a_hold(moment(4, 20, tr::Category::waiting_holder, 0, {0})).find("does not hold the lock"),
            std::string::npos);
  EXPECT_NE(a_hold(moment(1, 20, tr::Category::waiting_holder, 0, {})).find("no flow from its own taking"),
            std::string::npos);
}
