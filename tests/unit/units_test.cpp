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
