// LaneReplay: what one warp's lanes logged becomes operations and snapshots that the trace checks
// replay, and a read that lockstep does not give is reported.
#include "common/record/lane_replay.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using gridlock::LaneEntry;
using gridlock::LaneReplay;
using gridlock::ThreadEntry;
namespace tr = gridlock::trace;

struct Add {
  using T = int;
  static constexpr tr::Operator kTraceOp = tr::Operator::add;
  static int identity() { return 0; }
  int operator()(int a, int b) const { return a + b; }
};

constexpr int kIn = 0, kShared = 1, kReturned = 2;

std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> spaces(int lanes) {
  std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> s;
  s[gridlock::kInputSpace] = {kIn, lanes, "in"};
  s[gridlock::kSharedSpace] = {kShared, lanes, "s"};
  s[gridlock::kReturnedSpace] = {kReturned, lanes, "total"};
  return s;
}

ThreadEntry<int> combine(int lane, int dst, int a, int b, int av, int bv) {
  return {
      lane,
      {gridlock::kLaneCombine, gridlock::kSharedSpace, dst, gridlock::kSharedSpace, a, b, av, bv, av + bv}};
}

ThreadEntry<int> copy(int lane, int dst_space, int dst, int src_space, int src, int v) {
  return {lane, {gridlock::kLaneCopy, dst_space, dst, src_space, src, -1, v, v, v}};
}

// What the lanes of a warp of `lanes` log for the simplified fold (every lower-half lane, every
// step) when they run in lockstep: all reads of a step before all writes.
std::vector<std::vector<ThreadEntry<int>>> lockstep_log(const std::vector<int>& in) {
  const int lanes = int(in.size());
  std::vector<std::vector<ThreadEntry<int>>> steps(1);
  std::vector<int> s = in;
  for (int l = 0; l < lanes; ++l)
    steps[0].push_back(copy(l, gridlock::kSharedSpace, l, gridlock::kInputSpace, l, in[size_t(l)]));
  for (int k = lanes / 2; k > 0; k /= 2) {
    std::vector<ThreadEntry<int>> step;
    const std::vector<int> before = s;
    for (int l = 0; l < lanes / 2; ++l) {
      step.push_back(combine(l, l, l, l + k, before[size_t(l)], before[size_t(l + k)]));
      s[size_t(l)] = before[size_t(l)] + before[size_t(l + k)];
    }
    steps.push_back(step);
  }
  std::vector<ThreadEntry<int>> read;
  for (int l = 0; l < lanes; ++l)
    read.push_back(copy(l, gridlock::kReturnedSpace, l, gridlock::kSharedSpace, 0, s[0]));
  steps.push_back(read);
  return steps;
}

tr::Trace trace_of(const std::vector<int>& in, const std::vector<std::vector<ThreadEntry<int>>>& log,
                   std::vector<gridlock::LaneSurprise>* surprises) {
  const int lanes = int(in.size());
  tr::Trace t;
  t.lesson_id = "test";
  t.sources = {{"k.cu", "// PHASE 1: x\n", tr::source_hash("// PHASE 1: x\n")}};
  t.producer.kind = tr::ProducerKind::model;
  t.producer.model = "lanes simulated on the host";
  t.buffers = {{kIn, "in", tr::ElementType::i32, {lanes}, tr::MemorySpace::global, -1},
               {kShared, "s", tr::ElementType::i32, {lanes}, tr::MemorySpace::shared, -1},
               {kReturned, "total", tr::ElementType::i32, {lanes}, tr::MemorySpace::registers, -1}};
  LaneReplay<Add> replay(spaces(lanes));
  replay.know(gridlock::kInputSpace, in);
  for (size_t s = 0; s < log.size(); ++s) {
    tr::Step step;
    step.label = "PHASE 1: x";
    step.line_begin = step.line_end = 1;
    if (s == 0) step.snapshots.push_back({kIn, {}, {in.begin(), in.end()}});
    step.ops = replay.apply(int(s), log[s]);
    step.snapshots.push_back(
        replay.snapshot(s + 1 == log.size() ? gridlock::kReturnedSpace : gridlock::kSharedSpace));
    t.steps.push_back(step);
  }
  *surprises = replay.surprises();
  return t;
}

