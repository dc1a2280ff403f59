// racy-counter's trace building without a GPU: every shipped trace is what today's trace building
// makes of the reads and writes it recorded, and a made-up race loses the updates it should.
#include <gtest/gtest.h>

#include "locks/racy-counter/timeline_steps.hpp"
#include "rebuild/rebuild.hpp"

namespace {

namespace tr = gridlock::trace;

// The accesses a shipped trace shows, read back from its blocks' rows, in block order, with the
// count it left and the dropped records its notice counts.
l1::RecordedRun recorded_in(const tr::Trace& t) {
  l1::RecordedRun r;
  r.atomic = t.launches.at(0).name == "count_blocks_with_atomic";
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  for (const tr::Track& row : t.tracks) {
    if (row.kind != tr::TrackKind::block) continue;
    const std::vector<tr::Event> slice =
        rebuild_test::events_on(t, row.id, r.atomic ? tr::Category::atomic : tr::Category::work);
    l1::Access a;
    a.block = row.block;
    a.sm = unsigned(row.sm);
    if (slice.size() == 2)
      a.read_ns = slice[0].t_ns, a.seen = int(slice[0].value), a.write_ns = slice[1].t_ns;
    r.accesses.push_back(a);
  }
  std::sort(r.accesses.begin(), r.accesses.end(),
            [](const l1::Access& a, const l1::Access& b) { return a.block < b.block; });
  r.final_count = int(t.steps.back().snapshots.at(0).values.at(0));
  r.dropped = rebuild_test::notice_words(t).dropped;
  return r;
}

}  // namespace

TEST(L1Timeline, EveryShippedTraceIsWhatItsAccessesBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("locks/racy-counter", "racy-counter", recorded_in,
                                                        l1::build_steps),
            3);
}

// Four blocks on two SMs; blocks 1 and 2 read the same value: one of their updates is lost, and
// the trace says so with a flow and a lost-update moment.
TEST(L1Timeline, AMadeUpRaceLosesTheUpdateItShould) {
  l1::RecordedRun r;
  r.grid = 4;
  r.block = 32;
  r.accesses = {
      {0, 0, 0, 100, 200, 0}, {1, 1, 1, 300, 420, 0}, {2, 0, 1, 310, 400, 0}, {3, 1, 2, 500, 600, 0}};
  r.final_count = 3;
  const tr::Trace t = rebuild_test::built(rebuild_test::made_up_run("lessons/locks/racy-counter/kernels.cuh"),
                                          r, l1::build_steps);
  rebuild_test::expect_valid_and_truthful(t);
  EXPECT_EQ(t.facts.at("recorded.final"), "3");
  EXPECT_EQ(t.facts.at("recorded.lost"), "1");
  EXPECT_EQ(t.facts.at("recorded.flows"), "1");
  EXPECT_EQ(t.facts.at("recorded.largest_group.blocks"), "2/4");
  EXPECT_EQ(t.facts.at("recorded.sms"), "2");
}
