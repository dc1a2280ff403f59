// L2 recording: one launch of the chosen variant's recording instantiation, each block's turn
// read back from its log and handed to the trace building (timeline_steps.hpp).
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "timeline_steps.hpp"

namespace l2 {

inline std::vector<Turn> turns(const gridlock::EventRecording& rec, int grid, gridlock::RunClock& clock) {
  return rec.per_block<Turn>(grid, clock, [](Turn& t, const gridlock::LogRecord& r, int64_t at) {
    using namespace gridlock::locks;  // the HoldEvent codes
    if (r.what == kAsked) t.asked = at;
    if (r.what == kTook) t.took = at, t.spins = r.value;
    if (r.what == kRead) t.seen = r.value;
    if (r.what == kReleased) t.released = at;
    if (r.what == kGaveUp) t.gave_up = true, t.spins = r.value, t.released = at;
  });
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  gridlock::EventRecording rec(o.grid, o.block, gridlock::EventRecording::Rows::per_block, 4);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  const gridlock::locks::CountedRun counted = gridlock::locks::count_on_fresh_lock(
      kSpinLimit, [&](int* state, int* count, const volatile int* abort) {
        launch<true>(variant, o.grid, o.block, state, count, abort, rec.device_view());
      });
  rec.download();
  build_steps(run, {variant, o.grid, o.block, turns(rec, o.grid, clock), counted.count, counted.run.stopped,
                    counted.run.limit.count(), rec.dropped()});
}

}  // namespace l2
