// Compare mode without a window: two traces with different step structures under one time.
#include "model/compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "fixture_trace.hpp"
#include "model/compare_markers.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

// A timed step whose focus is `focus`, or its begin.
StepWindow window(int64_t begin, int64_t end, std::optional<int64_t> focus = std::nullopt) {
  return StepWindow{begin, end, true, focus.value_or(begin)};
}

// A: three steps one after another. B: two overlapping steps (the second about its event at
// 250) and a step after the run.
CompareCursor two_structures() {
  return CompareCursor(StepTimes({window(0, 100), window(100, 200), window(200, 300)}),
                       StepTimes({window(0, 250), window(50, 280, 250), StepWindow{280, 280, false, 280}}));
}

}  // namespace

TEST(Compare, OneTimeShowsEachSideItsOwnStep) {
  CompareCursor c = two_structures();
  EXPECT_EQ(c.begin_ns(), 0);
  EXPECT_EQ(c.end_ns(), 300);
  c.seek_time(150);
  EXPECT_EQ(c.step(0), 1);
  EXPECT_EQ(c.step(1), 0);
  c.seek_time(260);
  EXPECT_EQ(c.step(0), 2);
  EXPECT_EQ(c.step(1), 1);
  c.seek_time(290);
  EXPECT_EQ(c.step(1), 2);  // B's run is over: its "after" step
  EXPECT_EQ(c.cursor(0).t_ns, 290);
  c.seek_time(-5);  // clamped into the span
  EXPECT_EQ(c.time_ns(), 0);
}

TEST(Compare, SteppingStopsWhereEitherSideChangesStep) {
  CompareCursor c = two_structures();
  const std::vector<int64_t> expected = {0, 100, 200, 250, 280, 300};
  EXPECT_EQ(c.stops(), expected);
  c.forward();
  EXPECT_EQ(c.time_ns(), 100);
  c.forward();
  c.forward();
  EXPECT_EQ(c.time_ns(), 250);
  EXPECT_EQ(c.step(1), 1);
  c.back();
  EXPECT_EQ(c.time_ns(), 200);
  c.last();
  EXPECT_TRUE(c.at_last());
  EXPECT_EQ(c.step(0), 2);
  EXPECT_EQ(c.step(1), 2);
  c.first();
  EXPECT_TRUE(c.at_first());
  c.seek_step(0, 2);
  EXPECT_EQ(c.time_ns(), 200);
}

TEST(Compare, PlayingRunsTheSpanAsFastAsTheLongerSideSteps) {
  CompareCursor c = two_structures();
  EXPECT_DOUBLE_EQ(c.ns_per_second(), 100.0);  // 300 ns over 3 steps
  c.play();
  EXPECT_FALSE(c.advance(0.5));
  EXPECT_EQ(c.time_ns(), 50);
  EXPECT_TRUE(c.advance(0.6));  // A moves to step 1
  EXPECT_EQ(c.time_ns(), 110);
  c.faster();
  c.advance(10.0);
  EXPECT_EQ(c.time_ns(), 300);
  EXPECT_FALSE(c.playing());
  c.play();  // at the end: from the start again
  EXPECT_EQ(c.time_ns(), 0);
}

TEST(Compare, RacyAndAtomicCountersShareOneClock) {
  const gt::Trace racy = gridlock::viewer::testing::make_counter_trace(32, 8, false, 8);
  const gt::Trace atomic = gridlock::viewer::testing::make_counter_trace(32, 8, true, 16);
  CompareCursor c(step_times(racy), step_times(atomic));
  EXPECT_EQ(c.times(0).step_count(), 5);
  EXPECT_EQ(c.times(1).step_count(), 3);
  c.last();
  EXPECT_EQ(c.step(0), 4);  // each side after its kernel
  EXPECT_EQ(c.step(1), 2);
  c.seek_step(0, 2);
  EXPECT_EQ(c.step(0), 2);
  EXPECT_EQ(c.step(1), c.times(1).step_at(c.time_ns()));
}

TEST(Compare, AligningTheFirstEventsShiftsTheSecondClock) {
  // B's run starts 1000 ns later on its own clock; aligned, its first event meets A's.
  CompareCursor c(StepTimes({window(0, 100), window(100, 200)}),
                  StepTimes({window(1000, 1150), window(1150, 1300)}));
  EXPECT_EQ(c.end_ns(), 1300);
  c.align(Alignment::first_events);
  EXPECT_EQ(c.begin_ns(), 0);
  EXPECT_EQ(c.end_ns(), 300);
  c.seek_time(120);
  EXPECT_EQ(c.step(0), 1);
  EXPECT_EQ(c.step(1), 0);  // B's clock reads 1120: its first step still runs
  EXPECT_EQ(c.cursor(1).t_ns, 1120);
  c.forward();
  EXPECT_EQ(c.time_ns(), 150);  // where B enters its second step
  c.seek_step(1, 1);
  EXPECT_EQ(c.side_time(1), 1150);
  c.align(Alignment::origins);
  EXPECT_EQ(c.end_ns(), 1300);
  EXPECT_EQ(c.time_ns(), 150);
}

TEST(Compare, AligningWholeRunsScalesTheSecondClock) {
  // A model counting ticks (0..4) beside a run of 4000 ns that starts at 1000 ns.
  CompareCursor c(StepTimes({window(0, 1), window(1, 2), window(2, 4)}),
                  StepTimes({window(1000, 3000), window(3000, 5000)}));
  c.align(Alignment::whole_runs);
  EXPECT_EQ(c.begin_ns(), 0);
  EXPECT_EQ(c.end_ns(), 4);
  EXPECT_DOUBLE_EQ(c.map(1).scale, 1000.0);
  c.seek_time(2);
  EXPECT_EQ(c.side_time(1), 3000);
  EXPECT_EQ(c.step(1), 1);
  c.seek_step(1, 1);  // a shared time whose side time shows B's second step
  EXPECT_EQ(c.step(1), 1);
  EXPECT_GE(c.side_time(1), 3000);
  for (int64_t x : {999, 1000, 2999, 3001, 4999}) EXPECT_GE(c.map(1).to_side(c.map(1).to_shared(x)), x);
}

