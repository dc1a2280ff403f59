// common/units.hpp: a duration is rounded to the decimals asked for, never truncated.
#include "common/units.hpp"

#include <gtest/gtest.h>

TEST(Units, MicrosecondsAreRoundedNotTruncated) {
  EXPECT_EQ(gridlock::microseconds(1999, 0), "2 \xC2\xB5s");
  EXPECT_EQ(gridlock::microseconds(1999, 1), "2.0 \xC2\xB5s");
  EXPECT_EQ(gridlock::microseconds(1449, 1), "1.4 \xC2\xB5s");
  EXPECT_EQ(gridlock::microseconds(54496, 1), "54.5 \xC2\xB5s");
  EXPECT_EQ(gridlock::microseconds(1234, 2), "1.23 \xC2\xB5s");
  EXPECT_EQ(gridlock::microseconds(0, 2), "0.00 \xC2\xB5s");
}

TEST(Units, RatiosAreWrittenAsTheTracesFactsAre) {
  EXPECT_EQ(gridlock::times_as_fast(1.0196, 2), "1.02\xC3\x97");
  EXPECT_EQ(gridlock::times_as_fast(0.0414, 3), "0.041\xC3\x97");
  // The same number as a fact of a trace reads the same: one rule for both.
  gridlock::trace::FactValue f;
  f.kind = gridlock::trace::FactKind::timing_ratio;
  f.unit = gridlock::trace::FactUnit::times;
  f.value = 0.0414;
  f.decimals = 3;
  EXPECT_EQ(gridlock::trace::fact_text(f), gridlock::times_as_fast(0.0414, 3));
  f.unit = gridlock::trace::FactUnit::percent;
  f.decimals = 1;
  EXPECT_EQ(gridlock::trace::fact_text(f), "4.1%");
  EXPECT_EQ(gridlock::trace::number_text(3440383.9, gridlock::trace::FactUnit::ms, 3), "3.440 ms");
}
