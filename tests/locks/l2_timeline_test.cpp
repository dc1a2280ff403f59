// critical-section's trace building without a GPU: made-up runs give valid, truthful traces whose
// lost updates and stale reads are the made-up ones, and every shipped trace is what today's
// trace building makes of the turns it recorded.
#include <gtest/gtest.h>

#include "locks/critical-section/timeline_steps.hpp"
#include "rebuild/rebuild.hpp"

namespace {

namespace tr = gridlock::trace;

// The turns a shipped trace shows, read back from its blocks' rows, in block order, with the count
// and the notices' words.
l2::RecordedRun recorded_in(const tr::Trace& t) {
  l2::RecordedRun r;
  const std::string kernel = t.launches.at(0).name;
  const std::string with_lock = "count_blocks_with_lock<";
  r.variant = kernel.rfind(with_lock, 0) == 0
                  ? kernel.substr(with_lock.size(), kernel.size() - with_lock.size() - 1)
                  : "atomic";
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  const tr::Category held = r.variant == "atomic" ? tr::Category::atomic : tr::Category::critical;
  for (const tr::Track& row : t.tracks) {
    if (row.kind != tr::TrackKind::block) continue;
    l2::Turn turn;
    turn.block = row.block;
    turn.sm = unsigned(row.sm);
    const std::vector<tr::Event> spin = rebuild_test::events_on(t, row.id, tr::Category::spin),
                                 hold = rebuild_test::events_on(t, row.id, held);
    if (spin.size() == 2)
      turn.asked = spin[0].t_ns, turn.took = spin[1].t_ns, turn.spins = int(spin[0].value);
    if (hold.size() == 2) {
      turn.took = hold[0].t_ns, turn.released = hold[1].t_ns, turn.seen = int(hold[0].value);
    } else {
      turn.gave_up = true;
    }
    r.turns.push_back(turn);
  }
  std::sort(r.turns.begin(), r.turns.end(),
            [](const l2::Turn& a, const l2::Turn& b) { return a.block < b.block; });
  r.final_count = int(t.steps.back().snapshots.at(0).values.at(0));
  const rebuild_test::NoticeWords words = rebuild_test::notice_words(t);
  r.stopped = words.stopped, r.limit_ms = words.limit_ms, r.dropped = words.dropped;
  return r;
}

}  // namespace

TEST(L2Timeline, EveryShippedTraceIsWhatItsTurnsBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("locks/critical-section", "critical-section",
                                                        recorded_in, l2::build_steps),
            4);
}
