// L3 recording: one launch of the chosen variant's recording instantiation at most
// kMostRecordedBlocks blocks large, each thread's turn read back from its log and handed to the
// trace building (timeline_steps.hpp).
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "timeline_steps.hpp"

namespace l3 {

inline std::vector<Turn> turns(const gridlock::EventRecording& rec, int grid, int block,
                               gridlock::RunClock& clock) {
  std::vector<Turn> out;
  for (int b = 0; b < grid; ++b)
    for (int t = 0; t < block; ++t) {
      Turn turn;
      turn.block = b;
      turn.thread = t;
      for (const gridlock::LogRecord& r : rec.records(b * block + t)) {
        using namespace gridlock::locks;  // the HoldEvent codes
        const int64_t at = clock.since_origin(r.t_ns);
        if (r.what == kAsked) turn.asked = at;
        if (r.what == kTook) turn.took = at, turn.spins = r.value;
        if (r.what == kReleased) turn.released = at;
        if (r.what == kGaveUp) turn.gave_up = true, turn.spins = r.value, turn.took = turn.released = at;
      }
      out.push_back(turn);
    }
  return out;
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  const int grid = std::min(o.grid, kMostRecordedBlocks);
  gridlock::EventRecording rec(grid, o.block, gridlock::EventRecording::Rows::per_thread, 3);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  const gridlock::locks::CountedRun counted = gridlock::locks::count_on_fresh_lock(
      spin_limit(grid, o.block), [&](int* state, int* count, const volatile int* abort) {
        launch<true>(variant, grid, o.block, state, count, abort, rec.device_view());
      });
  rec.download();
  std::vector<unsigned> sms;
  for (int b = 0; b < grid; ++b) sms.push_back(rec.sm_of(b));
  build_steps(run, {variant, o.grid, grid, o.block, turns(rec, grid, o.block, clock), sms, counted.count,
                    counted.run.stopped, counted.run.limit.count(), rec.dropped()});
}

}  // namespace l3
