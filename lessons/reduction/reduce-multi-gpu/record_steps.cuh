// RM recording: the two-GPU sum recorded once on two GPUs (each block of reduce-fast, the
// stream's %globaltimer around the copy, the wait and the addition, the host's steady_clock around
// its calls), then each NCCL call the same way; GPU 1 and the host put on GPU 0's clock by
// measured offsets, and turned into the trace by timeline_steps.hpp. With one GPU: reduce-fast
// over the whole input, recorded the same way.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "common/units.hpp"
#include "setup.cuh"
#include "streams/common/clock_map.cuh"
#include "timeline_steps.hpp"

namespace rm {

// The host and GPU 1 against GPU 0's %globaltimer (the run's clock).
struct Clocks {
  gs::ClockOffset host, gpu1;
  int64_t host_on_run(int64_t host_ns, gridlock::RunClock& c) const {
    return host_ns + host.offset_ns - int64_t(c.origin_ns());
  }
  int64_t gpu_on_run(int device, unsigned long long t, gridlock::RunClock& c) const {
    return device == 0 ? c.since_origin(t) : int64_t(t) - gpu1.offset_ns - int64_t(c.origin_ns());
  }
};

inline Clocks measure_clocks(int devices) {
  const gs::ClockOffset gpu0 = gs::measure_offset(0);
  return {gpu0, devices > 1 ? gs::between(gpu0, gs::measure_offset(1)) : gs::ClockOffset{}};
}

// A reduce-fast recording (a row per block: started, summed, ticket, merged) made on `device`.
inline std::unique_ptr<gridlock::EventRecording> recording_on(int device, int grid, int block) {
  return gs::on_device(device, [&] {
    return std::make_unique<gridlock::EventRecording>(grid, block, gridlock::EventRecording::Rows::per_block,
                                                      4);
  });
}

// The kernel's extent: its first block's start to the last record any block wrote (the merge).
inline Span kernel_span(gridlock::EventRecording& rec, int device, int grid, const Clocks& c,
                        gridlock::RunClock& clock) {
  gs::on_device(device, [&] { rec.download(); });
  unsigned long long first = ~0ull, last = 0;
  for (int b = 0; b < grid; ++b)
    for (const gridlock::LogRecord& r : rec.records(b)) {
      if (r.what == rf::kStarted) first = std::min(first, r.t_ns);
      last = std::max(last, r.t_ns);
    }
  return {c.gpu_on_run(device, first, clock), c.gpu_on_run(device, last, clock)};
}

inline Span marks_span(const std::vector<unsigned long long>& m, int device, Mark from, Mark to,
                       const Clocks& c, gridlock::RunClock& clock) {
  return {c.gpu_on_run(device, m[size_t(from)], clock), c.gpu_on_run(device, m[size_t(to)], clock)};
}

inline Span host_span(const HostMarks& m, HostMark from, HostMark to, const Clocks& c,
                      gridlock::RunClock& clock) {
  return {c.host_on_run(m.t[from], clock), c.host_on_run(m.t[to], clock)};
}

// Both GPUs' recorders for one recorded enqueue.
struct Recorders {
  std::unique_ptr<gridlock::EventRecording> at[2];
  Recorders(TwoGpus& g, int block) {
    for (int d = 0; d < 2; ++d) at[d] = recording_on(d, g.part(d).grid, block);
  }
  void attach(Share<true> (&s)[2]) {
    for (int d = 0; d < 2; ++d) s[d].rec = at[d]->device_view();
  }
};

// Runs the two-GPU sum of `form` with recording (through a graph captured for the recorders, where
// the form has one), waits for it, and returns the host's marks and the total.
inline HostMarks run_recorded(const rf::Config& c, TwoGpus& g, Recorders& r, const Form& form, int* total) {
  Share<true> s[2];
  g.shares(s);
  r.attach(s);
  const Crossing x = g.crossing();
  HostMarks hm;
  if (form.graph) {
    const SumGraph<true> graph(c, s, x, form);
    host_mark<true>(&hm, kBeforeLaunches);
    graph.launch(s[0].stream);
    host_mark<true>(&hm, kAfterLaunches);
  } else {
    sum_on_two<true>(c, s, x, form, &hm);
  }
  *total = g.read_total(form);
  host_mark<true>(&hm, kAfterSync);
  return hm;
}

// The host's calls, each shown in the step of the phase it enqueued.
inline std::vector<HostCall> event_host_calls(const HostMarks& m, const Form& form, bool through_host,
                                              const Clocks& c, gridlock::RunClock& clock) {
  const std::string sync =
      form.total_to_host ? "cudaStreamSynchronize(GPU 0 stream), the total read from host memory"
                         : "cudaMemcpyAsync of the total to the host, cudaStreamSynchronize(GPU 0 stream)";
  if (form.graph)
    return {{"cudaGraphLaunch: the whole sum on both GPUs",
             host_span(m, kBeforeLaunches, kAfterLaunches, c, clock)},
            {sync, host_span(m, kAfterLaunches, kAfterSync, c, clock), tr::Category::sync, 3}};
  const std::string copy = form.partial_to_peer ? ""
                           : through_host       ? "cudaMemcpyAsync to the host, "
                                                : "cudaMemcpyPeerAsync, ";
  return {{form.gpu1_first ? "reduce_fast<<<>>> on GPU 1, then on GPU 0"
                           : "reduce_fast<<<>>> on GPU 0 and on GPU 1",
           host_span(m, kBeforeLaunches, kAfterLaunches, c, clock)},
          {copy + "cudaEventRecord(arrived) on GPU 1",
           host_span(m, kAfterLaunches, kAfterCopyCalls, c, clock), tr::Category::host, 2},
          {"cudaStreamWaitEvent(arrived), add_partials<<<>>> on GPU 0",
           host_span(m, kAfterCopyCalls, kAfterWaitCalls, c, clock), tr::Category::host, 2},
          {sync, host_span(m, kAfterWaitCalls, kAfterSync, c, clock), tr::Category::sync, 3}};
}

// Records the two-GPU sum of `form` into r (a first recorded run loads every recording kernel on
// both GPUs, so that lazy loading does not hold a launch of the kept run back).
inline void record_event_path(gridlock::LessonRun& run, const rf::Config& c, TwoGpus& g, const Clocks& clocks,
                              const Form& form, RecordedRun& r) {
  int total = 0;
  {
    Recorders warm(g, c.block);
    run_recorded(c, g, warm, form, &total);
  }
  Recorders rec(g, c.block);
  gridlock::RunClock& clock = run.clock();
  gs::on_device(0, [&] { clock.origin_ns(); });
  const HostMarks hm = run_recorded(c, g, rec, form, &total);
  for (int d = 0; d < 2; ++d) {
    r.grid[d] = g.part(d).grid;
    r.kernel[d] = kernel_span(*rec.at[d], d, r.grid[d], clocks, clock);
    r.partial[d] = gs::on_device(d, [&] { return g.part(d).ws.result(); });
  }
  const std::vector<unsigned long long> m0 = g.marks(0), m1 = g.marks(1);
  r.through_host = g.route() == Route::host;
  r.peer_write = form.partial_to_peer;
  r.total_on_host = form.total_to_host;
  r.graph = form.graph;
  if (r.peer_write) r.partial[1] = gs::on_device(0, [&] { return g.received(); });
  r.copy = marks_span(m1, 1, kCopyBegin, kCopyEnd, clocks, clock);
  r.wait = marks_span(m0, 0, kWaitBegin, kReleased, clocks, clock);
  if (r.through_host) r.host_copy = marks_span(m0, 0, kReleased, kArrived, clocks, clock);
  r.add = marks_span(m0, 0, kAddBegin, kAddEnd, clocks, clock);
  r.total = total;
  r.host = event_host_calls(hm, form, r.through_host, clocks, clock);
}

#if GRIDLOCK_HAVE_NCCL
// Records one NCCL call (after a warm-up call) into a NcclRun.
inline NcclRun record_nccl(gridlock::LessonRun& run, const rf::Config& c, TwoGpus& g, NcclComms& comms,
                           bool all_reduce, const Clocks& clocks) {
  int* results[2] = {g.part(0).nccl_result.get(), g.part(1).nccl_result.get()};
  HostMarks hm;
  auto once = [&](Recorders& rec) {
    Share<true> s[2];
    g.shares(s);
    rec.attach(s);
    sum_with_nccl<true>(c, s, comms.get(), results, all_reduce, &hm);
    for (int d = 0; d < 2; ++d) gs::on_device(d, [&] { CUDA_CHECK(cudaStreamSynchronize(s[d].stream)); });
    host_mark<true>(&hm, kAfterSync);
  };
  {
    Recorders warm(g, c.block);
    once(warm);
  }
  Recorders rec(g, c.block);
  once(rec);
  gridlock::RunClock& clock = run.clock();
  NcclRun n;
  n.all_reduce = all_reduce;
  const std::string name = all_reduce ? "ncclAllReduce" : "ncclReduce";
  for (int d = 0; d < 2; ++d) {
    n.kernel[d] = kernel_span(*rec.at[d], d, g.part(d).grid, clocks, clock);
    n.call[d] = marks_span(g.marks(d), d, kNcclBegin, kNcclEnd, clocks, clock);
    n.result[d] = gs::on_device(d, [&] { return g.part(d).nccl_result.download_one(); });
  }
  n.host = {{"reduce_fast<<<>>> on GPU 0 and on GPU 1",
             host_span(hm, kBeforeLaunches, kAfterLaunches, clocks, clock)},
            {"ncclGroupStart, " + name + " on each GPU, ncclGroupEnd",
             host_span(hm, kAfterLaunches, kAfterCopyCalls, clocks, clock)},
            {"cudaStreamSynchronize on each GPU", host_span(hm, kAfterWaitCalls, kAfterSync, clocks, clock),
             tr::Category::sync, 3}};
  return n;
}
#endif

// Records reduce-fast over the whole input on GPU 0 (the machine's only GPU).
inline void record_one_gpu(gridlock::LessonRun& run, const rf::Config& c, const std::vector<int>& input,
                           RecordedRun& r) {
  const int grid = c.grid(run.device().sm_count);
  const gridlock::DeviceBuffer<int> in(input);
  rf::Workspace ws(grid);
  {
    gridlock::EventRecording warm(grid, c.block, gridlock::EventRecording::Rows::per_block, 4);
    rf::launch<true>(c, grid, in.get(), int(input.size()), ws, warm.device_view());
    CUDA_CHECK_LAUNCH();
  }
  const Clocks clocks = measure_clocks(1);
  gridlock::EventRecording rec(grid, c.block, gridlock::EventRecording::Rows::per_block, 4);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  HostMarks hm;
  host_mark<true>(&hm, kBeforeLaunches);
  rf::launch<true>(c, grid, in.get(), int(input.size()), ws, rec.device_view());
  host_mark<true>(&hm, kAfterLaunches);
  CUDA_CHECK_LAUNCH();
  host_mark<true>(&hm, kAfterSync);
  r.grid[0] = grid;
  r.kernel[0] = kernel_span(rec, 0, grid, clocks, clock);
  r.partial[0] = r.total = ws.result();
  r.host = {{"reduce_fast<<<>>> on GPU 0", host_span(hm, kBeforeLaunches, kAfterLaunches, clocks, clock)},
            {"cudaDeviceSynchronize", host_span(hm, kAfterLaunches, kAfterSync, clocks, clock),
             tr::Category::sync}};
  clock.set_source("%globaltimer; the host's steady_clock put on it by a measured offset (\xC2\xB1" +
                   std::to_string(clocks.host.uncertainty_ns) + " ns)");
  // The durations among the facts name this clock, so it is described before they are made.
  run.trace().clock = clock.description();
}

// Sets the clock's description and the facts about the offsets of a two-GPU recording: before the
// steps are built, as the durations among their facts name the clock.
inline void describe_two_gpu_clock(gridlock::LessonRun& run, const Clocks& clocks) {
  run.trace().facts["clock.gpu1_offset"] = gridlock::microseconds(double(clocks.gpu1.offset_ns), 0) +
                                           " \xC2\xB1" +
                                           gridlock::microseconds(double(clocks.gpu1.uncertainty_ns), 0);
  run.clock().set_source(
      "%globaltimer of GPU 0; the host's steady_clock and GPU 1's %globaltimer put on it by measured offsets "
      "(host \xC2\xB1" +
      std::to_string(clocks.host.uncertainty_ns) + " ns, GPU 1 \xC2\xB1" +
      std::to_string(clocks.gpu1.uncertainty_ns) + " ns)");
  run.trace().clock = run.clock().description();
}

}  // namespace rm
