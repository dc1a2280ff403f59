// grid-barrier's trace building without a GPU: every shipped trace is what today's trace building
// makes of the visits it recorded, and a made-up run whose watchdog stopped the wait shows the
// blocks that gave up and those that started too late.
#include <gtest/gtest.h>

#include "interblock/grid-barrier/timeline_steps.hpp"
#include "rebuild/rebuild.hpp"

namespace {

namespace tr = gridlock::trace;

// The visits a shipped trace shows, read back from its blocks' rows, in block order, with the
// values stored and read that its snapshots hold.
g0::RecordedRun recorded_in(const tr::Trace& t) {
  g0::RecordedRun r;
  r.cooperative = t.launches.at(0).name.find("cooperative") != std::string::npos;
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  r.stored.assign(size_t(r.grid), 0);
  r.read.assign(size_t(r.grid), 0);
  for (const tr::Track& row : t.tracks) {
    if (row.kind != tr::TrackKind::block) continue;
    g0::Visit v;
    v.block = row.block;
    v.sm = unsigned(row.sm);
    const std::vector<tr::Event> store = rebuild_test::events_on(t, row.id, tr::Category::work);
    std::vector<tr::Event> wait = rebuild_test::events_on(t, row.id, tr::Category::barrier);
    if (wait.empty()) wait = rebuild_test::events_on(t, row.id, tr::Category::spin);
    if (store.size() == 2) v.started = store[0].t_ns, v.arrived = store[1].t_ns;
    if (wait.size() == 2) v.left = wait[1].t_ns, v.before = int(wait[0].value);
    v.passed = true;
    for (const tr::Event& e : rebuild_test::events_on(t, row.id, tr::Category::other))
      if (e.name == "gave up") v.passed = false;
    r.visits.push_back(v);
  }
  std::sort(r.visits.begin(), r.visits.end(),
            [](const g0::Visit& a, const g0::Visit& b) { return a.block < b.block; });
  for (const tr::Snapshot& s : t.steps.front().snapshots)
    for (size_t k = 0; k < s.values.size(); ++k) r.stored[k] = int(s.values[k]);
  for (const tr::Snapshot& s : t.steps.back().snapshots)
    for (size_t k = 0; k < s.items.size(); ++k) r.read[size_t(s.items[k])] = int(s.values[k]);
  const rebuild_test::NoticeWords words = rebuild_test::notice_words(t);
  r.stopped = words.stopped, r.dropped = words.dropped;
  return r;
}

}  // namespace

TEST(G0Timeline, EveryShippedTraceIsWhatItsVisitsBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("interblock/grid-barrier", "grid-barrier",
                                                        recorded_in, g0::build_steps),
            4);
}

// Three blocks fit; the fourth starts only after block 0 gave up. Blocks 1 and 2 gave up as well.
TEST(G0Timeline, AStoppedWaitShowsWhoGaveUpAndWhoStartedLate) {
  g0::RecordedRun r;
  r.grid = 4;
  r.block = 64;
  r.visits = {{0, 0, 0, 0, 100, 200, 5000, false},
              {1, 1, 0, 1, 110, 220, 5010, false},
              {2, 2, 0, 2, 120, 230, 5020, false},
              {3, 3, 0, 0, 5100, 5200, 5300, true}};
  r.stored = {3, 10, 17, 24};
  r.read = {0, 0, 0, 3};
  r.stopped = true;
  const tr::Trace t = rebuild_test::built(
      rebuild_test::made_up_run("lessons/interblock/grid-barrier/kernels.cuh"), r, g0::build_steps);
  rebuild_test::expect_valid_and_truthful(t);
  EXPECT_EQ(t.facts.at("recorded.passed"), "1");
  EXPECT_EQ(t.facts.at("recorded.gave_up"), "3");
  EXPECT_EQ(t.facts.at("recorded.late"), "1");
  EXPECT_EQ(t.steps.at(1).detail, "the watchdog stopped the wait");
}
