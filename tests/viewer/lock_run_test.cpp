// The lock view's model, without a window: which traces it applies to, the lanes, the owner at a
// time, hand-offs, the spin heat buckets, and a model's warp step by step with its deadlock.
#include "model/lock_run.hpp"

#include <gtest/gtest.h>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Event ev(int track, gt::EventKind kind, int64_t t, gt::Category c, double value = 0,
             const std::string& name = "e") {
  gt::Event e;
  e.track = track;
  e.kind = kind;
  e.t_ns = t;
  e.category = c;
  e.value = value;
  e.name = name;
  return e;
}

gt::Track track(int id, gt::TrackKind kind, const std::string& name, int parent = -1, int lane = -1) {
  gt::Track t;
  t.id = id;
  t.kind = kind;
  t.name = name;
  t.parent = parent;
  t.block = 0;
  t.warp = kind == gt::TrackKind::warp || kind == gt::TrackKind::lane ? 0 : -1;
  t.lane = lane;
  return t;
}

void slice(gt::Step& s, int track, int64_t b, int64_t e, gt::Category c, double value = 0) {
  s.events.push_back(ev(track, gt::EventKind::slice_begin, b, c, value));
  s.events.push_back(ev(track, gt::EventKind::slice_end, e, c, value));
}

// Blocks 0, 1, 2 on tracks 1-3; block 2 takes the lock at 0-10 while 0 and 1 spin, then 0 at
// 10-20 while 1 spins, then 1 at 20-30. The counter (track 4) reads 1, 2, 3.
gt::Trace three_blocks() {
  gt::Trace t;
  t.tracks = {track(0, gt::TrackKind::lock, "lock"), track(1, gt::TrackKind::block, "block 0"),
              track(2, gt::TrackKind::block, "block 1"), track(3, gt::TrackKind::block, "block 2"),
              track(4, gt::TrackKind::memory, "count")};
  t.steps.resize(1);
  gt::Step& s = t.steps[0];
  slice(s, 3, 0, 10, gt::Category::critical);
  slice(s, 1, 0, 10, gt::Category::spin, 40);
  slice(s, 1, 10, 20, gt::Category::critical);
  slice(s, 2, 0, 20, gt::Category::spin, 20);
  slice(s, 2, 20, 30, gt::Category::critical);
  for (int k = 1; k <= 3; ++k)
    s.events.push_back(ev(4, gt::EventKind::counter, 10 * k, gt::Category::critical, k, "count"));
  return t;
}

// One warp of 2 lanes (tracks 1, 2 under warp track 0) and a stack that goes 1 entry, 2, 1, 2:
// the state after step 3 (index 3) is the state after step 1 (index 1).
gt::Trace two_lane_model() {
  gt::Trace t;
  t.producer.kind = gt::ProducerKind::model;
  t.tracks = {track(0, gt::TrackKind::warp, "warp 0"), track(1, gt::TrackKind::lane, "lane 0", 0, 0),
              track(2, gt::TrackKind::lane, "lane 1", 0, 1)};
  const char* names[] = {"stack: pc", "stack: active mask", "stack: reconvergence pc"};
  for (int b = 0; b < 3; ++b) {
    gt::Buffer buf;
    buf.id = b;
    buf.name = names[b];
    buf.shape = {2};
    t.buffers.push_back(buf);
  }
  const std::vector<std::vector<double>> pcs = {{0, -1}, {2, 0}, {2, 1}, {2, 0}};
  for (int k = 0; k < 4; ++k) {
    gt::Step s;
    s.snapshots.push_back({0, {}, pcs[static_cast<std::size_t>(k)]});
    s.snapshots.push_back({1, {}, k == 0 ? std::vector<double>{3, 0} : std::vector<double>{3, 2}});
    s.snapshots.push_back({2, {}, k == 0 ? std::vector<double>{-1, -1} : std::vector<double>{-1, 2}});
    slice(s, 0, k, k + 1, gt::Category::work);
    slice(s, 1, k, k + 1, k == 0 ? gt::Category::critical : gt::Category::wait);
    slice(s, 2, k, k + 1, gt::Category::spin);
    t.steps.push_back(s);
  }
  // Lane 0 holds the lock from its first step on.
  t.steps[0].events.push_back(
      ev(1, gt::EventKind::slice_begin, 1, gt::Category::critical, 0, "holds the lock"));
  t.steps[3].events.push_back(
      ev(1, gt::EventKind::slice_end, 4, gt::Category::critical, 0, "holds the lock"));
  return t;
}

}  // namespace

