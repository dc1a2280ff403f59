// RM's recorded run as a trace (plain C++, so that tests build it from made-up runs): a track per
// GPU with its stream nested in it and the host's calls on a track of their own; each GPU's
// kernel, GPU 1's copy, GPU 0's wait (a flow from the event's record to the wait it releases) and
// the addition as slices, and NCCL's calls beside them; the partials, the copy and the total as
// operations the replay checks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/kernel_blocks.hpp"
#include "common/units.hpp"

namespace rm {

namespace tr = gridlock::trace;

constexpr int kPartial0 = 0, kPartial1 = 1, kStaged = 2, kReceived = 3, kTotal = 4, kNccl0 = 5, kNccl1 = 6;

struct Span {
  int64_t begin = 0, end = 0;
  int64_t length() const { return end - begin; }
};

// One host call (or a run of them) and the phase whose step shows it.
struct HostCall {
  std::string name;
  Span span;
  tr::Category category = tr::Category::host;
  int phase = 1;
};

// One NCCL call as recorded: each GPU's kernel and call on its stream, the host's calls, and the
// result on each GPU (ncclReduce: GPU 0's only).
struct NcclRun {
  bool all_reduce = true;
  Span kernel[2], call[2];
  std::vector<HostCall> host;
  int result[2] = {0, 0};
};

// One recorded run, on the run's clock. With one GPU only kernel[0] and partial[0] (the whole
// sum) are filled.
struct RecordedRun {
  std::vector<std::string> device_names;  // one or two
  bool through_host = false;
  bool peer_write = false;     // GPU 1's last block wrote its partial into GPU 0's memory: no copy
  bool total_on_host = false;  // the addition wrote the total into mapped host memory
  bool graph = false;          // the host issued the whole sum as one CUDA graph launch
  int64_t n = 0;
  int block = 0, grid[2] = {0, 0};
  Span kernel[2], copy, wait, host_copy, add;
  std::vector<HostCall> host;
  int partial[2] = {0, 0}, total = 0;
  std::vector<NcclRun> nccl;
  bool two() const { return device_names.size() == 2; }
};

struct Tracks {
  int host = 0, stream[2] = {0, 0}, launch[2] = {0, 0}, add_launch = 0;
};

inline Tracks declare(gridlock::LessonRun& run, const RecordedRun& r) {
  tr::Trace& t = run.trace();
  Tracks k;
  k.host = gridlock::add_track(t, tr::TrackKind::host, "CPU thread", -1, -1);
  const int gpus = r.two() ? 2 : 1;
  for (int d = 0; d < gpus; ++d) {
    const int device = gridlock::add_track(
        t, tr::TrackKind::device, "GPU " + std::to_string(d) + ": " + r.device_names[size_t(d)], -1, d);
    k.stream[d] =
        gridlock::add_track(t, tr::TrackKind::stream, "GPU " + std::to_string(d) + " stream", device, d);
    k.launch[d] = gridlock::on_stream(
        t, run.add_launch("reduce_fast on GPU " + std::to_string(d), r.grid[d], r.block), d, k.stream[d]);
  }
  // One int each: on a GPU's memory, or the host's.
  const auto on_gpu = [&](int id, const std::string& name, int device) {
    t.buffers.push_back(gridlock::int_buffer(id, name, 1, tr::MemorySpace::global, device));
  };
  const auto on_host = [&](int id, const std::string& name) {
    t.buffers.push_back(gridlock::int_buffer(id, name, 1, tr::MemorySpace::host, -1));
  };
  on_gpu(kPartial0, r.two() ? "partial of GPU 0" : "sum on GPU 0", 0);
  if (!r.two()) return k;
  k.add_launch = gridlock::on_stream(t, run.add_launch("add_partials", 1, 1), 0, k.stream[0]);
  on_gpu(kPartial1, "partial of GPU 1", 1);
  if (r.through_host) on_host(kStaged, "staged on the host");
  on_gpu(kReceived, "received on GPU 0", 0);
  if (r.total_on_host)
    on_host(kTotal, "total in host memory");
  else
    on_gpu(kTotal, "total", 0);
  if (!r.nccl.empty()) {
    on_gpu(kNccl0, "NCCL's result on GPU 0", 0);
    on_gpu(kNccl1, "NCCL's result on GPU 1", 1);
  }
  return k;
}

// One element's operation by one thread: dst[0] = a[0] op b[0] (b = -1: a copy).
inline tr::Operation one(tr::Operator op, int dst, int a, int b) {
  tr::Operation o{op, dst, a, b, {0}, {0}, {}, {0}};
  if (b >= 0) o.b = {0};
  return o;
}

// The host calls of one phase as slices on the host's track (phase 0: every call).
inline void add_host(tr::Step& s, const Tracks& k, const std::vector<HostCall>& calls, int phase = 0) {
  for (const HostCall& c : calls)
    if (phase == 0 || c.phase == phase)
      gridlock::add_slice(s.events, k.host, c.span.begin, c.span.end, c.name, c.category);
}

inline void add_shares_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k) {
  const int gpus = r.two() ? 2 : 1;
  tr::Step& s = run.add_step(
      "PHASE 1: each GPU sums its share with reduce-fast",
      r.two() ? "two kernels, one per GPU, in streams of their own" : "one GPU: reduce-fast over all n ints",
      r.two() ? "The host launches reduce-fast on each GPU and goes on at once; the GPUs run side by side."
              : "With one GPU the lesson runs only this part: the sum of every int on GPU 0.",
      k.launch[0]);
  for (int d = 0; d < gpus; ++d) {
    gridlock::add_slice(s.events, k.stream[d], r.kernel[d].begin, r.kernel[d].end, "reduce_fast",
                        tr::Category::kernel);
    s.snapshots.push_back({d == 0 ? kPartial0 : kPartial1, {0}, {double(r.partial[d])}});
  }
  add_host(s, k, r.host, r.two() ? 1 : 0);
}