TEST(LaneReplay, LockstepLogReplaysAndPassesTheTraceChecks) {
  const std::vector<int> in = {3, -1, 4, 1, -5, 9, 2, -6};
  std::vector<gridlock::LaneSurprise> surprises;
  const tr::Trace t = trace_of(in, lockstep_log(in), &surprises);
  EXPECT_TRUE(surprises.empty());
  EXPECT_TRUE(tr::validate(t).empty());
  EXPECT_TRUE(tr::check_truth(t).empty()) << tr::check_truth(t).front();
  ASSERT_EQ(t.steps.back().snapshots.back().values.size(), in.size());
  EXPECT_EQ(t.steps.back().snapshots.back().values.front(), 7);
  // Within a step, the lower lane comes first: it reads s[l + k] before lane l + k writes it.
  EXPECT_EQ(t.steps[2].ops.front().thread, (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(LaneReplay, AReadLockstepDoesNotGiveIsReported) {
  const std::vector<int> in = {3, -1, 4, 1, -5, 9, 2, -6};
  std::vector<std::vector<ThreadEntry<int>>> log = lockstep_log(in);
  // Lane 0 reads s[2] in the second fold after lane 2 has written it: not lockstep.
  ThreadEntry<int>& lane0 = log[2][0];
  lane0.entry.b_value = 1234;
  lane0.entry.result = lane0.entry.a_value + 1234;
  std::vector<gridlock::LaneSurprise> surprises;
  const tr::Trace t = trace_of(in, log, &surprises);
  ASSERT_FALSE(surprises.empty());
  EXPECT_EQ(surprises.front().step, 2);
  EXPECT_EQ(surprises.front().thread, 0);
  EXPECT_NE(surprises.front().what.find("read s[2] = 1234"), std::string::npos) << surprises.front().what;
  EXPECT_FALSE(tr::check_truth(t).empty());
}

TEST(LaneReplay, ReadsOfWhatNothingWroteAndWrongResultsAreReported) {
  LaneReplay<Add> replay(spaces(4));
  replay.apply(0, {combine(0, 0, 1, 2, 5, 6)});
  ASSERT_EQ(replay.surprises().size(), 2u);
  EXPECT_NE(replay.surprises()[0].what.find("nothing had written"), std::string::npos);
  ThreadEntry<int> wrong = copy(1, gridlock::kSharedSpace, 1, gridlock::kInputSpace, 0, 8);
  replay.know(gridlock::kInputSpace, {8, 8, 8, 8});
  wrong = combine(1, 1, 0, 0, 11, 11);
  wrong.entry.result = 5;
  replay.apply(1, {wrong});
  EXPECT_NE(replay.surprises().back().what.find("not what it read combined"), std::string::npos);
}

TEST(LaneReplay, FoldStartsFromTheIdentityAndIdentityEntriesNeedNoOperands) {
  std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> s = spaces(4);
  s[gridlock::kAccumulatorSpace] = {3, 2, "acc"};
  LaneReplay<Add> replay(s);
  replay.know(gridlock::kInputSpace, {1, 2, 3, 4});
  const tr::Operation fold = replay.fold({{0, 2, 2, 1}, {1, 2, 2, 1}});
  EXPECT_EQ(fold.a, (std::vector<int64_t>{-1, 0, -1, 1}));
  EXPECT_EQ(fold.b, (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_EQ(*replay.at(gridlock::kAccumulatorSpace, 0), 4);
  EXPECT_EQ(*replay.at(gridlock::kAccumulatorSpace, 1), 6);
  const std::vector<tr::Operation> ops = replay.apply(
      0,
      {{0, {gridlock::kLaneIdentity, gridlock::kSharedSpace, 3, gridlock::kSharedSpace, -1, -1, 0, 0, 0}}});
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops.front().a, (std::vector<int64_t>{-1}));
  EXPECT_EQ(ops.front().b, (std::vector<int64_t>{-1}));
  EXPECT_TRUE(replay.surprises().empty());
  EXPECT_EQ(replay.snapshot(gridlock::kSharedSpace).items, (std::vector<int64_t>{3}));
}

}  // namespace
