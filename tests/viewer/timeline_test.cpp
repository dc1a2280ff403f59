// Step timelines from begin/end events.
#include "model/timeline.hpp"

#include <gtest/gtest.h>

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

TEST(StepTimeline, PairsBeginsWithEndsPerTrack) {
  gt::Trace t;
  t.tracks = {{1, gt::TrackKind::warp, "warp 0", 0, 0, 3}, {2, gt::TrackKind::warp, "warp 1", 0, 1, 3}};
  gt::Step s;
  s.label = "PHASE 1: x";
  s.events = {
      {2, gt::EventKind::slice_begin, 100, "work", 0}, {1, gt::EventKind::slice_begin, 50, "work", 0},
      {1, gt::EventKind::slice_end, 80, "work", 0},    {1, gt::EventKind::slice_begin, 80, "wait", 0},
      {1, gt::EventKind::slice_end, 140, "wait", 0},   {2, gt::EventKind::slice_end, 90, "stray", 0},
      {2, gt::EventKind::instant, 120, "ticket", 0},   {9, gt::EventKind::slice_begin, 130, "lost", 0}};
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  EXPECT_EQ(tl.begin_ns, 50);
  EXPECT_EQ(tl.end_ns, 140);
  ASSERT_EQ(tl.rows.size(), 3u);
  EXPECT_EQ(tl.rows[0].name, "warp 0");
  EXPECT_EQ(tl.rows[0].warp, 0);
  ASSERT_EQ(tl.rows[0].slices.size(), 2u);
  EXPECT_EQ(tl.rows[0].slices[0].name, "work");
  EXPECT_EQ(tl.rows[0].slices[0].end_ns, 80);
  EXPECT_EQ(tl.rows[0].slices[1].name, "wait");
  EXPECT_FALSE(tl.rows[0].slices[1].open);
  // warp 1: the stray end (before its begin) is ignored, the begin stays open to the step's end
  ASSERT_EQ(tl.rows[1].slices.size(), 1u);
  EXPECT_TRUE(tl.rows[1].slices[0].open);
  EXPECT_EQ(tl.rows[1].slices[0].end_ns, 140);
  ASSERT_EQ(tl.rows[1].instants.size(), 1u);
  EXPECT_EQ(tl.rows[1].instants[0].name, "ticket");
  EXPECT_EQ(tl.rows[2].name, "track 9");
  EXPECT_TRUE(step_timeline(t, 5).empty());
}

TEST(StepTimeline, NestedSlicesGetDepths) {
  gt::Trace t;
  gt::Step s;
  s.events = {{0, gt::EventKind::slice_begin, 0, "outer", 0},
              {0, gt::EventKind::slice_begin, 10, "inner", 0},
              {0, gt::EventKind::slice_end, 20, "inner", 0},
              {0, gt::EventKind::slice_end, 30, "outer", 0}};
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  ASSERT_EQ(tl.rows.size(), 1u);
  ASSERT_EQ(tl.rows[0].slices.size(), 2u);
  EXPECT_EQ(tl.rows[0].slices[0].depth, 0);
  EXPECT_EQ(tl.rows[0].slices[0].end_ns, 30);
  EXPECT_EQ(tl.rows[0].slices[1].depth, 1);
  EXPECT_EQ(tl.rows[0].slices[1].end_ns, 20);
}
