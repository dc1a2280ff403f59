// The inter-block charts' models: which traces get the barrier, guard and Gantt views (small
// traces built here, and the recorded ones), the barrier's arrival order, late blocks and broken
// axis, the guard's ticket order and merge, and the Gantt chart's rows, order and idle sums.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/barrier_chart.hpp"
#include "model/gantt_chart.hpp"
#include "model/run_timeline.hpp"
#include "model/ticket_chart.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

// A trace of `blocks` block tracks (ids 0..blocks-1) and one step to put events in.
gt::Trace blocks_trace(int blocks) {
  gt::Trace t;
  for (int b = 0; b < blocks; ++b)
    t.tracks.push_back({b, gt::TrackKind::block, "block " + std::to_string(b), -1, 0, b, -1, -1, -1});
  t.steps.emplace_back();
  return t;
}

gt::Event ev(int track, gt::EventKind kind, int64_t t, const std::string& name, gt::Category c,
             double value = 0) {
  gt::Event e;
  e.track = track;
  e.kind = kind;
  e.t_ns = t;
  e.name = name;
  e.category = c;
  e.value = value;
  return e;
}

void slice(gt::Trace& t, int track, int64_t a, int64_t b, const std::string& name, gt::Category c,
           double value = 0) {
  t.steps.back().events.push_back(ev(track, gt::EventKind::slice_begin, a, name, c, value));
  t.steps.back().events.push_back(ev(track, gt::EventKind::slice_end, b, name, c, value));
}

// Three blocks at a barrier: block 2 arrives first, block 0 last; block 1 gives up; block 3
// starts only after block 1 left.
gt::Trace barrier_trace() {
  gt::Trace t = blocks_trace(4);
  slice(t, 0, 0, 30, "store", gt::Category::work);
  slice(t, 0, 30, 1000, "wait", gt::Category::spin);
  slice(t, 1, 0, 20, "store", gt::Category::work);
  slice(t, 1, 20, 900, "wait", gt::Category::spin);
  t.steps.back().events.push_back(ev(1, gt::EventKind::instant, 900, "gave up", gt::Category::other));
  slice(t, 2, 0, 10, "store", gt::Category::work);
  slice(t, 2, 10, 1000, "wait", gt::Category::spin);
  slice(t, 3, 950, 960, "store", gt::Category::work);
  slice(t, 3, 960, 1000, "wait", gt::Category::spin);
  return t;
}

std::string recorded(const std::string& lesson, const std::string& file) {
  return std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/interblock/" + lesson + "/recorded/" + file;
}

}  // namespace

TEST(BarrierChart, BlocksInArrivalOrderWithHowTheyLeftAndWhoStartedLate) {
  const gt::Trace t = barrier_trace();
  ASSERT_TRUE(has_barrier(t));
  EXPECT_FALSE(has_gantt(t));
  EXPECT_FALSE(has_tickets(t));
  const BarrierChart c = barrier_chart(run_timeline(t));
  ASSERT_EQ(c.blocks.size(), 4u);
  EXPECT_EQ(c.blocks[0].name, "block 2");
  EXPECT_EQ(c.blocks[1].name, "block 1");
  EXPECT_EQ(c.blocks[2].name, "block 0");
  EXPECT_EQ(c.blocks[3].name, "block 3");
  EXPECT_EQ(c.blocks[1].ended_by, "gave up");
  EXPECT_TRUE(c.blocks[0].ended_by.empty());
  EXPECT_TRUE(c.blocks[3].late);
  EXPECT_FALSE(c.blocks[2].late);
  EXPECT_EQ(c.released, 3);
  EXPECT_EQ(c.ended_otherwise, 1);
  EXPECT_EQ(c.late, 1);
  EXPECT_EQ(c.first_leave_ns, 900);
  EXPECT_EQ(c.last_arrive_ns, 960);
  EXPECT_EQ(c.begin_ns, 0);
  EXPECT_EQ(c.end_ns, 1000);
}

TEST(BarrierChart, ALockIsNoBarrier) {
  gt::Trace t = blocks_trace(2);
  for (int b = 0; b < 2; ++b) {
    slice(t, b, 0, 10 + b, "spin", gt::Category::spin);
    slice(t, b, 10 + b, 20 + b, "critical", gt::Category::critical);
  }
  EXPECT_FALSE(has_barrier(t));
  gt::Trace one = blocks_trace(1);
  slice(one, 0, 0, 10, "wait", gt::Category::barrier);
  EXPECT_FALSE(has_barrier(one));
}

