// G2 recording: one launch of the chosen variant's recording instantiation on the skewed items,
// each block's items read back from its log and handed to the trace building
// (timeline_steps.hpp).
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "timeline_steps.hpp"

namespace g2 {

// Every block's items in the order it did them; `last_done` gets each block's last end (or the
// time it found the queue empty), `empty_at` the time it found the queue empty (-1: it did not).
inline std::vector<Slice> slices(const gridlock::EventRecording& rec, int grid,
                                 const std::vector<WorkItem>& items, gridlock::RunClock& clock,
                                 std::vector<int64_t>& last_done, std::vector<int64_t>& empty_at) {
  std::vector<Slice> out;
  last_done.assign(size_t(grid), 0);
  empty_at.assign(size_t(grid), -1);
  for (int b = 0; b < grid; ++b) {
    Slice open;
    for (const gridlock::LogRecord& r : rec.records(b)) {
      const int64_t at = clock.since_origin(r.t_ns);
      if (r.what == kQueueEmpty) empty_at[size_t(b)] = at;
      if (r.what == kFetched) open = {b, r.value, 0, 0, at, at};
      if (r.what == kDone) {
        open.end = at;
        open.cost = open.item >= 0 && open.item < int(items.size()) ? items[size_t(open.item)].cost : 0;
        out.push_back(open);
      }
      last_done[size_t(b)] = std::max(last_done[size_t(b)], at);
    }
  }
  std::sort(out.begin(), out.end(), [](const Slice& a, const Slice& b) { return a.begin < b.begin; });
  return out;
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  const int count = o.grid * kItemsPerBlock;
  const bool queue = variant != "up-front";
  std::vector<WorkItem> items = make_items("skewed", count, o.seed);
  const int room = variant == "items-added" ? count + kSpawning : count;
  Run device(items, room);
  for (int k = count; k < room; ++k) items.push_back({k, kSpawnCost});
  gridlock::EventRecording rec(o.grid, kBlock, gridlock::EventRecording::Rows::per_block,
                               8 * kItemsPerBlock + 1);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  launch<true>(variant, o.grid, device, count, rec.device_view());
  CUDA_CHECK_LAUNCH();
  rec.download();
  const std::vector<unsigned> visits = device.visits.download();
  RecordedRun r{queue, o.grid, kBlock, room};
  r.slices = slices(rec, o.grid, items, clock, r.last_done, r.empty_at);
  for (int b = 0; b < o.grid; ++b) r.sms.push_back(rec.sm_of(b));
  r.visits = visits;
  r.dropped = rec.dropped();
  build_steps(run, r);
}

}  // namespace g2
