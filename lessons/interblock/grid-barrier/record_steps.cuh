// G0 recording: one launch of the chosen variant, each block's visit read back from its log and
// handed to the trace building (timeline_steps.hpp) with the values stored and read.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "timeline_steps.hpp"

namespace g0 {

inline std::vector<Visit> visits(const gridlock::EventRecording& rec, int grid, gridlock::RunClock& clock) {
  return rec.per_block<Visit>(grid, clock, [](Visit& v, const gridlock::LogRecord& r, int64_t at) {
    if (r.what == kStarted) v.started = at;
    if (r.what == kArrived) v.arrived = at, v.before = r.value;
    if (r.what == kLeft) v.left = at, v.passed = true;
    if (r.what == kGaveUp) v.left = at;
  });
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  const int sms = run.device().sm_count;
  const bool cooperative = variant == "cooperative";
  const int grid = cooperative ? cooperative_limit_blocks(o.block, sms)
                               : spin_limit_blocks(o.block, sms) + (variant == "spin-too-large" ? 1 : 0);
  gridlock::EventRecording rec(grid, o.block, gridlock::EventRecording::Rows::per_block, 3);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> arrived(std::vector<unsigned>{0u});
  seen.poison();
  bool stopped = false;
  if (cooperative) {
    int* values_ptr = values.get();
    int* seen_ptr = seen.get();
    gridlock::EventRecorder<true> device_rec = rec.device_view();
    void* args[] = {&values_ptr, &seen_ptr, &device_rec};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(exchange_with_grid_sync<true>), grid,
                                           o.block, args, 0, nullptr));
    CUDA_CHECK_LAUNCH();
  } else {
    stopped = gridlock::bounded_launch(kSpinLimit, [&](const volatile int* abort) {
                exchange_with_spin_barrier<true>
                    <<<grid, o.block>>>(values.get(), seen.get(), arrived.get(), abort, rec.device_view());
              }).stopped;
  }
  rec.download();
  const std::vector<int> stored = values.download(), read = seen.download();
  std::vector<Visit> all = visits(rec, grid, clock);
  for (const Visit& v : all)
    if (v.passed && read[size_t(v.block)] != value_of((v.block + 1) % grid))
      run.check_failed("a block that passed the barrier read a wrong neighbour value");
  build_steps(run, {cooperative, grid, o.block, all, stored, read, stopped, rec.dropped()});
}

}  // namespace g0
