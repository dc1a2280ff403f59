// Step windows from events, the step a time shows, and the time cursor playing through them.
#include "model/step_times.hpp"

#include <gtest/gtest.h>

#include <optional>

#include "fixture_trace.hpp"
#include "model/playback.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

// A timed step whose focus is `focus`, or its begin.
StepWindow window(int64_t begin, int64_t end, std::optional<int64_t> focus = std::nullopt) {
  return StepWindow{begin, end, true, focus.value_or(begin)};
}

// Three steps one after another, then one without events.
StepTimes sequential() {
  return StepTimes({window(100, 200), window(200, 300), window(310, 410), StepWindow{410, 410, false, 410}});
}

// Steps of one launch at 0, as in a lock lesson: every step holds a spin that began there, and
// each is about an event of its own (a lock taken at 150, 250, 330).
StepTimes launched_together() {
  return StepTimes(
      {window(0, 200, 150), window(0, 300, 250), window(0, 410, 330), StepWindow{410, 410, false, 410}});
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

TEST(StepTimes, AStepIsShownFromItsFocusOn) {
  const StepTimes t = sequential();
  EXPECT_EQ(t.begin_ns(), 100);
  EXPECT_EQ(t.end_ns(), 410);
  EXPECT_EQ(t.step_at(0), 0);  // before the run: the first step
  EXPECT_EQ(t.step_at(150), 0);
  EXPECT_EQ(t.step_at(199), 0);
  EXPECT_EQ(t.step_at(200), 1);
  EXPECT_EQ(t.step_at(305), 1);  // the gap after step 1's window: step 2 has not happened yet
  EXPECT_EQ(t.step_at(310), 2);
  EXPECT_EQ(t.step_at(409), 2);
  EXPECT_EQ(t.step_at(410), 3);  // the run is over: the step after it
  EXPECT_EQ(t.step_at(10000), 3);
  EXPECT_EQ(t.time_of(2), 310);
  EXPECT_EQ(t.time_of(3), 410);
}

TEST(StepTimes, StepsOfOneLaunchAreShownFromTheirOwnEventsNotTheLaunch) {
  const StepTimes t = launched_together();
  EXPECT_EQ(t.step_at(100), 0);
  EXPECT_EQ(t.step_at(249), 0);
  EXPECT_EQ(t.step_at(250), 1);
  EXPECT_EQ(t.step_at(330), 2);
  EXPECT_EQ(t.time_of(1), 250);
  EXPECT_EQ(t.time_of(2), 330);
}

TEST(StepTimes, AStepWhoseFocusLiesBeforeAnEarlierStepsIsShownAfterIt) {
  // Overlapping steps whose events are not in step order, as concurrent kernels' are.
  const StepTimes t({window(0, 300, 300), window(10, 300, 200), window(5, 420, 420), window(20, 500, 400)});
  EXPECT_EQ(t.step_at(250), 0);
  EXPECT_EQ(t.step_at(300), 1);  // step 1 happened at 200, but a time going forward meets it at 300
  EXPECT_EQ(t.time_of(1), 300);
  EXPECT_EQ(t.step_at(420), 3);  // steps 2 and 3 both at 420: no time shows step 2 alone
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

TEST(TimeCursor, PlayingSweepsTheTimeFromEachStepToTheNext) {
  Playback p(sequential());
  EXPECT_EQ(p.time_ns(), 100);
  p.play();
  p.advance(0.5);  // half a step at 1 step per second: half way from step 0 (100) to step 1 (200)
  EXPECT_EQ(p.step(), 0);
  EXPECT_EQ(p.time_ns(), 150);
  EXPECT_NEAR(p.step_fraction(), 0.5, 1e-9);
  EXPECT_TRUE(p.advance(0.75));  // into the next step, a quarter of the way from 200 to 310
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 228);
  p.set_speed(2.0);
  p.advance(0.5);  // one step at twice the speed: a quarter of the way from 310 to 410
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

TEST(TimeCursor, SteppingByHandGoesToTheStepsOwnEvent) {
  Playback p(launched_together());
  EXPECT_EQ(p.time_ns(), 150);  // not the launch at 0
  p.play();
  p.advance(0.6);
  p.forward();
  EXPECT_FALSE(p.playing());
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 250);
  p.forward();
  EXPECT_EQ(p.time_ns(), 330);
  p.back();
  EXPECT_EQ(p.cursor().step, 1);
  EXPECT_EQ(p.cursor().t_ns, 250);
  p.last();
  EXPECT_EQ(p.time_ns(), 410);
  p.first();
  EXPECT_EQ(p.time_ns(), 150);
}

TEST(TimeCursor, PlayingNeverMovesTheTimeBack) {
  // Step 1's own event (200) lies before step 0's (300): playing waits at 300 while showing it.
  Playback p(StepTimes({window(0, 300, 300), window(10, 300, 200), window(5, 420, 420)}));
  p.play();
  int64_t before = p.time_ns();
  for (int frame = 0; frame < 200 && p.playing(); ++frame) {
    p.advance(1.0 / 30);
    EXPECT_GE(p.time_ns(), before) << "frame " << frame;
    before = p.time_ns();
  }
  EXPECT_EQ(p.step(), 2);
  EXPECT_EQ(p.time_ns(), 420);
  p.seek(1);  // by hand: the step's own event, earlier than the step before's
  EXPECT_EQ(p.time_ns(), 200);
  p.play();
  p.advance(0.5);  // from there forward, half way to step 2's entry
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 310);
}

TEST(TimeCursor, SeekingATimeShowsTheStepOfThatTime) {
  Playback p(sequential());
  p.seek_time(250);
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 250);
  EXPECT_NEAR(p.step_fraction(), 50.0 / 110.0, 1e-9);  // of the way from 200 to 310
  p.play();                                            // resumes from there
  p.advance(0.25);
  EXPECT_EQ(p.step(), 1);
  EXPECT_EQ(p.time_ns(), 278);  // 200 + (50/110 + 0.25) * 110, rounded
  p.seek_time(5000);
  EXPECT_EQ(p.step(), 3);
}
