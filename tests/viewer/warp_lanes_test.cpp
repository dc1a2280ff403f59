// The lanes view's model: which traces have a warp-level tree, the 32 lanes, and the arrows of
// each step (a shuffle's lane + offset into lane, the halving's lane + 16 into lane).
#include "model/warp_lanes.hpp"

#include <gtest/gtest.h>

#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {
namespace {

trace::Trace recorded(const std::string& lesson, const std::string& name) {
  return trace::read_file(std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/reduction/" + lesson + "/recorded/" +
                          name);
}

// The arrows into `lane` of a row taken from another lane.
std::vector<int> sources(const LaneRow& row, int lane) {
  std::vector<int> from;
  for (const LaneArrow& a : row.arrows)
    if (a.to == lane && !a.operand_a) from.push_back(a.from);
  return from;
}

TEST(WarpLanes, ShuffleStepsDoubleTheirOffset) {
  const WarpLanes w = build_warp_lanes(recorded("reduce-warp-shuffle", "reduce-warp-shuffle.json"));
  ASSERT_FALSE(w.empty());
  EXPECT_EQ(w.lanes, 32);
  EXPECT_EQ(w.base, 0);
  std::vector<int> offsets;
  for (const LaneRow& r : w.rows)
    if (!r.arrows.empty()) offsets.push_back(r.offset);
  EXPECT_EQ(offsets, (std::vector<int>{1, 2, 4, 8, 16}));
  const LaneRow& first = w.rows[1];
  EXPECT_EQ(sources(first, 0), std::vector<int>{1});
  EXPECT_EQ(sources(first, 30), std::vector<int>{31});
}

TEST(WarpLanes, VolatileHalvingTakesFromTheUpperHalf) {
  const trace::Trace t = recorded("reduce-warp-volatile", "reduce-warp-volatile.json");
  const WarpLanes w = build_warp_lanes(t);
  ASSERT_GE(w.rows.size(), 6u);
  const LaneRow& halving = w.rows[1];
  EXPECT_EQ(halving.offset, 16);
  EXPECT_EQ(sources(halving, 3), std::vector<int>{19});
  EXPECT_TRUE(sources(halving, 16).empty());  // the upper half only gives
  EXPECT_TRUE(halving.made[15]);
  EXPECT_FALSE(halving.made[16]);
  EXPECT_EQ(w.row_of_step[1], 1);
  EXPECT_EQ(w.row_of_step.size(), t.steps.size());
}

TEST(WarpLanes, BlockOfWarpsShowsWarpZero) {
  const WarpLanes w = build_warp_lanes(recorded("reduce-block-with-warps", "reduce-block-with-warps.json"));
  ASSERT_FALSE(w.empty());
  EXPECT_EQ(w.base, 0);
  EXPECT_EQ(w.lanes, 32);
}

TEST(WarpLanes, OnlyWarpLevelTreesHaveLanes) {
  EXPECT_FALSE(has_warp_lanes(recorded("reduce-single-block", "reduce-single-block.json")));
  EXPECT_FALSE(has_warp_lanes(recorded("reduce-two-kernels", "reduce-two-kernels.json")));
  EXPECT_FALSE(has_warp_lanes(
      recorded("reduce-single-block-noncommutative", "reduce-single-block-noncommutative.json")));
  EXPECT_TRUE(has_warp_lanes(
      recorded("reduce-warp-volatile-noncommutative", "reduce-warp-volatile-noncommutative.json")));
}

}  // namespace
}  // namespace gridlock::viewer
