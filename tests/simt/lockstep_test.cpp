// The lockstep scheduler's rules on small programs: straight-line code, an if/else, a loop that
// lanes leave at different iterations, atomics in lane order, and the bound on instructions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simt/recording.hpp"

namespace simt = gridlock::simt;
using simt::Compare;
using simt::kAllLanes;
using simt::kLaneIndex;

namespace {

std::vector<int> issued_pcs(const simt::Recording& run) {
  std::vector<int> pcs;
  for (const simt::Tick& tick : run.ticks) pcs.push_back(tick.issue.pc);
  return pcs;
}

std::vector<uint32_t> active_lanes(const simt::Recording& run) {
  std::vector<uint32_t> masks;
  for (const simt::Tick& tick : run.ticks) masks.push_back(tick.issue.active);
  return masks;
}

std::vector<size_t> stack_depths(const simt::Recording& run) {
  std::vector<size_t> depths;
  for (const simt::Tick& tick : run.ticks) depths.push_back(tick.stack.size());
  return depths;
}

int32_t reg(const simt::Warp& warp, const std::string& name, int lane) {
  return warp.registers[static_cast<size_t>(warp.register_index(name))][static_cast<size_t>(lane)];
}

}  // namespace

TEST(Lockstep, StraightLineCodeRunsEveryInstructionOnceForAllLanes) {
  const simt::Program program = {simt::set("x", 5), simt::add("y", "x", 2), simt::store("out", "y"),
                                 simt::exit_kernel()};
  const simt::Recording run = simt::record_lockstep(program, 100);
  EXPECT_EQ(run.result.outcome, simt::Outcome::completed);
  EXPECT_EQ(run.result.instructions, 4);
  EXPECT_EQ(issued_pcs(run), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(active_lanes(run), std::vector<uint32_t>(4, kAllLanes));
  EXPECT_EQ(stack_depths(run), (std::vector<size_t>{1, 1, 1, 0}));
  for (int lane = 0; lane < simt::kLanes; ++lane) EXPECT_EQ(reg(run.final_warp(), "y", lane), 7);
  EXPECT_EQ(run.final_warp().words, std::vector<int32_t>{7});
  EXPECT_EQ(run.final_warp().exited, kAllLanes);
}

TEST(Lockstep, LanesStartWithTheirIndexAndZeros) {
  const simt::Warp warp({simt::set("x", 1), simt::exit_kernel()});
  for (int lane = 0; lane < simt::kLanes; ++lane) {
    EXPECT_EQ(reg(warp, kLaneIndex, lane), lane);
    EXPECT_EQ(reg(warp, "x", lane), 0);
  }
}

// if (threadIdx.x == 0) x = 1; else x = 2;  y = x + 10;
TEST(Lockstep, IfElseRunsTheTakenPathFirstThenTheOtherAndReconverges) {
  const simt::Program program = {
      /* 0 */ simt::branch_if(kLaneIndex, Compare::not_equal, 0, 3, 4),  // lanes 1–31 go to the else path
      /* 1 */ simt::set("x", 1),
      /* 2 */ simt::branch_if(kLaneIndex, Compare::equal, 0, 4, 4),  // the then path jumps over the else path
      /* 3 */ simt::set("x", 2),
      /* 4 */ simt::add("y", "x", 10),
      /* 5 */ simt::exit_kernel(),
  };
  const simt::Recording run = simt::record_lockstep(program, 100);
  ASSERT_EQ(run.result.outcome, simt::Outcome::completed);
  EXPECT_EQ(issued_pcs(run), (std::vector<int>{0, 3, 1, 2, 4, 5}));
  EXPECT_EQ(active_lanes(run), (std::vector<uint32_t>{kAllLanes, ~1u, 1u, 1u, kAllLanes, kAllLanes}));
  EXPECT_EQ(run.ticks[0].stack, (std::vector<simt::StackEntry>{{4, kAllLanes, -1}, {1, 1u, 4}, {3, ~1u, 4}}));
  EXPECT_EQ(stack_depths(run), (std::vector<size_t>{3, 2, 2, 1, 1, 0}));
  EXPECT_EQ(run.ticks[3].stack, (std::vector<simt::StackEntry>{{4, kAllLanes, -1}}));
  EXPECT_EQ(reg(run.final_warp(), "y", 0), 11);
  for (int lane = 1; lane < simt::kLanes; ++lane) EXPECT_EQ(reg(run.final_warp(), "y", lane), 12);
}

// Lane l runs the loop l + 1 times: n = threadIdx.x; do { ++k; --n; } while (n != -1);
TEST(Lockstep, LanesLeaveALoopAtDifferentIterationsAndWaitAtItsEnd) {
  const simt::Program program = {
      /* 0 */ simt::add("n", kLaneIndex, 0),
      /* 1 */ simt::add("k", "k", 1),
      /* 2 */ simt::add("n", "n", -1),
      /* 3 */ simt::branch_if("n", Compare::not_equal, -1, 1, 4),
      /* 4 */ simt::exit_kernel(),
  };
  const simt::Recording run = simt::record_lockstep(program, 1000);
  ASSERT_EQ(run.result.outcome, simt::Outcome::completed);
  EXPECT_EQ(run.result.instructions, 1 + 3 * simt::kLanes + 1);
  std::vector<uint32_t> pass_masks;
  for (const simt::Tick& tick : run.ticks)
    if (tick.issue.pc == 1) pass_masks.push_back(tick.issue.active);
  ASSERT_EQ(pass_masks.size(), size_t{simt::kLanes});
  for (int pass = 0; pass < simt::kLanes; ++pass)
    EXPECT_EQ(pass_masks[size_t(pass)], kAllLanes << pass) << pass;
  for (const simt::Tick& tick : run.ticks) EXPECT_LE(tick.stack.size(), 2u);
  // After the first pass lane 0 waits at the loop's end, pc 4, while lanes 1–31 loop.
  const std::vector<simt::StackEntry>& after_first_pass = run.ticks[3].stack;
  EXPECT_EQ(after_first_pass, (std::vector<simt::StackEntry>{{4, kAllLanes, -1}, {1, ~1u, 4}}));
  const std::vector<simt::WaitingLanes> waiting = simt::waiting_lanes(after_first_pass, 0);
  ASSERT_EQ(waiting.size(), 1u);
  EXPECT_EQ(waiting[0].pc, 4);
  EXPECT_EQ(waiting[0].lanes, 1u);
  for (int lane = 0; lane < simt::kLanes; ++lane) EXPECT_EQ(reg(run.final_warp(), "k", lane), lane + 1);
}

TEST(Lockstep, AtomicsOfOneInstructionGoLaneByLaneFromLaneZero) {
  const simt::Program program = {simt::atomic_cas("old", "w", 0, 1), simt::exit_kernel()};
  const simt::Recording run = simt::record_lockstep(program, 100);
  const std::vector<simt::Transfer>& moved = run.ticks[0].issue.transfers;
  ASSERT_EQ(moved.size(), size_t{simt::kLanes + 1});  // 32 reads, and lane 0's write
  EXPECT_EQ(moved[0].lane, 0);
  EXPECT_EQ(moved[1].lane, 0);
  EXPECT_EQ(moved[1].dst.kind, simt::Place::Kind::word);
  for (size_t k = 2; k < moved.size(); ++k) EXPECT_EQ(moved[k].lane, int(k) - 1);
  EXPECT_EQ(reg(run.final_warp(), "old", 0), 0);
  for (int lane = 1; lane < simt::kLanes; ++lane) EXPECT_EQ(reg(run.final_warp(), "old", lane), 1);
  EXPECT_EQ(run.final_warp().words, std::vector<int32_t>{1});
}

TEST(Lockstep, ARepeatedStateIsReportedWithItsCycle) {
  const simt::Program program = {simt::branch_if(kLaneIndex, Compare::equal, 0, 0, 1), simt::exit_kernel()};
  const simt::Recording run = simt::record_lockstep(program, 100);  // lane 0 loops, the others leave
  EXPECT_EQ(run.result.outcome, simt::Outcome::deadlocked);
  EXPECT_EQ(run.result.cycle_start, 1);
  EXPECT_EQ(run.result.cycle_length, 1);
  EXPECT_EQ(run.result.instructions, 2);
}

TEST(Lockstep, AProgramThatNeverRepeatsStopsAtTheBound) {
  const simt::Program program = {
      /* 0 */ simt::add("x", "x", 1),
      /* 1 */ simt::branch_if("x", Compare::not_equal, 0, 0, 2),  // 2^32 passes before x is 0 again
      /* 2 */ simt::exit_kernel(),
  };
  const simt::Recording run = simt::record_lockstep(program, 1000);
  EXPECT_EQ(run.result.outcome, simt::Outcome::step_bound);
  EXPECT_EQ(run.result.instructions, 1000);
  EXPECT_EQ(run.ticks.size(), 1000u);
  EXPECT_STREQ(simt::to_string(run.result.outcome), "step bound reached");
}

TEST(Lockstep, RefusesAProgramThatCannotRun) {
  EXPECT_THROW(simt::record_lockstep({simt::set("x", 1)}, 10), std::invalid_argument);
  EXPECT_THROW(
      simt::record_lockstep({simt::branch_if("x", Compare::equal, 0, 7, 1), simt::exit_kernel()}, 10),
      std::invalid_argument);
}

TEST(Lanes, SetsOfLanesReadAsRanges) {
  EXPECT_EQ(simt::lanes_text(1u), "lane 0");
  EXPECT_EQ(simt::lanes_text(~1u), "lanes 1\u201331");
  EXPECT_EQ(simt::lanes_text(0b1000111101u), "lanes 0, 2\u20135, 9");
  EXPECT_EQ(simt::lanes_text(0b110u), "lanes 1, 2");
  EXPECT_EQ(simt::lanes_text(0u), "no lane");
}