inline void add_crossing_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k) {
  const std::string waits =
      r.graph ? "GPU 0's stream waits for that event (in the graph, an edge made from cudaStreamWaitEvent)."
              : "GPU 0's stream waits for that event with cudaStreamWaitEvent.";
  tr::Step& s = run.add_step(
      "PHASE 2: GPU 1's partial crosses to GPU 0, ordered by an event",
      r.peer_write     ? "GPU 1's last block wrote its partial into GPU 0's memory"
      : r.through_host ? "no peer access: GPU 1 -> pinned host memory -> GPU 0"
                       : "a 4-byte peer-to-peer copy",
      (r.peer_write
           ? "GPU 1's kernel wrote its partial straight into GPU 0's memory, and GPU 1's stream records "
             "`arrived` behind the kernel; "
           : "GPU 1's stream copies its partial and records `arrived`; ") +
          waits + (r.graph ? "" : " The host only enqueued these calls."),
      k.launch[1]);
  if (!r.peer_write)
    gridlock::add_slice(s.events, k.stream[1], r.copy.begin, r.copy.end,
                        r.through_host ? "cudaMemcpyAsync to the host" : "cudaMemcpyPeerAsync",
                        tr::Category::copy);
  gridlock::add_instant(s.events, k.stream[1], r.copy.end, "arrived (recorded)", tr::Category::sync)
      .flows_out = {0};
  gridlock::add_slice(s.events, k.stream[0], r.wait.begin, r.wait.end, "cudaStreamWaitEvent(arrived)",
                      tr::Category::sync);
  gridlock::add_instant(s.events, k.stream[0], r.wait.end, "released", tr::Category::sync).flows_in = {0};
  if (r.through_host) {
    gridlock::add_slice(s.events, k.stream[0], r.host_copy.begin, r.host_copy.end,
                        "cudaMemcpyAsync from the host", tr::Category::copy);
    s.ops.push_back(one(tr::Operator::copy, kStaged, kPartial1, -1));
    s.ops.push_back(one(tr::Operator::copy, kReceived, kStaged, -1));
    s.snapshots.push_back({kStaged, {0}, {double(r.partial[1])}});
  } else {
    s.ops.push_back(one(tr::Operator::copy, kReceived, kPartial1, -1));
  }
  s.snapshots.push_back({kReceived, {0}, {double(r.partial[1])}});
  add_host(s, k, r.host, 2);
}

