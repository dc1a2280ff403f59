// Step timelines from events: slices, instants, counters and flows; the categories that colour them.
#include "model/timeline.hpp"

#include <gtest/gtest.h>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Event event(int track, gt::EventKind kind, int64_t t, std::string name,
                gt::Category category = gt::Category::work, double value = 0) {
  return gt::make_event(track, kind, t, std::move(name), category, value);
}

gt::Track warp(int id, int w) {
  gt::Track t;
  t.id = id;
  t.kind = gt::TrackKind::warp;
  t.name = "warp " + std::to_string(w);
  t.block = 0;
  t.warp = w;
  return t;
}

}  // namespace

TEST(StepTimeline, PairsBeginsWithEndsPerTrack) {
  gt::Trace t;
  t.tracks = {warp(1, 0), warp(2, 1)};
  gt::Step s;
  s.label = "PHASE 1: x";
  s.events = {event(2, gt::EventKind::slice_begin, 100, "work"),
              event(1, gt::EventKind::slice_begin, 50, "work"),
              event(1, gt::EventKind::slice_end, 80, "work"),
              event(1, gt::EventKind::slice_begin, 80, "wait at __syncthreads", gt::Category::barrier),
              event(1, gt::EventKind::slice_end, 140, "wait at __syncthreads", gt::Category::barrier),
              event(2, gt::EventKind::slice_end, 90, "stray"),
              event(2, gt::EventKind::instant, 120, "ticket", gt::Category::atomic, 3),
              event(9, gt::EventKind::slice_begin, 130, "lost")};
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  EXPECT_EQ(tl.begin_ns, 50);
  EXPECT_EQ(tl.end_ns, 140);
  ASSERT_EQ(tl.rows.size(), 3u);
  EXPECT_EQ(tl.rows[0].name, "warp 0");
  EXPECT_EQ(tl.rows[0].warp, 0);
  ASSERT_EQ(tl.rows[0].slices.size(), 2u);
  EXPECT_EQ(tl.rows[0].slices[0].name, "work");
  EXPECT_EQ(tl.rows[0].slices[0].category, gt::Category::work);
  EXPECT_EQ(tl.rows[0].slices[0].end_ns, 80);
  EXPECT_EQ(tl.rows[0].slices[1].category, gt::Category::barrier);
  EXPECT_FALSE(tl.rows[0].slices[1].open);
  // warp 1: the stray end (before its begin) is ignored, the begin stays open to the step's end
  ASSERT_EQ(tl.rows[1].slices.size(), 1u);
  EXPECT_TRUE(tl.rows[1].slices[0].open);
  EXPECT_EQ(tl.rows[1].slices[0].end_ns, 140);
  ASSERT_EQ(tl.rows[1].instants.size(), 1u);
  EXPECT_EQ(tl.rows[1].instants[0].name, "ticket");
  EXPECT_EQ(tl.rows[1].instants[0].category, gt::Category::atomic);
  EXPECT_EQ(tl.rows[1].instants[0].value, 3.0);
  EXPECT_EQ(tl.rows[2].name, "track 9");
  EXPECT_TRUE(step_timeline(t, 5).empty());
}

TEST(StepTimeline, NestedSlicesGetDepths) {
  gt::Trace t;
  gt::Step s;
  s.events = {
      event(0, gt::EventKind::slice_begin, 0, "outer"), event(0, gt::EventKind::slice_begin, 10, "inner"),
      event(0, gt::EventKind::slice_end, 20, "inner"), event(0, gt::EventKind::slice_end, 30, "outer")};
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  ASSERT_EQ(tl.rows.size(), 1u);
  ASSERT_EQ(tl.rows[0].slices.size(), 2u);
  EXPECT_EQ(tl.rows[0].slices[0].depth, 0);
  EXPECT_EQ(tl.rows[0].slices[0].end_ns, 30);
  EXPECT_EQ(tl.rows[0].slices[1].depth, 1);
  EXPECT_EQ(tl.rows[0].slices[1].end_ns, 20);
}

