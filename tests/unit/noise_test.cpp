// A ratio measured in rounds: its median, its spread, and when the spread covers a threshold.
#include "common/noise.hpp"

#include <gtest/gtest.h>

TEST(MeasuredRatio, MedianRoundAndHalfTheRange) {
  const gridlock::MeasuredRatio r = gridlock::measured_ratio({1.10, 1.02, 1.06, 1.08, 1.04});
  EXPECT_DOUBLE_EQ(r.median, 1.06);
  EXPECT_EQ(r.median_round, 2u);
  EXPECT_NEAR(r.spread, 0.04, 1e-12);
  EXPECT_EQ(r.rounds, 5);
}

TEST(MeasuredRatio, WithinNoiseOnlyWhereTheSpreadCoversTheThreshold) {
  const gridlock::MeasuredRatio near = gridlock::measured_ratio({1.03, 1.06, 1.09});
  EXPECT_TRUE(gridlock::within_noise(near, 1.05));
  EXPECT_EQ(gridlock::within_noise_reason(near, 1.05),
            "within noise: 1.06\xC3\x97 \xC2\xB1 0.03 against 1.05 (3 rounds)");
  const gridlock::MeasuredRatio clear = gridlock::measured_ratio({1.80, 1.82, 1.85});
  EXPECT_FALSE(gridlock::within_noise(clear, 1.1));
}

TEST(MeasuredRatio, ANarrowSpreadGetsTheDecimalsThatShowIt) {
  const gridlock::MeasuredRatio near = gridlock::measured_ratio({1.016, 1.019, 1.022});
  EXPECT_TRUE(gridlock::within_noise(near, 1.02));
  EXPECT_EQ(gridlock::within_noise_reason(near, 1.02),
            "within noise: 1.019\xC3\x97 \xC2\xB1 0.003 against 1.020 (3 rounds)");
  EXPECT_EQ(gridlock::ratio_with_spread(gridlock::measured_ratio({1.0000, 1.0004})),
            "1.0004\xC3\x97 \xC2\xB1 0.0002");
}

TEST(MeasuredRatio, RoundsTheNumbersItPrints) {
  EXPECT_EQ(gridlock::ratio_with_spread(gridlock::measured_ratio({0.687, 0.687})),
            "0.69\xC3\x97 \xC2\xB1 0.00");
}
