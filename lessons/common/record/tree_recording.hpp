// Host side of TreeRecorder<true, T>: owns the device arrays and logs, and turns what the kernel
// wrote into trace snapshots, operations and timeline events on the run's clock.
#pragma once

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/event_log.hpp"
#include "common/record/run_clock.hpp"
#include "common/record/tree_recorder.cuh"
#include "trace/trace.hpp"

namespace gridlock {

// The trace values of one item: a scalar, or each word of an item of several (T::words(), e.g. a
// 2x2 matrix row by row).
template <typename T>
void append_item_values(std::vector<double>& out, const T& v) {
  if constexpr (std::is_arithmetic_v<T>) {
    out.push_back(static_cast<double>(v));
  } else {
    for (auto word : v.words()) out.push_back(static_cast<double>(word));
  }
}

template <typename T>
class TreeRecording {
 public:
  struct Shape {
    int grid = 1;
    int block = 1;
    int steps = 1;
    int loads_per_thread = 0;  // room for the input elements a thread folds
    bool registers = false;    // record a register per thread and step
  };

  explicit TreeRecording(Shape s)
      : s_(s),
        warps_per_block_((s.block + 31) / 32),
        slots_(size_t(s.grid) * s.steps * s.block),
        snapshots_(slots_),
        registers_(s.registers ? slots_ : 0),
        dst_(std::vector<int>(slots_, -1)),
        a_(std::vector<int>(slots_, -1)),
        b_(std::vector<int>(slots_, -1)),
        sm_(size_t(s.grid)),
        load_runs_(size_t(s.grid) * s.block),
        warps_(s.grid * warps_per_block_, 1 + 2 * s.steps) {
    // Slots no thread writes are read back too: they hold 0, not whatever the allocation held.
    snapshots_.fill_bytes(0);
    registers_.fill_bytes(0);
    sm_.fill_bytes(0);
    load_runs_.fill_bytes(0);
  }

  TreeRecorder<true, T> device_view() {
    return {snapshots_.get(),
            s_.registers ? registers_.get() : nullptr,
            dst_.get(),
            a_.get(),
            b_.get(),
            sm_.get(),
            warps_.device_view(),
            load_runs_.get(),
            s_.steps};
  }

  // Call once, after the recording launch has finished.
  void download() {
    snapshots_host_ = snapshots_.download();
    if (s_.registers) registers_host_ = registers_.download();
    dst_host_ = dst_.download();
    a_host_ = a_.download();
    b_host_ = b_.download();
    sm_host_ = sm_.download();
    load_runs_host_ = load_runs_.download();
    warps_.download();
  }

  int grid() const { return s_.grid; }
  int steps() const { return s_.steps; }
  int block_size() const { return s_.block; }
  int warps_per_block() const { return warps_per_block_; }
  unsigned sm_of(int block) const { return sm_host_[size_t(block)]; }
  long long dropped() const { return warps_.dropped(); }

  // The block's part of the shared array after `step`: the whole buffer for a one-block grid,
  // else the block's items (block * blockDim ...).
  trace::Snapshot snapshot(int buffer, int block, int step) const {
    return block_part(snapshots_host_, buffer, block, step);
  }
  trace::Snapshot registers(int buffer, int block, int step) const {
    return block_part(registers_host_, buffer, block, step);
  }