TEST(LockRun, AppliesToLocksAndNotToATreeOrARacyCounter) {
  EXPECT_TRUE(has_lock(three_blocks()));
  EXPECT_FALSE(has_lock(gridlock::viewer::testing::make_halving_trace(8, 16, 1)));
  EXPECT_FALSE(has_lock(gridlock::viewer::testing::make_counter_trace(12, 4, false, 4)));
}

TEST(LockRun, LanesHoldsAndTheOwnerAtATime) {
  const LockRun lock = lock_run(three_blocks());
  ASSERT_EQ(lock.lanes.size(), 3u);
  EXPECT_EQ(lock.lane_names[2], "block 2");
  ASSERT_EQ(lock.holds.size(), 3u);
  EXPECT_EQ(lock.holds[0].lane, 2);  // in order of their begin
  EXPECT_EQ(lock.holds[1].lane, 0);
  EXPECT_EQ(owner_at(lock, 0), 2);
  EXPECT_EQ(owner_at(lock, 9), 2);
  EXPECT_EQ(owner_at(lock, 10), 0);
  EXPECT_EQ(owner_at(lock, 25), 1);
  EXPECT_EQ(owner_at(lock, 30), -1);  // given back
  EXPECT_EQ(owner_at(lock, -5), -1);
  // No flows in the trace: the hand-offs are the successive holds.
  ASSERT_EQ(lock.handoffs.size(), 2u);
  EXPECT_EQ(lock.handoffs[0].from_lane, 2);
  EXPECT_EQ(lock.handoffs[0].to_lane, 0);
  EXPECT_EQ(lock.handoffs[1].to_ns, 20);
  EXPECT_EQ(lock.spin_attempts, 60);
  ASSERT_EQ(lock.counters.size(), 1u);
  EXPECT_FALSE(lock.modelled);
}

// The lock view's tooltip: a lane holds the lock, spins for it, or does nothing recorded.
TEST(LockRun, WhatALaneDoesAtATime) {
  const LockRun lock = lock_run(three_blocks());
  EXPECT_EQ(lane_state_text(lock, 2, 5), "holds the lock 0 ns \xE2\x80\x93 10 ns");
  EXPECT_EQ(lane_state_text(lock, 0, 5), "spins on the lock: 40 attempts from 0 ns");
  EXPECT_EQ(lane_state_text(lock, 0, 29).rfind("holds the lock", 0), std::string::npos);
  EXPECT_EQ(lane_state_text(lock, 2, 29), "");
  EXPECT_EQ(lane_state_text(lock, 7, 5), "");  // no such lane
}

TEST(LockRun, SpinHeatSpreadsAttemptsOverTheBuckets) {
  const LockRun lock = lock_run(three_blocks());
  const SpinHeat h = spin_heat(lock, 3, 0, 30);
  ASSERT_EQ(h.buckets, 3);
  EXPECT_DOUBLE_EQ(h.at(0, 0), 40.0);  // block 0 spun 40 times in 0-10
  EXPECT_DOUBLE_EQ(h.at(0, 1), 0.0);
  EXPECT_DOUBLE_EQ(h.at(1, 0), 10.0);  // block 1's 20 over 0-20
  EXPECT_DOUBLE_EQ(h.at(1, 1), 10.0);
  EXPECT_DOUBLE_EQ(h.at(2, 0), 0.0);  // the holder does not spin
  EXPECT_DOUBLE_EQ(h.total[0], 50.0);
  EXPECT_DOUBLE_EQ(h.total[2], 0.0);
  EXPECT_DOUBLE_EQ(h.cell_max, 40.0);
  EXPECT_DOUBLE_EQ(h.total_max, 50.0);
  // Every attempt lands in some bucket, however fine.
  const SpinHeat fine = spin_heat(lock, 7, 0, 30);
  double sum = 0;
  for (double v : fine.total) sum += v;
  EXPECT_NEAR(sum, 60.0, 1e-9);
}

