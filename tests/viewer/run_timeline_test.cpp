// The whole-run timeline: rows nested by the tracks' parents, slices across steps, counters,
// flows, summaries of groups; collapsing; zooming and panning the time range.
#include "model/run_timeline.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixture_trace.hpp"
#include "model/time_range.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

TEST(RunTimeline, NestsBlocksInTheirSmsAndPinsTheCounter) {
  const gt::Trace t = gridlock::viewer::testing::make_counter_trace(12, 4, false, 4);
  ASSERT_TRUE(has_timeline(t));
  const RunTimeline run = run_timeline(t);
  ASSERT_EQ(run.rows.size(), 1u + 4u + 12u);
  EXPECT_EQ(run.rows[0].name, "count");
  EXPECT_TRUE(run.rows[0].pinned);
  ASSERT_EQ(run.rows[0].events.counters.size(), 1u);
  EXPECT_EQ(run.rows[0].events.counters[0].samples.size(), 12u);  // one per write, over every step
  // SM 0, then the blocks it ran (0, 4, 8), then SM 1 ...
  EXPECT_EQ(run.rows[1].name, "SM 0");
  EXPECT_EQ(run.rows[1].depth, 0);
  EXPECT_EQ(run.rows[1].end, 5);
  EXPECT_TRUE(run.is_group(1));
  EXPECT_EQ(run.rows[2].name, "block 0");
  EXPECT_EQ(run.rows[2].parent, 1);
  EXPECT_EQ(run.rows[2].depth, 1);
  EXPECT_EQ(run.rows[4].name, "block 8");
  EXPECT_EQ(run.rows[5].name, "SM 1");
  ASSERT_EQ(run.level_kinds.size(), 2u);
  EXPECT_EQ(run.level_kinds[0], gt::TrackKind::sm);
  EXPECT_EQ(run.level_kinds[1], gt::TrackKind::block);
  EXPECT_TRUE(run.has_counters);
  // A block's slice keeps the values its begin and end carry: what it read and what it wrote.
  ASSERT_EQ(run.rows[2].events.slices.size(), 1u);
  EXPECT_EQ(run.rows[2].events.slices[0].begin_value + 1, run.rows[2].events.slices[0].end_value);
  // The SM's summary covers its blocks' slices, merged where they overlap.
  ASSERT_FALSE(run.rows[1].summary.empty());
  EXPECT_EQ(run.rows[1].summary.front().begin_ns, run.rows[2].events.slices[0].begin_ns);
}

TEST(RunTimeline, JoinsFlowsAndSlicesAcrossSteps) {
  const gt::Trace t = gridlock::viewer::testing::make_counter_trace(16, 4, false, 2);
  const RunTimeline run = run_timeline(t);
  int flows = 0;
  for (const gt::Step& s : t.steps)
    for (const gt::Event& e : s.events) flows += static_cast<int>(e.flows_out.size());
  ASSERT_GT(flows, 0);
  EXPECT_EQ(static_cast<int>(run.flows.size()), flows);  // also those whose ends lie in other steps
  for (const RunFlow& f : run.flows) {
    EXPECT_EQ(run.rows[static_cast<std::size_t>(f.from_row)].kind, gt::TrackKind::block);
    EXPECT_LE(f.from_ns, f.to_ns);
    const std::vector<gt::Event>& starts = t.steps[static_cast<std::size_t>(f.step)].events;
    EXPECT_TRUE(std::any_of(starts.begin(), starts.end(), [&](const gt::Event& e) {
      return std::find(e.flows_out.begin(), e.flows_out.end(), f.id) != e.flows_out.end();
    }));
  }
  // R1-like: a slice that begins in the first step and ends in the last is one slice.
  gt::Trace tree = gridlock::viewer::testing::make_halving_trace(64, 200, 3);
  gt::Event begin = tree.steps.front().events.front();
  begin.kind = gt::EventKind::slice_begin;
  begin.name = "kernel";
  begin.track = 2;  // the block track
  gt::Event end = begin;
  end.kind = gt::EventKind::slice_end;
  end.t_ns = tree.steps.back().events.back().t_ns;
  tree.steps.front().events.insert(tree.steps.front().events.begin(), begin);
  tree.steps.back().events.push_back(end);
  const RunTimeline whole = run_timeline(tree);
  ASSERT_EQ(whole.rows.size(), 3u);  // the block, its two warps
  EXPECT_EQ(whole.rows[0].name, "block 0");
  ASSERT_EQ(whole.rows[0].events.slices.size(), 1u);
  EXPECT_FALSE(whole.rows[0].events.slices[0].open);
  EXPECT_EQ(whole.rows[0].events.slices[0].end_ns, end.t_ns);
}

