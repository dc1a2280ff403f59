// Frame-time statistics as both benchmarks report them.
#include "model/frame_times.hpp"

#include <gtest/gtest.h>

using gridlock::viewer::FrameTimes;

TEST(FrameTimes, QuantilesByRankOverTheSortedTimes) {
  FrameTimes t;
  for (double ms : {30.0, 10.0, 20.0, 50.0, 40.0}) t.add(ms);
  EXPECT_DOUBLE_EQ(t.quantile(0.5), 30.0);
  EXPECT_DOUBLE_EQ(t.min(), 10.0);
  EXPECT_DOUBLE_EQ(t.max(), 50.0);
  EXPECT_DOUBLE_EQ(t.quantile(0.95), 40.0);  // rank 0.95 * 4 = 3.8, taken down
  EXPECT_DOUBLE_EQ(t.mean(), 30.0);
  EXPECT_EQ(t.json(), "{\"frames\": 5, \"median_ms\": 30.000, \"p95_ms\": 40.000}");
}

TEST(FrameTimes, NoFramesGiveZeros) {
  const FrameTimes t;
  EXPECT_TRUE(t.empty());
  EXPECT_DOUBLE_EQ(t.quantile(0.5), 0.0);
  EXPECT_DOUBLE_EQ(t.mean(), 0.0);
}