  // What thread t of the block recorded with combined() in `step`: dst, a, b as the kernel gave
  // them (block-local), -1 where it recorded nothing.
  struct Combine {
    int dst = -1, a = -1, b = -1;
  };
  Combine combine_of(int block, int step, int thread) const {
    const size_t slot = (size_t(block) * s_.steps + step) * s_.block + thread;
    return {dst_host_[slot], a_host_[slot], b_host_[slot]};
  }
  // What thread t of the block copied from the shared array after the barrier of `step`.
  const T& shared_of(int block, int step, int thread) const {
    return snapshots_host_[(size_t(block) * s_.steps + step) * s_.block + thread];
  }
  // The register thread t of the block recorded with value() (or stored()) in `step`.
  const T& register_of(int block, int step, int thread) const {
    return registers_host_[(size_t(block) * s_.steps + step) * s_.block + thread];
  }
  // When a thread of the block stored the block's result in `step` (stored()); 0 if none did.
  unsigned long long stored_time(int block, int step) const {
    for (int w = 0; w < warps_per_block_; ++w)
      for (const LogRecord& r : warps_.records(block * warps_per_block_ + w))
        if (r.what == kTreeStored && r.value == step) return r.t_ns;
    return 0;
  }
  // Whether the block's warps arrived at the barrier of `step` (a block that skipped a part of
  // the kernel, such as the merge only the last block runs, did not).
  bool reached(int block, int step) const {
    for (int w = 0; w < warps_per_block_; ++w)
      if (warp_times(block * warps_per_block_ + w).arrive[size_t(step)] != 0) return true;
    return false;
  }
  // When the block's first warp left the barrier of `step`, in %globaltimer ns; 0 if none did.
  unsigned long long first_left(int block, int step) const {
    unsigned long long first = 0;
    for (int w = 0; w < warps_per_block_; ++w) {
      const unsigned long long left = warp_times(block * warps_per_block_ + w).leave[size_t(step)];
      if (left && (!first || left < first)) first = left;
    }
    return first;
  }
  // The block's first warp start, on the run's clock.
  int64_t block_start(int block, RunClock& clock) const { return block_span(block, clock).first; }
  // The earliest warp start of the launch, in %globaltimer ns.
  unsigned long long first_start() const {
    unsigned long long first = ~0ull;
    for (int w = 0; w < s_.grid * warps_per_block_; ++w) {
      const unsigned long long start = warp_times(w).start;
      if (start) first = std::min(first, start);
    }
    return first;
  }

  // What the block's threads combined in `step` inside `buffer`: dst = a op b.
  trace::Operation combines(trace::Operator op, int buffer, int block, int step) const {
    trace::Operation o;
    o.op = op;
    o.dst_buffer = o.a_buffer = o.b_buffer = buffer;
    const int64_t base = int64_t(block) * s_.block;
    for (int t = 0; t < s_.block; ++t) {
      const size_t slot = (size_t(block) * s_.steps + step) * s_.block + t;
      if (dst_host_[slot] < 0) continue;
      o.dst.push_back(base + dst_host_[slot]);
      o.a.push_back(base + a_host_[slot]);
      o.b.push_back(base + b_host_[slot]);
      o.thread.push_back(t);
    }
    return o;
  }

  // The input elements thread t of the block folded, in order.
  LoadRun load_run(int block, int thread) const { return load_runs_host_[size_t(block) * s_.block + thread]; }
  std::vector<int64_t> loads_of(int block, int thread) const {
    const LoadRun r = load_run(block, thread);
    std::vector<int64_t> out;
    for (int k = 0; k < r.count; ++k) out.push_back(int64_t(r.first) + int64_t(k) * r.stride);
    return out;
  }
  // Whether every thread's loads were evenly spaced, so loads_of() lists them all.
  bool loads_even() const {
    return std::all_of(load_runs_host_.begin(), load_runs_host_.end(),
                       [](const LoadRun& r) { return r.evenly != 0; });
  }

  // The block's fold of its input into an accumulator per thread:
  //   acc[t] = identity op in[first]; acc[t] = acc[t] op in[next]; ...
  // A thread that folded nothing keeps the identity (identity op identity).
  trace::Operation fold_ops(trace::Operator op, int acc_buffer, int input_buffer, int block) const {
    trace::Operation o;
    o.op = op;
    o.dst_buffer = o.a_buffer = acc_buffer;
    o.b_buffer = input_buffer;
    for (int t = 0; t < s_.block; ++t) {
      const int64_t acc = int64_t(block) * s_.block + t;
      const std::vector<int64_t> in = loads_of(block, t);
      if (in.empty()) in_place(o, acc, -1, -1, t);
      for (size_t k = 0; k < in.size(); ++k) in_place(o, acc, k == 0 ? -1 : acc, in[k], t);
    }
    return o;
  }

  // Per warp of the block: "work" from the warp's start (or its leaving the latest barrier
  // before this step) until it arrived at this step's barrier, then the barrier wait until it
  // left. Warp w is track first_track + w. Times are on the run's clock. A step without a barrier
  // has no events. `category` says what the work is (a ticket taken, where the step takes one).
  std::vector<trace::Event> warp_events(int block, int step, int first_track, const std::string& work,
                                        RunClock& clock, const std::string& barrier = kBarrier,
                                        trace::Category category = trace::Category::work) const {
    std::vector<trace::Event> events;
    for (int w = 0; w < warps_per_block_; ++w) {
      const WarpTimes times = warp_times(block * warps_per_block_ + w);
      unsigned long long started = times.start;
      for (int before = step - 1; before >= 0; --before)
        if (times.leave[size_t(before)]) {
          started = times.leave[size_t(before)];
          break;
        }
      const unsigned long long arrived = times.arrive[size_t(step)], left = times.leave[size_t(step)];
      if (!started || !arrived || !left) continue;  // dropped: the notice says so
      const int track = first_track + w;
      events.push_back(
          slice(track, trace::EventKind::slice_begin, clock.since_origin(started), work, category, step));
      events.push_back(
          slice(track, trace::EventKind::slice_end, clock.since_origin(arrived), work, category, step));
      events.push_back(slice(track, trace::EventKind::slice_begin, clock.since_origin(arrived), barrier,
                             trace::Category::barrier, step));
      events.push_back(slice(track, trace::EventKind::slice_end, clock.since_origin(left), barrier,
                             trace::Category::barrier, step));
    }
    return events;
  }