TEST(WarpModel, LaneStatesStackAndTheRepeatedState) {
  const gt::Trace t = two_lane_model();
  ASSERT_TRUE(has_warp_model(t));
  EXPECT_FALSE(has_warp_model(three_blocks()));
  const WarpModel m = warp_model(t);
  EXPECT_EQ(m.warp, "warp 0");
  ASSERT_EQ(m.lane_count, 2);
  ASSERT_EQ(m.steps.size(), 4u);
  EXPECT_EQ(m.steps[0].lanes[0], LaneState::critical);
  EXPECT_EQ(m.steps[0].lanes[1], LaneState::spin);
  EXPECT_EQ(m.steps[2].lanes[0], LaneState::wait);
  EXPECT_TRUE(m.steps[2].holds_lock[0]);
  EXPECT_FALSE(m.steps[2].holds_lock[1]);
  ASSERT_EQ(m.steps[0].stack.size(), 1u);
  ASSERT_EQ(m.steps[2].stack.size(), 2u);
  EXPECT_EQ(m.steps[2].stack[1].pc, 1);
  EXPECT_EQ(m.steps[2].stack[1].mask, 2u);
  EXPECT_EQ(m.steps[2].stack[1].reconverge, 2);
  EXPECT_EQ(m.steps[2].stack[0].reconverge, -1);
  ASSERT_TRUE(m.deadlocked());
  EXPECT_EQ(m.cycle_start, 2);  // steps 2..3 (0-based) repeat
  EXPECT_EQ(m.cycle_end, 3);
}

TEST(WarpModel, TheShippedLockstepTraceDeadlocksAndTheSafeOneCompletes) {
  const std::string dir = GRIDLOCK_TEST_LESSONS_DIR "/locks/deadlock-lock/recorded/";
  const gt::Trace dead = gt::read_file(dir + "deadlock-lock.lockstep.json");
  ASSERT_TRUE(has_warp_model(dead));
  ASSERT_TRUE(has_lock(dead));
  const WarpModel m = warp_model(dead);
  ASSERT_EQ(m.lane_count, 32);
  // As the trace's facts say: instructions 3-4 repeat forever, lane 0 holds the lock and waits.
  EXPECT_EQ(dead.facts.at("lockstep.cycle_from"), std::to_string(m.cycle_start + 1));
  EXPECT_EQ(m.cycle_end, static_cast<int>(m.steps.size()) - 1);
  const WarpStep& last = m.steps.back();
  EXPECT_EQ(last.lanes[0], LaneState::wait);
  EXPECT_TRUE(last.holds_lock[0]);
  for (int l = 1; l < 32; ++l) EXPECT_EQ(last.lanes[static_cast<std::size_t>(l)], LaneState::spin);
  EXPECT_EQ(last.stack.size(), 2u);
  const WarpModel safe = warp_model(gt::read_file(dir + "deadlock-lock.lockstep-inside-the-loop.json"));
  EXPECT_FALSE(safe.deadlocked());
  // On the GPU trace, the lanes are the 128 threads and the lock passes 127 times.
  const LockRun gpu = lock_run(gt::read_file(dir + "deadlock-lock.json"));
  EXPECT_EQ(gpu.lanes.size(), 128u);
  EXPECT_EQ(gpu.holds.size(), 128u);
  EXPECT_EQ(gpu.handoffs.size(), 127u);
}
