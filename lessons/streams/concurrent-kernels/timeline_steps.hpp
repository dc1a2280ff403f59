// S1's recorded launch as a trace (plain C++, so that tests can build it from made-up kernels):
// one track per stream with each kernel as a slice and its blocks nested under it, the record's
// mask and count as counters, and steps that follow the check-ins and check-outs in time.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "check_out.hpp"
#include "common/lesson.hpp"
#include "common/record/atomic_order.hpp"
#include "common/record/kernel_blocks.hpp"
#include "common/units.hpp"

namespace s1 {

namespace tr = gridlock::trace;

constexpr int kIn = 0, kOut = 1, kAdded = 2, kMasks = 3, kCounts = 4;

// When a phase's atomics ran: after `issued` (a clock read before the first) and before `returned`
// (one after the last returned), on the run's clock.
struct Interval {
  int64_t issued = 0, returned = 0;
};

// One kernel of the recorded launch, on the run's clock, with the first elements it read and
// wrote.
struct KernelOnClock {
  int kid = 0;
  std::vector<gridlock::BlockOnClock> blocks;
  Interval check_in, check_out;
  // Where the check-in and check-out happened in the order of the record's atomics, each inside
  // its interval (place_checks sets them).
  int64_t checked_in = 0, checked_out = 0;
  int mask_in = 0, count_in = 0, mask_before_out = 0, count_before_out = 0;
  std::vector<int> in_sample, out_sample;  // elements 0, 1, ... of its part of in and out
  int added = 0;                           // what its additions come to, modulo 2^32
  // Filled in when the trace is built.
  int stream_track = 0, launch = 0;
  std::vector<int> block_tracks;
};

// A check-in (in) or check-out of one kernel.
struct Check {
  size_t kernel = 0;
  bool in = true;
};

// The recorded launch: its kernels, how they checked out, one stream each or all in one, and the
// record the check-in left (masks, counts, count_max), as the documented program reports it.
struct RecordedLaunch {
  std::vector<KernelOnClock> kernels;
  CheckOut check_out = CheckOut::corrected;
  bool concurrent = true;
  int64_t n = 0;  // elements per kernel
  int block = 0;
  std::vector<int> masks, counts;
  int count_max = 0;
  // The check-ins and check-outs in the order of the record's atomics (place_checks sets it).
  std::vector<Check> check_order;
};

struct CounterTracks {
  int in_mask, in_count, out_mask, out_count;
};

// The check-in's record, and the check-out's when the check-out names another.
inline CounterTracks declare_counters(tr::Trace& t, int device_track, CheckOut c) {
  CounterTracks ct;
  ct.in_mask = gridlock::add_track(t, tr::TrackKind::memory, "kernel_data.mask", device_track, 0);
  ct.in_count = gridlock::add_track(t, tr::TrackKind::memory, "kernel_data.count", device_track, 0);
  ct.out_mask = ct.in_mask, ct.out_count = ct.in_count;
  if (c == CheckOut::documented) {
    ct.out_mask = gridlock::add_track(t, tr::TrackKind::memory, "tokenizer_data.mask", device_track, 0);
    ct.out_count = gridlock::add_track(t, tr::TrackKind::memory, "tokenizer_data.count", device_track, 0);
  }
  // The masks in hex, as the kernel and the lesson's words write them.
  for (int mask : {ct.in_mask, ct.out_mask}) t.tracks[static_cast<size_t>(mask)].base = tr::ValueBase::hex;
  return ct;
}

// Declares the device, counter, stream and block tracks, the buffers and the launches.
inline CounterTracks declare(gridlock::LessonRun& run, RecordedLaunch& l) {
  tr::Trace& t = run.trace();
  const int device = gridlock::add_track(t, tr::TrackKind::device, "GPU 0: " + run.device().name, -1, 0);
  const CounterTracks ct = declare_counters(t, device, l.check_out);
  const int64_t all = l.n * int64_t(l.kernels.size());
  const int64_t kernels = int64_t(l.kernels.size());
  using gridlock::int_buffer;
  t.buffers = {int_buffer(kIn, "in", all, tr::MemorySpace::global),
               int_buffer(kOut, "out", all, tr::MemorySpace::global),
               int_buffer(kAdded, "added", kernels, tr::MemorySpace::registers),
               int_buffer(kMasks, "kernel_data.masks", kernels, tr::MemorySpace::global),
               int_buffer(kCounts, "kernel_data.counts", kernels, tr::MemorySpace::global)};
  int stream = -1;
  for (KernelOnClock& k : l.kernels) {
    if (l.concurrent || stream < 0)
      stream = gridlock::add_track(
          t, tr::TrackKind::stream,
          l.concurrent ? "stream " + std::to_string(k.kid) : "stream 0 (every kernel)", device, 0);
    k.stream_track = stream;
    k.block_tracks =
        gridlock::add_block_tracks(t, stream, 0, k.blocks, "kernel " + std::to_string(k.kid) + ", ");
    const std::string kernel =
        "add_kernel<" + std::string(name(l.check_out)) + "> kid " + std::to_string(k.kid);
    k.launch = gridlock::on_stream(t, run.add_launch(kernel, int64_t(k.blocks.size()), l.block), 0, stream);
  }
  return ct;
}

// How many streams run a kernel at `t` (a kernel runs from its first block's begin up to its last
// block's end).
inline int streams_running_at(const RecordedLaunch& l, int64_t t) {
  std::vector<int> streams;
  for (const KernelOnClock& k : l.kernels) {
    const auto [begin, end] = gridlock::extent(k.blocks);
    if (begin <= t && t < end && std::find(streams.begin(), streams.end(), k.stream_track) == streams.end())
      streams.push_back(k.stream_track);
  }
  return int(streams.size());
}

// `running` counts the streams running a kernel as this one starts, itself included; from two up,
// the start is an overlap, the moment the lesson is about.
inline void add_check_in(gridlock::LessonRun& run, const KernelOnClock& k, const CounterTracks& ct,
                         int running) {
  tr::Step& s =
      run.add_step("PHASE 1: check in",
                   "kernel " + std::to_string(k.kid) + " sees mask " + hex(k.mask_in) + ", count " +
                       std::to_string(k.count_in),
                   "Block 0's thread 0 sets its bit with atomicOr and counts itself in with atomicAdd; "
                   "what atomicOr returned, plus its own bit, is the set of kernels it saw running.",
                   k.launch);
  const std::string kernel = "add_kernel " + std::to_string(k.kid);
  const int64_t start = gridlock::extent(k.blocks).first;
  gridlock::add_event(s.events, k.stream_track, tr::EventKind::slice_begin, start, kernel,
                      tr::Category::kernel);
  const std::string at_once = std::to_string(running) + " kernels at once";
  if (running >= 2)
    gridlock::add_instant(s.events, k.stream_track, start,
                          "kernel " + std::to_string(k.kid) + " starts: " + at_once, tr::Category::overlap,
                          running);
  gridlock::add_instant(s.events, k.stream_track, k.checked_in, "check in: sees " + hex(k.mask_in),
                        tr::Category::atomic, k.mask_in);
  gridlock::add_counter(s.events, ct.in_mask, k.checked_in, "kernel_data.mask", tr::Category::atomic,
                        k.mask_in);
  gridlock::add_counter(s.events, ct.in_count, k.checked_in, "kernel_data.count", tr::Category::atomic,
                        k.count_in);
  s.snapshots.push_back({kMasks, {k.kid}, {double(k.mask_in)}});
  s.snapshots.push_back({kCounts, {k.kid}, {double(k.count_in)}});
}

inline void add_work(gridlock::LessonRun& run, const KernelOnClock& k, int64_t n) {
  tr::Step& s = run.add_step(
      "PHASE 2: add the increment, one addition at a time",
      "kernel " + std::to_string(k.kid) + ": " + std::to_string(k.blocks.size()) +
          " blocks; the values of the first " + std::to_string(k.in_sample.size()) + " of " +
          std::to_string(n) + " elements",
      "Every thread adds the kernel's increment to each of its elements, one addition at a time; added[k] is "
      "what those additions come to.",
      k.launch);
  gridlock::add_block_slices(s.events, k.block_tracks, k.blocks);
  tr::Snapshot in{kIn, {}, {}}, out{kOut, {}, {}};
  tr::Operation add{tr::Operator::add, kOut, kIn, kAdded, {}, {}, {}, {}};
  for (size_t j = 0; j < k.in_sample.size(); ++j) {
    const int64_t item = int64_t(k.kid) * n + int64_t(j);
    in.items.push_back(item);
    in.values.push_back(k.in_sample[j]);
    out.items.push_back(item);
    out.values.push_back(k.out_sample[j]);
    add.dst.push_back(item);
    add.a.push_back(item);
    add.b.push_back(k.kid);
    add.thread.push_back(int64_t(j));  // element j < grid x block belongs to thread j
  }
  s.snapshots.push_back(in);
  s.snapshots.push_back({kAdded, {k.kid}, {double(k.added)}});
  s.ops.push_back(add);
  s.snapshots.push_back(out);
}

inline void add_check_out(gridlock::LessonRun& run, const KernelOnClock& k, const CounterTracks& ct,
                          CheckOut c) {
  const int mask_after = after_check_out(c, k.mask_before_out, k.kid), count_after = k.count_before_out - 1;
  const std::string record = c == CheckOut::documented ? "tokenizer_data" : "kernel_data";
  tr::Step& s =
      run.add_step("PHASE 3: check out",
                   "kernel " + std::to_string(k.kid) + ": " + record + ".mask " + hex(k.mask_before_out) +
                       " -> " + hex(mask_after) + ", count " + std::to_string(k.count_before_out) + " -> " +
                       std::to_string(count_after),
                   c == CheckOut::corrected
                       ? "Block 0's thread 0 clears its own bit with ~(1 << kid) and counts itself out."
                       : "The check-out as printed ANDs with -(1 << kid): it keeps bit kid and every bit "
                         "above it, and clears the bits below it.",
                   k.launch);
  gridlock::add_instant(s.events, k.stream_track, k.checked_out,
                        "check out: " + hex(k.mask_before_out) + " -> " + hex(mask_after),
                        tr::Category::atomic, mask_after);
  gridlock::add_counter(s.events, ct.out_mask, k.checked_out, record + ".mask", tr::Category::atomic,
                        mask_after);
  gridlock::add_counter(s.events, ct.out_count, k.checked_out, record + ".count", tr::Category::atomic,
                        count_after);
  gridlock::add_event(s.events, k.stream_track, tr::EventKind::slice_end, gridlock::extent(k.blocks).second,
                      "add_kernel " + std::to_string(k.kid), tr::Category::kernel);
}

// The index of the median of `v` (the value at n/2 when sorted; a tie keeps the first).
inline size_t median_index(const std::vector<int64_t>& v) {
  std::vector<size_t> order(v.size());
  for (size_t i = 0; i < v.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
  return order[v.size() / 2];
}

// How long the kernels took, each a duration between two of the trace's events, of the median
// kernel of the eight: from its first block's begin to its last block's end; how long its SMs
// took to empty out (its first block's end to its last block's end); and, serially, the gap
// between one kernel's last block and the next kernel's first.
inline void add_kernel_time_facts(tr::Trace& t, const RecordedLaunch& l) {
  std::vector<int64_t> lengths, drains, gaps;
  std::vector<size_t> first_out;  // per kernel: its block that ended first
  for (size_t k = 0; k < l.kernels.size(); ++k) {
    const KernelOnClock& kernel = l.kernels[k];
    const auto [begin, end] = gridlock::extent(kernel.blocks);
    size_t first = 0;
    for (size_t b = 0; b < kernel.blocks.size(); ++b)
      if (kernel.blocks[b].end < kernel.blocks[first].end) first = b;
    first_out.push_back(first);
    lengths.push_back(end - begin);
    drains.push_back(end - kernel.blocks[first].end);
    if (k > 0) gaps.push_back(begin - gridlock::extent(l.kernels[k - 1].blocks).second);
  }
  const auto begins = [&](size_t k) {
    return tr::find_event(t, l.kernels[k].stream_track, gridlock::extent(l.kernels[k].blocks).first,
                          tr::EventKind::slice_begin, tr::Category::kernel);
  };
  const auto ends = [&](size_t k) {
    return tr::find_event(t, l.kernels[k].stream_track, gridlock::extent(l.kernels[k].blocks).second,
                          tr::EventKind::slice_end, tr::Category::kernel);
  };
  using tr::FactUnit;
  const size_t length = median_index(lengths), drain = median_index(drains);
  tr::set_fact(t, "recorded.kernel_time",
               tr::duration_fact(t, begins(length), ends(length), FactUnit::us, 1));
  const KernelOnClock& drained = l.kernels[drain];
  const size_t first = first_out[drain];
  const tr::EventRef first_end = tr::find_event(t, drained.block_tracks[first], drained.blocks[first].end,
                                                tr::EventKind::slice_end, tr::Category::work);
  tr::set_fact(t, "recorded.drain", tr::duration_fact(t, first_end, ends(drain), FactUnit::us, 1));
  if (!l.concurrent && !gaps.empty()) {
    const size_t gap = median_index(gaps) + 1;  // gaps[k - 1] runs from kernel k - 1 to kernel k
    tr::set_fact(t, "recorded.launch_gap", tr::duration_fact(t, ends(gap - 1), begins(gap), FactUnit::us, 1));
  }
}

// The first event, in step order, of the highest value among those `pick(step, event)` accepts;
// no event (step -1) when it accepts none.
template <class Pick>
tr::EventRef highest_event(const tr::Trace& t, Pick pick) {
  tr::EventRef most;
  double highest = 0;
  for (size_t s = 0; s < t.steps.size(); ++s)
    for (size_t e = 0; e < t.steps[s].events.size(); ++e) {
      const tr::Event& event = t.steps[s].events[e];
      if (pick(t.steps[s], event) && (most.step < 0 || event.value > highest))
        most = {int(s), int(e)}, highest = event.value;
    }
  return most;
}

// The check-in counter event on `track` that left the most kernels counted in: what the record's
// count_max reports.
inline tr::EventRef most_counted_in(const tr::Trace& t, int track) {
  return highest_event(t, [&](const tr::Step& s, const tr::Event& e) {
    return s.label == "PHASE 1: check in" && e.track == track && e.kind == tr::EventKind::counter;
  });
}

// The overlap moment with the most kernels running (none in a run without one).
inline tr::EventRef busiest_overlap(const tr::Trace& t) {
  return highest_event(
      t, [](const tr::Step&, const tr::Event& e) { return e.category == tr::Category::overlap; });
}

// The facts the README quotes about the recorded launch.
inline void add_recorded_facts(tr::Trace& t, const RecordedLaunch& l, const CounterTracks& ct) {
  std::vector<std::pair<int64_t, int64_t>> whole;
  for (const KernelOnClock& k : l.kernels) whole.push_back(gridlock::extent(k.blocks));
  add_kernel_time_facts(t, l);
  // The span: from the first kernel's start to the last kernel's end, on their streams' rows.
  size_t first = 0, last = 0;
  for (size_t k = 0; k < whole.size(); ++k) {
    if (whole[k].first < whole[first].first) first = k;
    if (whole[k].second > whole[last].second) last = k;
  }
  // Kernels overlap at a kernel's start, where the overlap moment says how many ran then; without
  // one, the kernels' slices on their streams' rows say it.
  if (const tr::EventRef busiest = busiest_overlap(t); busiest.step >= 0)
    tr::set_fact(t, "recorded.kernels_at_once", tr::event_value_fact(t, busiest));
  else
    tr::set_fact(t, "recorded.kernels_at_once", tr::most_at_once_fact(t, tr::Category::kernel));
  // Each block 0's check-in and check-out are its stream row's two atomic moments.
  tr::set_fact(t, "recorded.block0_at_once", tr::most_at_once_fact(t, tr::Category::atomic));
  tr::set_fact(t, "recorded.report", tr::event_value_fact(t, most_counted_in(t, ct.in_count)));
  add_record_lists(t, "recorded", "the recorded run", l.masks.data(), l.counts.data(), int(l.masks.size()));
  const tr::EventRef start = tr::find_event(t, l.kernels[first].stream_track, whole[first].first,
                                            tr::EventKind::slice_begin, tr::Category::kernel),
                     end = tr::find_event(t, l.kernels[last].stream_track, whole[last].second,
                                          tr::EventKind::slice_end, tr::Category::kernel);
  tr::set_fact(t, "recorded.span", tr::duration_fact(t, start, end, tr::FactUnit::us, 0));
  tr::set_fact(t, "recorded.blocks_per_kernel", tr::launch_grid_fact(t, l.kernels.front().launch));
}

// Places each check-in and check-out at a time inside its interval, in an order of the eight
// kernels' atomics in which each read what the one before it left (on the check-in's record, and
// on the check-out's where that is another): the times read around two atomics on different SMs
// can come back in the other order, and the mask and count drawn from them would then change as
// no run of the atomics could. Returns why no such order was found, or "".
inline std::string place_checks(RecordedLaunch& l) {
  const bool other_record = l.check_out == CheckOut::documented;
  enum Word { in_mask, in_count, out_mask, out_count };
  std::vector<gridlock::AtomicBurst> bursts;
  for (const KernelOnClock& k : l.kernels) {
    const int bit = 1 << k.kid;
    bursts.push_back({k.check_in.issued,
                      k.check_in.returned,
                      {{in_mask, k.mask_in & ~bit, k.mask_in}, {in_count, k.count_in - 1, k.count_in}}});
    bursts.push_back({k.check_out.issued,
                      k.check_out.returned,
                      {{other_record ? out_mask : in_mask, k.mask_before_out,
                        after_check_out(l.check_out, k.mask_before_out, k.kid)},
                       {other_record ? out_count : in_count, k.count_before_out, k.count_before_out - 1}}});
  }
  const gridlock::AtomicOrder order = gridlock::order_atomics(bursts);
  if (!order.found()) return order.error;
  for (size_t k = 0; k < l.kernels.size(); ++k) {
    l.kernels[k].checked_in = order.at_ns[2 * k];
    l.kernels[k].checked_out = order.at_ns[2 * k + 1];
  }
  l.check_order.clear();
  for (size_t b : order.order) l.check_order.push_back({b / 2, b % 2 == 0});
  return "";
}

// The steps in the order of the moments they are about, so that time only moves forward through
// them: each kernel's check-in and check-out in the order of the record's atomics (place_checks),
// and its work at the moment its first block finishes; a tie keeps that order.
inline void build_steps(gridlock::LessonRun& run, RecordedLaunch& l) {
  if (const std::string unordered = place_checks(l); !unordered.empty()) {
    run.check_failed("the recorded launch: " + unordered);
    return;
  }
  const CounterTracks ct = declare(run, l);
  enum class Moment { check_in, work, check_out };
  struct Step {
    int64_t t;
    size_t kernel;
    Moment moment;
  };
  std::vector<Step> steps;
  for (const Check& c : l.check_order) {
    const KernelOnClock& k = l.kernels[c.kernel];
    steps.push_back(
        {c.in ? k.checked_in : k.checked_out, c.kernel, c.in ? Moment::check_in : Moment::check_out});
  }
  for (size_t k = 0; k < l.kernels.size(); ++k) {
    int64_t first_end = gridlock::extent(l.kernels[k].blocks).second;
    for (const gridlock::BlockOnClock& b : l.kernels[k].blocks) first_end = std::min(first_end, b.end);
    steps.push_back({first_end, k, Moment::work});
  }
  std::stable_sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) { return a.t < b.t; });
  for (const Step& step : steps) {
    const KernelOnClock& k = l.kernels[step.kernel];
    if (step.moment == Moment::check_in)
      add_check_in(run, k, ct, streams_running_at(l, gridlock::extent(k.blocks).first));
    if (step.moment == Moment::work) add_work(run, k, l.n);
    if (step.moment == Moment::check_out) add_check_out(run, k, ct, l.check_out);
  }
  // Each step is about its check-in's or check-out's atomics (the instant on the stream's row),
  // not the kernel's start that a check-in step also marks: the cursor shows the mask it saw.
  tr::order_events(run.trace());
  for (tr::Step& s : run.trace().steps) {
    for (size_t e = 0; e < s.events.size(); ++e)
      if (s.events[e].kind == tr::EventKind::instant && s.events[e].category == tr::Category::atomic)
        s.focus = int(e);
  }
  add_recorded_facts(run.trace(), l, ct);
  if (run.trace().fact_values.at("recorded.report").value != l.count_max)
    run.check_failed("the record's count_max (" + std::to_string(l.count_max) +
                     ") is not the most kernels any check-in counted in");
}

}  // namespace s1