TEST(RunTimeline, CollapsingHidesNestedRowsAndMovesTheirEventsUp) {
  const RunTimeline run = run_timeline(gridlock::viewer::testing::make_counter_trace(12, 4, false, 4));
  const Collapsed open = collapse_from_depth(run, 99);
  EXPECT_EQ(visible_rows(run, open).size(), 16u);  // every row but the pinned counter
  const Collapsed sms = collapse_from_depth(run, 0);
  const std::vector<int> rows = visible_rows(run, sms);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1], 5);                 // SM 1
  EXPECT_EQ(shown_row(run, sms, 3), 1);  // block 4 shows in SM 0's row
  EXPECT_EQ(shown_row(run, open, 3), 3);
  EXPECT_FALSE(has_timeline(gt::Trace{}));
  EXPECT_TRUE(run_timeline(gt::Trace{}).empty());
}

TEST(TimeRange, ZoomsAboutAnAnchorAndStaysInsideTheRun) {
  const TimeRange full{0, 1000};
  const TimeRange in = zoom_range(full, 4.0, 500, full, 10);
  EXPECT_DOUBLE_EQ(in.begin, 375);
  EXPECT_DOUBLE_EQ(in.end, 625);
  const TimeRange edge = zoom_range(full, 2.0, 0, full, 10);
  EXPECT_DOUBLE_EQ(edge.begin, 0);
  EXPECT_DOUBLE_EQ(edge.end, 500);
  EXPECT_DOUBLE_EQ(zoom_range(in, 1000.0, 500, full, 10).span(), 10);   // no closer than min_span
  EXPECT_DOUBLE_EQ(zoom_range(in, 0.001, 500, full, 10).span(), 1000);  // no wider than the run
  const TimeRange moved = pan_range(in, 1000, full, 10);
  EXPECT_DOUBLE_EQ(moved.end, 1000);
  EXPECT_DOUBLE_EQ(moved.span(), 250);
  const TimeRange follows = follow_time(in, 900, full, 10);
  EXPECT_TRUE(follows.contains(900));
  EXPECT_DOUBLE_EQ(follows.end, 925);  // 900 sits a tenth of the span inside the edge
  EXPECT_DOUBLE_EQ(follow_time(in, 500, full, 10).begin, in.begin);
  const TimeRange padded = padded_range(100, 200);
  EXPECT_DOUBLE_EQ(padded.begin, 98);
  EXPECT_DOUBLE_EQ(tick_spacing(1000, 5), 200);
  EXPECT_DOUBLE_EQ(tick_spacing(4600, 8), 1000);
}

TEST(FixtureTrace, TheCounterIsTrueToItsClock) {
  for (bool atomic : {false, true}) {
    const gt::Trace t = gridlock::viewer::testing::make_counter_trace(64, 8, atomic, 16);
    const std::vector<std::string> invalid = gt::validate(t);
    EXPECT_TRUE(invalid.empty()) << invalid.front();
    const std::vector<std::string> problems = gt::check_truth(t);
    EXPECT_TRUE(problems.empty()) << problems.front();
    EXPECT_EQ(gt::from_json(gt::to_json(t)).variant, atomic ? "atomic" : "racy");
  }
}

// A run of thousands of blocks opens on its streams; a small run opens on every row.
TEST(RunTimeline, OpensOnTheDeepestLevelThatFitsAScreen) {
  const gridlock::trace::Trace big =
      gridlock::trace::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                                 "/streams/concurrent-kernels/recorded/concurrent-kernels.corrected.json");
  const RunTimeline run = run_timeline(big);
  const int deepest = static_cast<int>(run.level_kinds.size());
  const int depth = opening_depth(run, 48);
  EXPECT_LT(depth, deepest);
  EXPECT_GE(depth, 1);
  EXPECT_LE(visible_rows(run, collapse_from_depth(run, depth)).size(), 48u);
  EXPECT_GT(visible_rows(run, collapse_from_depth(run, depth + 1)).size(),
            48u);  // one level more would not fit

  const RunTimeline small = run_timeline(gridlock::viewer::testing::make_counter_trace(4, 2, false, 4));
  EXPECT_EQ(opening_depth(small, 48), static_cast<int>(small.level_kinds.size()));
  EXPECT_EQ(opening_depth(RunTimeline{}, 48), 0);
}
