// The playback cursor: stepping, clamping, playing, speed.
#include "model/playback.hpp"

#include <gtest/gtest.h>

using gridlock::viewer::Playback;

TEST(Playback, StartsAtTheFirstStepPaused) {
  Playback p(12);
  EXPECT_EQ(p.step(), 0);
  EXPECT_EQ(p.step_count(), 12);
  EXPECT_EQ(p.last_step(), 11);
  EXPECT_TRUE(p.at_first());
  EXPECT_FALSE(p.playing());
  EXPECT_DOUBLE_EQ(p.speed(), Playback::kDefaultSpeed);
}

TEST(Playback, StepsForwardAndBackWithinRange) {
  Playback p(3);
  p.back();
  EXPECT_EQ(p.step(), 0);
  p.forward();
  p.forward();
  EXPECT_EQ(p.step(), 2);
  EXPECT_TRUE(p.at_last());
  p.forward();
  EXPECT_EQ(p.step(), 2);
  p.back();
  EXPECT_EQ(p.step(), 1);
}

TEST(Playback, FirstLastAndSeekClamp) {
  Playback p(12);
  p.last();
  EXPECT_EQ(p.step(), 11);
  p.first();
  EXPECT_EQ(p.step(), 0);
  p.seek(7);
  EXPECT_EQ(p.step(), 7);
  p.seek(99);
  EXPECT_EQ(p.step(), 11);
  p.seek(-5);
  EXPECT_EQ(p.step(), 0);
}

TEST(Playback, AnEmptyTraceStaysAtZero) {
  Playback p(0);
  p.forward();
  p.last();
  p.play();
  EXPECT_EQ(p.step(), 0);
  EXPECT_FALSE(p.playing());
  EXPECT_FALSE(p.advance(10.0));
}

TEST(Playback, PlayingAdvancesWithTimeAndStopsAtTheEnd) {
  Playback p(4);
  p.play();
  EXPECT_TRUE(p.playing());
  EXPECT_FALSE(p.advance(0.5));
  EXPECT_EQ(p.step(), 0);
  EXPECT_NEAR(p.progress(), 0.5, 1e-9);
  EXPECT_TRUE(p.advance(0.5));
  EXPECT_EQ(p.step(), 1);
  EXPECT_TRUE(p.advance(10.0));  // a long frame does not run past the end
  EXPECT_EQ(p.step(), 3);
  EXPECT_FALSE(p.playing());
}

TEST(Playback, PlayAtTheLastStepStartsOver) {
  Playback p(5);
  p.last();
  p.play();
  EXPECT_TRUE(p.playing());
  EXPECT_EQ(p.step(), 0);
}

TEST(Playback, MovingByHandPauses) {
  Playback p(5);
  p.play();
  p.forward();
  EXPECT_FALSE(p.playing());
  p.toggle();
  EXPECT_TRUE(p.playing());
  p.toggle();
  EXPECT_FALSE(p.playing());
  EXPECT_FALSE(p.advance(5.0));
}

TEST(Playback, SpeedMovesAlongTheLadderAndClamps) {
  Playback p(100);
  p.faster();
  EXPECT_DOUBLE_EQ(p.speed(), 2.0);
  for (int i = 0; i < 20; ++i) p.faster();
  EXPECT_DOUBLE_EQ(p.speed(), Playback::kSpeeds.back());
  for (int i = 0; i < 20; ++i) p.slower();
  EXPECT_DOUBLE_EQ(p.speed(), Playback::kSpeeds.front());
  p.set_speed(1000.0);
  EXPECT_DOUBLE_EQ(p.speed(), Playback::kSpeeds.back());
  p.set_speed(3.0);
  p.slower();
  EXPECT_DOUBLE_EQ(p.speed(), 2.0);
}

TEST(Playback, FasterPlaybackTakesMoreStepsPerSecond) {
  Playback p(100);
  p.set_speed(4.0);
  p.play();
  p.advance(1.0);
  EXPECT_EQ(p.step(), 4);
}

TEST(Playback, ResetKeepsTheSpeed) {
  Playback p(10);
  p.faster();
  p.seek(5);
  p.reset(3);
  EXPECT_EQ(p.step(), 0);
  EXPECT_EQ(p.step_count(), 3);
  EXPECT_DOUBLE_EQ(p.speed(), 2.0);
}