// A trace of timings alone (no steps) beside a run: the cursor moves along the run's steps, in
// every alignment, and the side without steps stays at its only place.
TEST(Compare, ASideWithoutStepsFollowsTheOther) {
  for (Alignment a : {Alignment::origins, Alignment::first_events, Alignment::whole_runs}) {
    CompareCursor c(StepTimes{}, StepTimes({window(1000, 1100), window(1100, 1300)}));
    c.align(a);
    SCOPED_TRACE(static_cast<int>(a));
    EXPECT_EQ(c.end_ns() - c.begin_ns(), 300);  // the run's span, whatever the alignment
    c.first();
    EXPECT_EQ(c.step(0), 0);
    EXPECT_EQ(c.step(1), 0);
    c.forward();
    EXPECT_EQ(c.step(1), 1);
    EXPECT_EQ(c.step(0), 0);
    c.play();
    c.advance(10.0);
    EXPECT_TRUE(c.at_last());
    EXPECT_EQ(c.step(0), 0);
  }
}

namespace {

EventMarker marker_at(int step, MarkerKind kind) {
  EventMarker m;
  m.step = step;
  m.kind = kind;
  return m;
}

}  // namespace

TEST(CompareMarkers, SitWhereEachSideShowsTheirStepOnTheSharedClock) {
  CompareCursor c = two_structures();
  // A's lock at its step 2 (entered at 200), B's lost update at its step 1 (entered at 250).
  const std::array<std::vector<EventMarker>, 2> markers = {
      std::vector<EventMarker>{marker_at(2, MarkerKind::lock)},
      std::vector<EventMarker>{marker_at(0, MarkerKind::ticket), marker_at(1, MarkerKind::lost_update)}};
  const std::vector<CompareMarker> placed = compare_markers(c, markers);
  ASSERT_EQ(placed.size(), 3u);
  EXPECT_EQ(placed[0].side, 1);  // B's step 0 is shown from the start
  EXPECT_EQ(placed[1].marker.kind, MarkerKind::lock);
  EXPECT_EQ(placed[2].marker.kind, MarkerKind::lost_update);
  for (const CompareMarker& m : placed) {
    c.seek_time(m.shared_ns);
    EXPECT_EQ(c.step(m.side), m.marker.step) << "side " << m.side;
  }
}

TEST(CompareMarkers, JumpFromMarkerToMarkerAndStopAtTheEnds) {
  CompareCursor c = two_structures();
  const std::array<std::vector<EventMarker>, 2> markers = {
      std::vector<EventMarker>{marker_at(1, MarkerKind::ticket), marker_at(2, MarkerKind::merge)},
      std::vector<EventMarker>{marker_at(1, MarkerKind::lost_update)}};
  const std::vector<CompareMarker> placed = compare_markers(c, markers);
  c.seek_time(0);
  c.play();
  std::vector<int64_t> visited;
  while (jump_to_next_marker(c, placed)) visited.push_back(c.time_ns());
  EXPECT_FALSE(c.playing());  // a jump pauses
  ASSERT_EQ(visited.size(), 3u);
  EXPECT_TRUE(std::is_sorted(visited.begin(), visited.end()));
  EXPECT_EQ(c.step(0), 2);  // the last marker: A's merge
  EXPECT_FALSE(jump_to_next_marker(c, placed));
  const int64_t at_end = c.time_ns();
  EXPECT_EQ(c.time_ns(), at_end);
  ASSERT_TRUE(jump_to_previous_marker(c, placed));
  EXPECT_EQ(c.time_ns(), visited[1]);
  EXPECT_FALSE(next_marker_time({}, 0).has_value());
  EXPECT_FALSE(previous_marker_time(placed, placed.front().shared_ns).has_value());
}

// The racy and atomic counters' shipped traces: the lost updates of the racy side can be reached
// on the shared clock. Each lands where the racy side enters the step that holds them, or, for a
// step that no time shows (the next one is entered at the same instant), on that next step.
TEST(CompareMarkers, ReachTheRacyCountersLostUpdatesBesideTheAtomicRun) {
  const std::string dir = std::string(GRIDLOCK_TEST_LESSONS_DIR) + "/locks/racy-counter/recorded/";
  const gt::Trace racy = gt::read_file(dir + "racy-counter.json"),
                  atomic = gt::read_file(dir + "racy-counter.atomic.json");
  CompareCursor c(step_times(racy), step_times(atomic));
  c.align(Alignment::first_events);
  const std::vector<CompareMarker> placed = compare_markers(c, {event_markers(racy), event_markers(atomic)});
  int lost = 0;
  for (const CompareMarker& m : placed) {
    if (m.marker.kind != MarkerKind::lost_update) continue;
    ++lost;
    EXPECT_EQ(m.side, 0);
    c.seek_time(m.shared_ns);
    EXPECT_EQ(c.side_time(0), c.times(0).time_of(m.marker.step));
    EXPECT_GE(c.step(0), m.marker.step);
    if (c.step(0) != m.marker.step) {
      EXPECT_EQ(c.times(0).entry_ns(c.step(0)), c.times(0).entry_ns(m.marker.step));
    }
  }
  EXPECT_GT(lost, 0);
}
