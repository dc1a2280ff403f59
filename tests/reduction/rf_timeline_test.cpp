// reduce-fast's trace building without a GPU: every shipped trace is what today's trace building
// makes of the moments its blocks recorded (each block's start, sum and ticket, the last block's
// merge), read back from its rows and snapshots.
#include <gtest/gtest.h>

#include "rebuild/rebuild.hpp"
#include "reduction/reduce-fast/timeline_steps.hpp"

namespace {

namespace tr = gridlock::trace;

rf::RecordedRun recorded_in(const tr::Trace& t) {
  rf::RecordedRun r;
  r.kernel = t.launches.at(0).name;
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  r.n = int64_t(t.parameters.at("input_bytes")) / int64_t(sizeof(int));
  r.blocks.resize(size_t(r.grid));
  for (const tr::Track& row : t.tracks) {
    if (row.kind != tr::TrackKind::block) continue;
    rf::BlockTimes& b = r.blocks.at(size_t(row.block));
    b.sm = unsigned(row.sm);
    for (const tr::Event& e : rebuild_test::events_on(t, row.id, tr::Category::work)) {
      if (e.name == "loads and sum") (e.kind == tr::EventKind::slice_begin ? b.started : b.summed) = e.t_ns;
      if (e.name == "merge" && e.kind == tr::EventKind::slice_end) b.merged = e.t_ns, r.merger = row.block;
    }
    for (const tr::Event& e : rebuild_test::events_on(t, row.id, tr::Category::ticket)) b.ticket = e.t_ns;
  }
  for (const tr::Step& s : t.steps)
    for (const tr::Snapshot& snap : s.snapshots) {
      if (snap.buffer == rf::kPartials) r.partials.assign(snap.values.begin(), snap.values.end());
      if (snap.buffer == rf::kOut) r.result = int(snap.values.at(0));
    }
  r.dropped = rebuild_test::notice_words(t).dropped;
  return r;
}

}  // namespace

TEST(RfTimeline, EveryShippedTraceIsWhatItsBlocksBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("reduction/reduce-fast", "reduce-fast", recorded_in,
                                                        rf::build_steps),
            2);
}