inline void add_total_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k) {
  tr::Step& s = run.add_step(
      "PHASE 3: GPU 0 adds the two partials", "total = partial of GPU 0 + received",
      r.total_on_host
          ? "One thread of GPU 0 adds the partials and writes the total into mapped host memory; the "
            "host waits here, once, for GPU 0's stream, and reads it."
          : "One thread of GPU 0 adds the partials; the host waits here, once, for GPU 0's stream.",
      k.add_launch);
  gridlock::add_slice(s.events, k.stream[0], r.add.begin, r.add.end, "add_partials", tr::Category::kernel);
  s.ops.push_back(one(tr::Operator::add, kTotal, kPartial0, kReceived));
  s.snapshots.push_back({kTotal, {0}, {double(r.total)}});
  add_host(s, k, r.host, 3);
}

inline void add_nccl_step(gridlock::LessonRun& run, const NcclRun& c, const Tracks& k) {
  const std::string call = c.all_reduce ? "ncclAllReduce" : "ncclReduce";
  tr::Step& s = run.add_step(
      "PHASE 4: NCCL combines the partials",
      "baseline: reduce-fast on each GPU, then " + call + " of the two partials",
      c.all_reduce ? "Both GPUs sum their shares again; ncclAllReduce leaves the total on both GPUs."
                   : "Both GPUs sum their shares again; ncclReduce leaves the total on GPU 0 (the root).",
      k.launch[0]);
  for (int d = 0; d < 2; ++d) {
    gridlock::add_slice(s.events, k.stream[d], c.kernel[d].begin, c.kernel[d].end, "reduce_fast",
                        tr::Category::kernel);
    gridlock::add_slice(s.events, k.stream[d], c.call[d].begin, c.call[d].end, call, tr::Category::copy);
  }
  s.ops.push_back(one(tr::Operator::add, kNccl0, kPartial0, kPartial1));
  s.snapshots.push_back({kNccl0, {0}, {double(c.result[0])}});
  if (c.all_reduce) {
    s.ops.push_back(one(tr::Operator::add, kNccl1, kPartial0, kPartial1));
    s.snapshots.push_back({kNccl1, {0}, {double(c.result[1])}});
  }
  add_host(s, k, c.host);
}

inline std::string us_text(int64_t ns) { return gridlock::microseconds(double(ns), 0); }
// The same to a tenth of a microsecond: the sweep's and the breakdown's times.
inline std::string us_tenths(double ns) { return gridlock::microseconds(ns, 1); }

// The facts the README quotes about the recorded sum: each time from the slices it is measured
// between, so that it names the events it runs from and to. How far the host ran ahead stays text
// where it is negative (the host's calls ended after the first kernel): no duration from one
// event to a later one.
inline void add_recorded_facts(tr::Trace& t, const RecordedRun& r, const Tracks& k) {
  const auto time_of = [&](int track, const Span& span, tr::Category category) {
    return gridlock::slice_fact(t, track, {span.begin, span.end}, category, tr::FactUnit::us, 0);
  };
  const auto end_of = [&](int track, int64_t at, tr::Category category) {
    return tr::find_event(t, track, at, tr::EventKind::slice_end, category);
  };
  tr::set_fact(t, "recorded.kernel0", time_of(k.stream[0], r.kernel[0], tr::Category::kernel));
  if (!r.two()) return;
  tr::set_fact(t, "recorded.kernel1", time_of(k.stream[1], r.kernel[1], tr::Category::kernel));
  t.facts["recorded.route"] = r.through_host ? "through pinned host memory (no peer access)" : "peer to peer";
  if (!r.peer_write) tr::set_fact(t, "recorded.copy", time_of(k.stream[1], r.copy, tr::Category::copy));
  tr::set_fact(t, "recorded.wait", time_of(k.stream[0], r.wait, tr::Category::sync));
  const int first = r.kernel[1].begin < r.kernel[0].begin ? 1 : 0;
  const int first_out = r.kernel[1].end < r.kernel[0].end ? 1 : 0;
  tr::set_fact(t, "recorded.first_to_total",
               tr::duration_fact(t,
                                 tr::find_event(t, k.stream[first], r.kernel[first].begin,
                                                tr::EventKind::slice_begin, tr::Category::kernel),
                                 end_of(k.stream[0], r.add.end, tr::Category::kernel), tr::FactUnit::us, 0));
  // How long before the first kernel ended the host had every call of the sum behind it (the
  // host waits only in its last call, the synchronisation).
  const HostCall* issued = nullptr;
  for (const HostCall& c : r.host)
    if (c.category != tr::Category::sync && (issued == nullptr || c.span.end > issued->span.end)) issued = &c;
  if (issued != nullptr) {
    const int64_t ahead = r.kernel[first_out].end - issued->span.end;
    if (ahead >= 0)
      tr::set_fact(
          t, "recorded.host_ahead",
          tr::duration_fact(t, end_of(k.host, issued->span.end, issued->category),
                            end_of(k.stream[first_out], r.kernel[first_out].end, tr::Category::kernel),
                            tr::FactUnit::us, 0));
    else
      t.facts["recorded.host_ahead"] = us_text(ahead);
  }
  for (const NcclRun& c : r.nccl)
    t.facts[std::string("recorded.") + (c.all_reduce ? "allreduce" : "reduce")] =
        us_text(c.call[0].length()) + " on GPU 0, " + us_text(c.call[1].length()) + " on GPU 1";
}