TEST(BrokenAxis, CutsLongEmptyStretchesAndKeepsTheRestToScale) {
  // Events at 0..10 and 1000..1010: the 990 between is cut.
  const BrokenAxis a = broken_axis({0, 5, 10, 1000, 1010}, 0.0f, 200.0f, 0.2, 0.1f);
  ASSERT_EQ(a.pieces.size(), 3u);
  EXPECT_FALSE(a.pieces[0].cut);
  EXPECT_TRUE(a.pieces[1].cut);
  EXPECT_EQ(a.pieces[1].begin_ns, 10);
  EXPECT_EQ(a.pieces[1].end_ns, 1000);
  // Two drawn pieces of 90 pixels each around a 20-pixel break.
  EXPECT_FLOAT_EQ(a.x_of(0), 0.0f);
  EXPECT_FLOAT_EQ(a.x_of(5), 45.0f);
  EXPECT_FLOAT_EQ(a.x_of(10), 90.0f);
  EXPECT_FLOAT_EQ(a.x_of(1000), 110.0f);
  EXPECT_FLOAT_EQ(a.x_of(1005), 155.0f);
  EXPECT_FLOAT_EQ(a.x_of(1010), 200.0f);
  // Evenly spread times (each gap a tenth of the span): nothing cut.
  const BrokenAxis even = broken_axis({0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100}, 0.0f, 300.0f);
  ASSERT_EQ(even.pieces.size(), 1u);
  EXPECT_FLOAT_EQ(even.x_of(20), 60.0f);
}

TEST(TicketChart, BlocksInTicketOrderAndTheMergeTheFlowsEndAt) {
  gt::Trace t = blocks_trace(3);
  // Block 1 takes ticket 0, block 2 ticket 1, block 0 ticket 2 and merges.
  const int order[3] = {2, 0, 1};  // ticket of block b
  for (int b = 0; b < 3; ++b) {
    slice(t, b, 0, 10 + order[b], "partial", gt::Category::work, 100 + b);
    gt::Event e = ev(b, gt::EventKind::instant, 20 + order[b], "took", gt::Category::ticket, order[b]);
    e.flows_out.push_back(b);
    t.steps.back().events.push_back(e);
  }
  t.steps.emplace_back();
  gt::Event merge = ev(0, gt::EventKind::slice_begin, 30, "merge", gt::Category::work);
  merge.flows_in = {0, 1, 2};
  t.steps.back().events.push_back(merge);
  t.steps.back().events.push_back(ev(0, gt::EventKind::slice_end, 50, "merge", gt::Category::work));
  ASSERT_TRUE(has_tickets(t));
  const TicketChart c = ticket_chart(t, run_timeline(t));
  ASSERT_EQ(c.blocks.size(), 3u);
  EXPECT_EQ(c.blocks[0].name, "block 1");
  EXPECT_EQ(c.blocks[1].name, "block 2");
  EXPECT_EQ(c.blocks[2].name, "block 0");
  EXPECT_EQ(c.blocks[2].ticket, 2);
  EXPECT_EQ(c.blocks[0].stored_ns, 10);
  EXPECT_EQ(c.blocks[0].partial, 101);
  EXPECT_EQ(c.blocks[2].block, 0);
  EXPECT_TRUE(c.merged);
  EXPECT_TRUE(c.blocks[2].merges);
  EXPECT_FALSE(c.blocks[0].merges);
  EXPECT_EQ(c.merge_name, "merge");
  EXPECT_EQ(c.merge_begin_ns, 30);
  EXPECT_EQ(c.merge_end_ns, 50);
  EXPECT_EQ(c.tickets_by(21), 2);
  EXPECT_EQ(c.stored_by(10), 1);
  EXPECT_EQ(c.end_ns, 50);
}

TEST(TicketChart, ValuesThatAreNoTicketsAreRefused) {
  gt::Trace t = blocks_trace(2);
  for (int b = 0; b < 2; ++b) {
    gt::Event e = ev(b, gt::EventKind::instant, 20, "partial", gt::Category::ticket, 7.0 * b + 3);
    e.flows_out.push_back(b);
    t.steps.back().events.push_back(e);
  }
  EXPECT_FALSE(has_tickets(t));
}

// Tickets are the instants of category ticket on block tracks: not atomic instants named "ticket"
// that start flows (how they were once told apart), nor ticket instants on warp tracks.
TEST(TicketChart, TicketsAreTheTicketCategoryOnBlockTracks) {
  gt::Trace by_name = blocks_trace(3);
  for (int b = 0; b < 3; ++b) {
    gt::Event e = ev(b, gt::EventKind::instant, 20 + b, "ticket", gt::Category::atomic, b);
    e.flows_out.push_back(b);
    by_name.steps.back().events.push_back(e);
  }
  EXPECT_FALSE(has_tickets(by_name));
  EXPECT_TRUE(ticket_chart(by_name, run_timeline(by_name)).empty());

  gt::Trace on_warps = blocks_trace(1);
  for (int w = 0; w < 2; ++w) {
    on_warps.tracks.push_back({1 + w, gt::TrackKind::warp, "warp " + std::to_string(w), 0, 0, 0, w, -1, -1});
    on_warps.steps.back().events.push_back(
        ev(1 + w, gt::EventKind::instant, 20 + w, "took", gt::Category::ticket, w));
  }
  EXPECT_FALSE(has_tickets(on_warps));

  // Without flows (nobody merges in this trace) they are still tickets.
  gt::Trace plain = blocks_trace(2);
  for (int b = 0; b < 2; ++b)
    plain.steps.back().events.push_back(
        ev(b, gt::EventKind::instant, 20 + b, "took", gt::Category::ticket, b));
  EXPECT_TRUE(has_tickets(plain));
  const TicketChart c = ticket_chart(plain, run_timeline(plain));
  ASSERT_EQ(c.blocks.size(), 2u);
  EXPECT_EQ(c.merge_row, -1);
}

