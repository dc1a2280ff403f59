// work-queue's trace building without a GPU: every shipped trace is what today's trace building
// makes of the items its blocks recorded.
#include <gtest/gtest.h>

#include "interblock/work-queue/timeline_steps.hpp"
#include "rebuild/rebuild.hpp"

namespace {

namespace tr = gridlock::trace;

// The items a shipped trace shows, read back from its blocks' rows ("item 7 (cost 3)" slices and
// "queue empty" moments), in start order, with the visits its last step holds.
g2::RecordedRun recorded_in(const tr::Trace& t) {
  g2::RecordedRun r;
  r.queue = t.launches.at(0).name.rfind("work_from_queue", 0) == 0;
  r.grid = int(t.launches[0].grid);
  r.block = t.launches[0].block;
  r.room = int(t.buffers.at(g2::kDoneBy).shape.at(0));
  r.sms.assign(size_t(r.grid), 0);
  r.last_done.assign(size_t(r.grid), 0);
  r.empty_at.assign(size_t(r.grid), -1);
  std::vector<std::vector<g2::Slice>> by_block(size_t(r.grid));
  for (const tr::Track& row : t.tracks) {
    if (row.kind != tr::TrackKind::block) continue;
    const size_t b = size_t(row.block);
    r.sms[b] = unsigned(row.sm);
    const std::vector<tr::Event> work = rebuild_test::events_on(t, row.id, tr::Category::work);
    for (size_t k = 0; k + 1 < work.size(); k += 2)
      by_block[b].push_back({row.block, std::stoi(work[k].name.substr(5)), int(work[k].value), 0,
                             work[k].t_ns, work[k + 1].t_ns});
    for (const tr::Event& e : rebuild_test::events_on(t, row.id, tr::Category::other))
      if (e.name == "queue empty") r.empty_at[b] = e.t_ns;
    for (const tr::Event& e : work) r.last_done[b] = std::max(r.last_done[b], e.t_ns);
    r.last_done[b] = std::max(r.last_done[b], r.empty_at[b]);
  }
  for (const std::vector<g2::Slice>& items : by_block)
    r.slices.insert(r.slices.end(), items.begin(), items.end());
  // In block order, each block's items in turn, sorted as the recording sorts them: which of two
  // items that began at one instant comes first is std::sort's choice, on this same input.
  std::sort(r.slices.begin(), r.slices.end(),
            [](const g2::Slice& a, const g2::Slice& b) { return a.begin < b.begin; });
  for (double v : t.steps.back().snapshots.at(0).values) r.visits.push_back(unsigned(v));
  r.dropped = rebuild_test::notice_words(t).dropped;
  return r;
}

}  // namespace

TEST(G2Timeline, EveryShippedTraceIsWhatItsItemsBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("interblock/work-queue", "work-queue", recorded_in,
                                                        g2::build_steps),
            6);
}