TEST(StepTimeline, CountersBecomeSeriesByName) {
  gt::Trace t;
  gt::Step s;
  s.events = {event(0, gt::EventKind::counter, 0, "owner", gt::Category::other, 2),
              event(0, gt::EventKind::counter, 5, "count", gt::Category::other, 10),
              event(0, gt::EventKind::counter, 10, "owner", gt::Category::other, -1),
              event(0, gt::EventKind::counter, 20, "owner", gt::Category::other, 4)};
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  ASSERT_EQ(tl.rows.size(), 1u);
  EXPECT_TRUE(tl.rows[0].instants.empty());
  ASSERT_EQ(tl.rows[0].counters.size(), 2u);
  const CounterSeries& owner = tl.rows[0].counters[0];
  EXPECT_EQ(owner.name, "owner");
  ASSERT_EQ(owner.samples.size(), 3u);
  EXPECT_EQ(owner.samples[1].t_ns, 10);
  EXPECT_EQ(owner.samples[1].value, -1.0);
  EXPECT_EQ(owner.min, -1.0);
  EXPECT_EQ(owner.max, 4.0);
  EXPECT_EQ(tl.rows[0].counters[1].samples.size(), 1u);
}

TEST(StepTimeline, FlowsJoinEventsWhoseEndsAreBothInTheStep) {
  gt::Trace t;
  t.tracks = {warp(1, 0), warp(2, 1)};
  gt::Step s;
  gt::Event ticket = event(2, gt::EventKind::instant, 10, "ticket");
  ticket.flows_out = {7, 8};
  gt::Event merge = event(1, gt::EventKind::instant, 30, "merge");
  merge.flows_in = {7};
  s.events = {ticket, merge};  // flow 8 ends in another step
  t.steps = {s};
  const StepTimeline tl = step_timeline(t, 0);
  ASSERT_EQ(tl.flows.size(), 1u);
  EXPECT_EQ(tl.flows[0].id, 7);
  EXPECT_EQ(tl.rows[tl.flows[0].from_row].track, 2);
  EXPECT_EQ(tl.rows[tl.flows[0].to_row].track, 1);
  EXPECT_EQ(tl.flows[0].from_ns, 10);
  EXPECT_EQ(tl.flows[0].to_ns, 30);
}

// What the colours and the "longest at work" measure rest on: the category, never the name.
TEST(TimelineCategories, WaitingIsDecidedByCategory) {
  EXPECT_FALSE(is_waiting(gt::Category::work));
  EXPECT_FALSE(is_waiting(gt::Category::critical));
  EXPECT_FALSE(is_waiting(gt::Category::atomic));
  EXPECT_TRUE(is_waiting(gt::Category::barrier));
  EXPECT_TRUE(is_waiting(gt::Category::wait));
  EXPECT_TRUE(is_waiting(gt::Category::spin));
  EXPECT_TRUE(is_waiting(gt::Category::sync));
  TimelineRow row;
  row.slices = {{0, 40, "waiting for nothing", gt::Category::work, 0, false},
                {40, 100, "work", gt::Category::barrier, 0, false},
                {10, 20, "inner", gt::Category::work, 1, false}};
  EXPECT_EQ(work_ns(row), 40);
}

TEST(TimelineCategories, TheLegendListsEachCategoryOnceInDeclarationOrder) {
  const gt::Trace t = gridlock::viewer::testing::make_halving_trace(64, 200, 7);
  const StepTimeline load = step_timeline(t, 0);
  EXPECT_EQ(categories_in(load), (std::vector<gt::Category>{gt::Category::work, gt::Category::barrier}));
  EXPECT_EQ(load.flows.size(), 1u);
  const StepTimeline write = step_timeline(t, static_cast<int>(t.steps.size()) - 1);
  EXPECT_EQ(categories_in(write), (std::vector<gt::Category>{gt::Category::work}));
  EXPECT_TRUE(categories_in(StepTimeline{}).empty());
}

// A mask's counter is written in hex, as the code writes it; other counters, and values a mask
// cannot hold, in decimal.
TEST(TimelineCounters, AMaskIsWrittenInHex) {
  CounterSeries mask;
  mask.hex = true;
  EXPECT_EQ(counter_value_text(mask, 255), "0xff");
  EXPECT_EQ(counter_value_text(mask, 0), "0x0");
  EXPECT_EQ(counter_value_text(mask, -1), "-1");
  CounterSeries count;
  EXPECT_EQ(counter_value_text(count, 255), "255");
}