TEST(GanttChart, RowsItemsGapsAndIdleTimeSummed) {
  gt::Trace t = blocks_trace(3);
  slice(t, 0, 0, 10, "item 0", gt::Category::work, 10);
  slice(t, 0, 12, 40, "item 3", gt::Category::work, 28);
  slice(t, 1, 0, 50, "item 1", gt::Category::work, 50);
  slice(t, 1, 50, 60, "item 4", gt::Category::work, 10);
  slice(t, 2, 0, 5, "item 2", gt::Category::work, 5);
  slice(t, 2, 5, 20, "item 5", gt::Category::work, 15);
  ASSERT_TRUE(has_gantt(t));
  EXPECT_FALSE(has_barrier(t));
  const GanttChart c = gantt_chart(run_timeline(t));
  ASSERT_EQ(c.rows.size(), 3u);
  EXPECT_EQ(c.items, 6u);
  EXPECT_EQ(c.begin_ns, 0);
  EXPECT_EQ(c.end_ns, 60);
  EXPECT_EQ(c.rows[0].gaps_ns, 2);
  EXPECT_EQ(c.rows[0].busy_ns, 38);
  EXPECT_EQ(c.rows[0].idle_after_ns, 20);
  EXPECT_EQ(c.rows[1].idle_after_ns, 0);
  EXPECT_EQ(c.rows[2].idle_after_ns, 40);
  EXPECT_EQ(c.idle_after_ns, 60);
  EXPECT_EQ(c.gaps_ns, 2);
  EXPECT_EQ(c.busy_ns, 38 + 60 + 20);
  EXPECT_DOUBLE_EQ(c.idle_share(), 60.0 / (3 * 60));
  EXPECT_DOUBLE_EQ(c.max_value, 50);
  EXPECT_EQ(c.idle_after_by(30), 10);  // block 2 ran out at 20
  EXPECT_EQ(c.finished_by(40), 2);
  EXPECT_EQ(gantt_order(c, GanttOrder::declared), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(gantt_order(c, GanttOrder::finish), (std::vector<int>{2, 0, 1}));
}

TEST(GanttChart, OneItemPerBlockIsNoGantt) {
  gt::Trace t = blocks_trace(4);
  for (int b = 0; b < 4; ++b) slice(t, b, b, 10 + b, "add", gt::Category::work);
  EXPECT_FALSE(has_gantt(t));
}

TEST(RecordedTraces, EachChapterTraceGetsItsChart) {
  const gt::Trace barrier = gt::read_file(recorded("grid-barrier", "grid-barrier.spin-too-large.json"));
  EXPECT_TRUE(has_barrier(barrier));
  EXPECT_FALSE(has_tickets(barrier));
  EXPECT_FALSE(has_gantt(barrier));
  const BarrierChart b = barrier_chart(run_timeline(barrier));
  EXPECT_EQ(std::to_string(b.blocks.size()), barrier.facts.at("recorded.grid"));
  EXPECT_EQ(std::to_string(b.released), barrier.facts.at("recorded.passed"));
  EXPECT_EQ(std::to_string(b.ended_otherwise), barrier.facts.at("recorded.gave_up"));
  EXPECT_EQ(std::to_string(b.late), barrier.facts.at("recorded.late"));

  const gt::Trace guard = gt::read_file(recorded("last-block-guard", "last-block-guard.json"));
  EXPECT_TRUE(has_tickets(guard));
  EXPECT_FALSE(has_barrier(guard));
  EXPECT_FALSE(has_gantt(guard));
  const TicketChart g = ticket_chart(guard, run_timeline(guard));
  EXPECT_TRUE(g.merged);
  EXPECT_FALSE(g.empty());
  if (!g.empty()) {  // the checks of the other chapters' traces below still run
    EXPECT_EQ(std::to_string(g.blocks.back().ticket), guard.facts.at("recorded.merger_ticket"));
    EXPECT_EQ("block " + guard.facts.at("recorded.merger"), g.blocks.back().name);
  }

  for (const char* file : {"work-queue.json", "work-queue.up-front.json"}) {
    const gt::Trace queue = gt::read_file(recorded("work-queue", file));
    EXPECT_TRUE(has_gantt(queue)) << file;
    EXPECT_FALSE(has_barrier(queue)) << file;
    EXPECT_FALSE(has_tickets(queue)) << file;
    const GanttChart c = gantt_chart(run_timeline(queue));
    EXPECT_EQ(c.items, std::stoul(queue.facts.at("items"))) << file;
    // The lesson's idle fact ends each block when it found the queue empty, a little after its
    // last item: the chart's sum lies just above it, within 1%.
    const double fact_us = std::stod(queue.facts.at("recorded.idle_at_end"));
    EXPECT_NEAR(static_cast<double>(c.idle_after_ns) / 1e3, fact_us, 0.01 * fact_us) << file;
  }
}
