// Recorded atomics put in the order the memory saw them: by what each returned, at times inside
// the clock reads around them, and a clear answer where no such order exists.
#include "common/record/atomic_order.hpp"

#include <gtest/gtest.h>

namespace {

using gridlock::AtomicBurst;
using gridlock::order_atomics;

constexpr int kWord = 0, kOther = 1;

TEST(AtomicOrder, WhatTheAtomicsReturnedOrdersThemAgainstTheirTimes) {
  // Two adds on one word, times read after each: the second add (which read 1) came back first.
  const std::vector<AtomicBurst> bursts = {{900, 1200, {{kWord, 1, 2}}}, {800, 1000, {{kWord, 0, 1}}}};
  const gridlock::AtomicOrder order = order_atomics(bursts);
  ASSERT_TRUE(order.found()) << order.error;
  EXPECT_EQ(order.order, (std::vector<size_t>{1, 0}));
  EXPECT_EQ(order.at_ns[1], 800);  // as early as its interval allows
  EXPECT_EQ(order.at_ns[0], 900);
}

TEST(AtomicOrder, TimesNeverGoBackAndStayInsideTheirIntervals) {
  // The later burst issued before the earlier one's time: it shares that time.
  const std::vector<AtomicBurst> bursts = {{500, 2000, {{kWord, 0, 1}}}, {400, 1500, {{kWord, 1, 2}}}};
  const gridlock::AtomicOrder order = order_atomics(bursts, {}, 1000);
  ASSERT_TRUE(order.found()) << order.error;
  EXPECT_EQ(order.order, (std::vector<size_t>{0, 1}));
  EXPECT_EQ(order.at_ns[0], 500);
  EXPECT_EQ(order.at_ns[1], 500);
}

TEST(AtomicOrder, AWrongFirstChoiceIsTakenBack) {
  // A and C both read 0 first; taking A first (at 50) leaves C's interval behind, so C goes first.
  const std::vector<AtomicBurst> bursts = {{50, 100, {{kWord, 0, 1}}},
                                           {0, 100, {{kWord, 1, 0}}},
                                           {0, 10, {{kWord, 0, 1}, {kOther, 0, 1}}},
                                           {0, 100, {{kWord, 1, 0}, {kOther, 1, 2}}}};
  const gridlock::AtomicOrder order = order_atomics(bursts);
  ASSERT_TRUE(order.found()) << order.error;
  EXPECT_EQ(order.order, (std::vector<size_t>{2, 1, 0, 3}));
  EXPECT_EQ(order.at_ns, (std::vector<int64_t>{50, 0, 0, 50}));
}

TEST(AtomicOrder, NoOrderWhereEveryChoiceFails) {
  // 0 then 1 on kWord needs kOther at 5 first, and the other way round kWord at 1: none fits.
  const std::vector<AtomicBurst> bursts = {{0, 100, {{kWord, 0, 1}, {kOther, 5, 6}}},
                                           {0, 100, {{kWord, 1, 2}, {kOther, 0, 5}}}};
  EXPECT_FALSE(order_atomics(bursts).found());
}

TEST(AtomicOrder, WordsStartWhereTheyAreSaidTo) {
  const std::vector<AtomicBurst> bursts = {{0, 10, {{kWord, 7, 6}}}};
  EXPECT_FALSE(order_atomics(bursts).found());
  EXPECT_TRUE(order_atomics(bursts, {{kWord, 7}}).found());
}

TEST(AtomicOrder, BurstsThatInterleavedHaveNoOneOrder) {
  // A's first atomic before B's on one word, B's second before A's on the other.
  const std::vector<AtomicBurst> bursts = {{0, 100, {{kWord, 0, 1}, {kOther, 1, 2}}},
                                           {0, 100, {{kWord, 1, 2}, {kOther, 0, 1}}}};
  const gridlock::AtomicOrder order = order_atomics(bursts);
  EXPECT_FALSE(order.found());
  EXPECT_NE(order.error.find("lets every atomic read what the one before it left"), std::string::npos)
      << order.error;
}

TEST(AtomicOrder, AnIntervalThatEndsBeforeItsPlaceHasNoOrder) {
  // The add that read 1 returned before the add that left 1 was issued.
  const std::vector<AtomicBurst> bursts = {{500, 600, {{kWord, 0, 1}}}, {100, 200, {{kWord, 1, 2}}}};
  EXPECT_FALSE(order_atomics(bursts).found());
}

TEST(AtomicOrder, TheSearchIsBounded) {
  // Twelve adds of 0 to one word fit in any order but the last never does: the search gives up.
  std::vector<AtomicBurst> bursts(12, AtomicBurst{0, 100, {{kWord, 0, 0}}});
  bursts.push_back({0, 100, {{kWord, 9, 9}}});
  const gridlock::AtomicOrder order = order_atomics(bursts, {}, 5000);
  EXPECT_FALSE(order.found());
  EXPECT_NE(order.error.find("within 5000 tries"), std::string::npos) << order.error;
}

}  // namespace
