// S1 recording: one launch of the eight kernels with the chosen check-out, recorded block by block
// (each warp's begin and end, the SM, block 0's check-in and check-out), put on the run's clock and
// turned into the trace by timeline_steps.hpp.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "timeline_steps.hpp"

namespace s1 {

namespace gs = gridlock::streams;

constexpr int kSample = 16;  // elements per kernel whose values the trace replays

inline KernelOnClock read_kernel(const gs::SpanRecording& rec, int kid, const Workload& w,
                                 gridlock::RunClock& clock) {
  KernelOnClock k;
  k.kid = kid;
  for (int b = 0; b < rec.grid(); ++b) {
    const gs::BlockSpan s = rec.block(b);
    k.blocks.push_back({clock.since_origin(s.begin), clock.since_origin(s.end), s.sm});
  }
  for (const gridlock::LogRecord& r : rec.notes(0)) {
    const int64_t t = clock.since_origin(r.t_ns);
    if (r.what == kMaskAtCheckIn) k.check_in.issued = t, k.mask_in = r.value | (1 << kid);
    if (r.what == kCountAtCheckIn) k.check_in.returned = t, k.count_in = r.value + 1;
    if (r.what == kMaskAtCheckOut) k.check_out.issued = t, k.mask_before_out = r.value;
    if (r.what == kCountAtCheckOut) k.check_out.returned = t, k.count_before_out = r.value;
  }
  const size_t sample = std::min<size_t>(kSample, w.n());
  const auto first = w.input().begin() + std::ptrdiff_t(size_t(kid) * w.n());
  k.in_sample.assign(first, first + std::ptrdiff_t(sample));
  k.out_sample.resize(sample);
  CUDA_CHECK(cudaMemcpy(k.out_sample.data(), w.out(kid), sample * sizeof(int), cudaMemcpyDeviceToHost));
  k.added = w.added(kid);
  return k;
}

// One recording launch of the eight kernels, read back onto the run's clock.
inline RecordedLaunch record_launch(gridlock::LessonRun& run, const std::string& variant, Workload& w,
                                    int grid, const Records& r) {
  RecordedLaunch l;
  l.check_out = check_out_of(variant);
  l.concurrent = variant != "serial";
  l.n = int64_t(w.n());
  l.block = w.block();
  std::vector<std::unique_ptr<gs::SpanRecording>> recordings;
  std::vector<gs::SpanRecorder<true>> recorders;
  for (int k = 0; k < kMaxStreams; ++k) {
    recordings.push_back(std::make_unique<gs::SpanRecording>(grid, w.block(), 4));
    recorders.push_back(recordings.back()->device_view());
  }
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  w.launch<true>(grid, l.check_out, l.concurrent, r, recorders);
  CUDA_CHECK(cudaDeviceSynchronize());
  Report report;
  CUDA_CHECK(cudaMemcpy(&report.record, r.kernel_data, sizeof report.record, cudaMemcpyDeviceToHost));
  if (w.wrong_outputs() != 0) run.check_failed("the recorded launch computed wrong outputs");
  l.masks.assign(report.record.masks, report.record.masks + kMaxStreams);
  l.counts.assign(report.record.counts, report.record.counts + kMaxStreams);
  l.count_max = report.count_max();
  for (int k = 0; k < kMaxStreams; ++k) {
    recordings[size_t(k)]->download();
    l.kernels.push_back(read_kernel(*recordings[size_t(k)], k, w, clock));
  }
  return l;
}

// Records the launch and builds its steps. A launch whose check-ins and check-outs cannot be put
// in one order (two kernels' atomics interleaved inside their phases, which one order of steps
// cannot show) is recorded again, at most kLaunches times in all, and the trace says so.
inline void record_steps(gridlock::LessonRun& run, const std::string& variant, Workload& w, int grid,
                         const Records& r) {
  constexpr int kLaunches = 3;
  RecordedLaunch l = record_launch(run, variant, w, grid, r);
  for (int launch = 2; launch <= kLaunches; ++launch) {
    const std::string unordered = place_checks(l);
    if (unordered.empty()) break;
    run.trace().notices.push_back("Recording launch " + std::to_string(launch - 1) + " was set aside: " +
                                  unordered + ". This is launch " + std::to_string(launch) + ".");
    l = record_launch(run, variant, w, grid, r);
  }
  build_steps(run, l);
}

}  // namespace s1