  // The block from its first warp's start to its last warp's leaving the last barrier, or its
  // storing a result after it, whichever came later.
  std::pair<int64_t, int64_t> block_span(int block, RunClock& clock) const {
    unsigned long long first = ~0ull, last = 0;
    for (int w = 0; w < warps_per_block_; ++w) {
      const WarpTimes times = warp_times(block * warps_per_block_ + w);
      if (times.start) first = std::min(first, times.start);
      for (unsigned long long t : times.leave) last = std::max(last, t);
      last = std::max(last, times.stored);
    }
    return {clock.since_origin(first), clock.since_origin(last)};
  }

  // The launch from its first block's start to its last block's end.
  std::pair<int64_t, int64_t> launch_span(RunClock& clock) const {
    std::pair<int64_t, int64_t> span = block_span(0, clock);
    for (int b = 1; b < s_.grid; ++b) {
      const auto [begin, end] = block_span(b, clock);
      span = {std::min(span.first, begin), std::max(span.second, end)};
    }
    return span;
  }

  static constexpr const char* kBarrier = "__syncthreads()";

 private:
  struct WarpTimes {
    unsigned long long start = 0, stored = 0;       // stored: the latest stored() of the warp
    std::vector<unsigned long long> arrive, leave;  // by step; 0 where not recorded
  };

  WarpTimes warp_times(int writer) const {
    WarpTimes w;
    w.arrive.assign(size_t(s_.steps), 0);
    w.leave.assign(size_t(s_.steps), 0);
    for (const LogRecord& r : warps_.records(writer)) {
      if (r.what == kTreeStart) w.start = r.t_ns;
      if (r.what == kTreeStored) w.stored = std::max(w.stored, r.t_ns);
      if (r.value < 0 || r.value >= s_.steps) continue;
      if (r.what == kTreeArrive) w.arrive[size_t(r.value)] = r.t_ns;
      if (r.what == kTreeLeave) w.leave[size_t(r.value)] = r.t_ns;
    }
    return w;
  }

  static trace::Event slice(int track, trace::EventKind kind, int64_t t, const std::string& name,
                            trace::Category category, int step) {
    trace::Event e;
    e.track = track;
    e.kind = kind;
    e.t_ns = t;
    e.name = name;
    e.category = category;
    e.value = step;
    return e;
  }

  static void in_place(trace::Operation& o, int64_t acc, int64_t a, int64_t b, int thread) {
    o.dst.push_back(acc);
    o.a.push_back(a);
    o.b.push_back(b);
    o.thread.push_back(thread);
  }

  trace::Snapshot block_part(const std::vector<T>& all, int buffer, int block, int step) const {
    trace::Snapshot snap;
    snap.buffer = buffer;
    const auto first =
        all.begin() + static_cast<std::ptrdiff_t>((size_t(block) * s_.steps + step) * s_.block);
    for (auto v = first; v != first + s_.block; ++v) append_item_values(snap.values, *v);
    if (s_.grid > 1)
      for (int t = 0; t < s_.block; ++t) snap.items.push_back(int64_t(block) * s_.block + t);
    return snap;
  }

  Shape s_;
  int warps_per_block_;
  size_t slots_;
  DeviceBuffer<T> snapshots_, registers_;
  DeviceBuffer<int> dst_, a_, b_;
  DeviceBuffer<unsigned> sm_;
  DeviceBuffer<LoadRun> load_runs_;
  EventLogBuffer warps_;
  std::vector<T> snapshots_host_, registers_host_;
  std::vector<int> dst_host_, a_host_, b_host_;
  std::vector<unsigned> sm_host_;
  std::vector<LoadRun> load_runs_host_;
};

}  // namespace gridlock
