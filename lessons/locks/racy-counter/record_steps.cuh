// L1 recording: one launch of the recording instantiation, each block's read and write read
// back from its log and handed to the trace building (timeline_steps.hpp).
// main.cu includes this file after the lesson's kernels.
#pragma once

#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "timeline_steps.hpp"

namespace l1 {

inline std::vector<Access> accesses(const gridlock::EventRecording& rec, int grid,
                                    gridlock::RunClock& clock) {
  return rec.per_block<Access>(grid, clock, [](Access& a, const gridlock::LogRecord& r, int64_t at) {
    if (r.what == gridlock::locks::kLoaded) a.seen = r.value, a.read_ns = at;
    if (r.what == gridlock::locks::kStored) a.write_ns = at;
  });
}

inline void record_steps(gridlock::LessonRun& run, bool atomic) {
  const auto& o = run.options();
  gridlock::EventRecording rec(o.grid, o.block, gridlock::EventRecording::Rows::per_block, 2);
  gridlock::DeviceBuffer<int> count(1);
  count.fill_bytes(0);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  if (atomic)
    count_blocks_with_atomic<true><<<o.grid, o.block>>>(count.get(), rec.device_view());
  else
    count_blocks_without_lock<true><<<o.grid, o.block>>>(count.get(), rec.device_view());
  CUDA_CHECK_LAUNCH();
  rec.download();
  const int final_count = count.download_one();
  build_steps(run, {atomic, o.grid, o.block, accesses(rec, o.grid, clock), final_count, rec.dropped()});
}

}  // namespace l1