// Where one recorded two-GPU sum's time went, on the run's clock: from the host's first call to
// the first kernel's start, GPU 1's start after GPU 0's (GPU 1's clock is placed on GPU 0's within
// its offset's uncertainty), each kernel, from the later kernel's end to GPU 0's release, the
// addition, and from its end to the host's return with the sum.
struct Breakdown {
  int64_t to_first_kernel = 0, gpu1_after_gpu0 = 0, kernel[2] = {0, 0}, to_release = 0, add = 0, to_host = 0,
          total = 0;
};

inline Breakdown breakdown_of(const RecordedRun& r) {
  const int64_t host_begin = r.host.front().span.begin, host_end = r.host.back().span.end;
  Breakdown b;
  b.to_first_kernel = std::min(r.kernel[0].begin, r.kernel[1].begin) - host_begin;
  b.gpu1_after_gpu0 = r.kernel[1].begin - r.kernel[0].begin;
  for (int d = 0; d < 2; ++d) b.kernel[d] = r.kernel[d].length();
  b.to_release = r.wait.end - std::max(r.kernel[0].end, r.kernel[1].end);
  b.add = r.add.end - r.wait.end;
  b.to_host = host_end - r.add.end;
  b.total = host_end - host_begin;
  return b;
}

// The breakdown in words. GPU 1's start is placed on GPU 0's clock within `gpu1_uncertainty_ns`:
// a gap no larger than that is said to be one.
inline std::string breakdown_text(const Breakdown& b, int64_t gpu1_uncertainty_ns) {
  const int64_t gap = b.gpu1_after_gpu0, apart = gap < 0 ? -gap : gap;
  const std::string start = (gap < 0 ? "GPU 1 started " + us_tenths(apart) + " before GPU 0"
                                     : "GPU 1 started " + us_tenths(apart) + " after GPU 0") +
                            (apart <= gpu1_uncertainty_ns ? " (within GPU 1's clock offset, \xC2\xB1" +
                                                                us_tenths(gpu1_uncertainty_ns) + ")"
                                                          : "");
  return "the host's first call to the first kernel's start " + us_tenths(b.to_first_kernel) + "; " + start +
         "; kernels " + us_tenths(b.kernel[0]) + " (GPU 0) and " + us_tenths(b.kernel[1]) +
         " (GPU 1); the later kernel's end to GPU 0's release " + us_tenths(b.to_release) +
         "; the addition " + us_tenths(b.add) + "; its end to the host holding the sum " +
         us_tenths(b.to_host) + "; in all " + us_tenths(b.total);
}

// The trace's clock must be described before (the recording's): the durations among the facts
// name it.
inline void build_steps(gridlock::LessonRun& run, const RecordedRun& r) {
  const Tracks k = declare(run, r);
  add_shares_step(run, r, k);
  if (r.two()) {
    add_crossing_step(run, r, k);
    add_total_step(run, r, k);
    for (const NcclRun& c : r.nccl) add_nccl_step(run, c, k);
  }
  gridlock::trace::order_events(run.trace());
  add_recorded_facts(run.trace(), r, k);
}

}  // namespace rm
