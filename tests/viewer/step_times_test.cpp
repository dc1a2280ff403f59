// Step windows from events, the step a time shows, and the time cursor playing through them.
#include "model/step_times.hpp"

#include <gtest/gtest.h>

#include "fixture_trace.hpp"
#include "model/playback.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

StepWindow window(int64_t begin, int64_t end) { return StepWindow{begin, end, true}; }

// Three steps one after another, then one without events.
StepTimes sequential() {
  return StepTimes({window(100, 200), window(200, 300), window(310, 410), StepWindow{410, 410, false}});
}

}  // namespace

TEST(StepTimes, WindowsComeFromTheStepsEvents) {
  const gt::Trace t = gridlock::viewer::testing::make_counter_trace(16, 4, false, 8);
  const std::vector<StepWindow> w = step_windows(t);
  ASSERT_EQ(w.size(), 3u);  // two steps of 8 writes, then "after the kernel"
  EXPECT_TRUE(w[0].timed);
  EXPECT_EQ(w[0].begin_ns, 1000);  // the first read
  EXPECT_GT(w[0].end_ns, w[0].begin_ns);
  // The step without events sits where the one before it ended.
  EXPECT_FALSE(w[2].timed);
  EXPECT_EQ(w[2].begin_ns, w[1].end_ns);
  EXPECT_EQ(w[2].end_ns, w[1].end_ns);
}

TEST(StepTimes, AStepIsShownFromTheTimeTheStepBeforeItEnded) {
  const StepTimes t = sequential();
  EXPECT_EQ(t.begin_ns(), 100);
  EXPECT_EQ(t.end_ns(), 410);
  EXPECT_EQ(t.step_at(0), 0);  // before the run: the first step
  EXPECT_EQ(t.step_at(150), 0);
  EXPECT_EQ(t.step_at(199), 0);
  EXPECT_EQ(t.step_at(200), 1);
  EXPECT_EQ(t.step_at(305), 2);  // the gap after step 1's window already shows step 2
  EXPECT_EQ(t.step_at(409), 2);
  EXPECT_EQ(t.step_at(410), 3);  // the run is over: the step after it
  EXPECT_EQ(t.step_at(10000), 3);
  EXPECT_EQ(t.time_of(2), 310);  // the window's begin, where the step is already shown
  EXPECT_EQ(t.time_of(3), 410);
}

TEST(StepTimes, OverlappingStepsAreShownInOrderOfCompletion) {
  // Windows that start together, as writes grouped by the order they were issued do.
  const StepTimes t({window(0, 300), window(10, 300), window(5, 420), window(20, 500)});
  EXPECT_EQ(t.step_at(100), 0);
  EXPECT_EQ(t.step_at(300), 2);  // steps 0 and 1 ended at 300: step 1 is passed over
  EXPECT_EQ(t.step_at(420), 3);
  EXPECT_EQ(t.time_of(1), 300);  // no time shows step 1 on its own
  EXPECT_EQ(t.time_of(3), 420);
  for (int64_t x = -50; x < 600; x += 7) EXPECT_LE(t.step_at(x), t.step_at(x + 7));
}

TEST(StepTimes, ATraceWithoutTimesGetsOnePointPerStep) {
  gt::Trace t = gridlock::viewer::testing::make_halving_trace(64, 200, 3);
  for (gt::Step& s : t.steps) s.events.clear();
  const StepTimes times = step_times(t);
  EXPECT_FALSE(times.timed());
  EXPECT_EQ(times.window(3).begin_ns, 3 * StepTimes::kUntimedStepNs);
  EXPECT_EQ(times.step_at(3 * StepTimes::kUntimedStepNs), 3);
}

TEST(TimeCursor, PlayingMovesTheTimeThroughEachStepsWindow) {
  Playback p(sequential());
  EXPECT_EQ(p.time_ns(), 100);
  p.play();
  p.advance(0.5);  // half a step at 1 step per second
  EXPECT_EQ(p.step(), 0);
  EXPECT_EQ(p.time_ns(), 150);
  EXPECT_NEAR(p.step_fraction(), 0.5, 1e-9);
  EXPECT_TRUE(p.advance(0.75));  // into the next step, a quarter of the way through its window
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 225);
  p.set_speed(2.0);
  p.advance(0.5);  // one step at twice the speed: the next window's begin plus a quarter of it
  EXPECT_EQ(p.step(), 2);
  EXPECT_EQ(p.time_ns(), 310 + 25);
  p.advance(10.0);  // into the last step, which has no window: playing stops there
  EXPECT_EQ(p.step(), 3);
  EXPECT_EQ(p.time_ns(), 410);
  EXPECT_FALSE(p.playing());
  p.play();  // at the end: starts over
  EXPECT_EQ(p.step(), 0);
  EXPECT_EQ(p.time_ns(), 100);
}

TEST(TimeCursor, SteppingByHandJumpsToTheWindowsBegin) {
  Playback p(sequential());
  p.play();
  p.advance(0.6);
  p.forward();
  EXPECT_FALSE(p.playing());
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 200);
  p.forward();
  EXPECT_EQ(p.time_ns(), 310);
  p.back();
  EXPECT_EQ(p.cursor().step, 1);
  EXPECT_EQ(p.cursor().t_ns, 200);
  p.last();
  EXPECT_EQ(p.time_ns(), 410);
  p.first();
  EXPECT_EQ(p.time_ns(), 100);
}

TEST(TimeCursor, SeekingATimeShowsTheStepOfThatTime) {
  Playback p(sequential());
  p.seek_time(250);
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 250);
  EXPECT_NEAR(p.step_fraction(), 0.5, 1e-9);
  p.play();  // resumes from there
  p.advance(0.25);
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 275);
  p.seek_time(5000);
  EXPECT_EQ(p.step(), 3);
}
