// Turns what LaneRecorder's lanes wrote into what a trace step holds: the step's operations in
// the order they are listed (within a slot, lane by lane, lowest first), the buffers' contents
// after the step, and every value a lane read that this order does not give. In lockstep every
// lane reads before any lane of the step writes; in the warp-level patterns the lessons record, a
// lane only reads items that lanes above it write, so lowest lane first is the lockstep order. A
// read it does not explain means the lanes did not run in lockstep (or a hook recorded the wrong
// thing); the lesson reports it. No CUDA here, so it is tested on any machine.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "common/record/lane_entry.hpp"
#include "common/record/load_run.hpp"
#include "trace/trace.hpp"

namespace gridlock {

// An item's values as a trace snapshot holds them. A recorded type other than these provides its
// own overload in its namespace (found by argument-dependent lookup).
inline void append_values(std::vector<double>& out, int v) { out.push_back(v); }
inline void append_values(std::vector<double>& out, unsigned v) { out.push_back(v); }

// One thread's entry of a step.
template <typename T>
struct ThreadEntry {
  int thread;
  LaneEntry<T> entry;
};

// A value a lane read (or wrote) that the replay does not give.
struct LaneSurprise {
  int step = 0, thread = 0;
  std::string what;  // "thread 3 read s[8] = 5, the replay gives 7"
};

// The trace buffer a space maps to (buffer -1: the lesson has no such space) and its name.
struct SpaceBuffer {
  int buffer = -1;
  int64_t items = 0;
  std::string name;
};

template <typename Op>
class LaneReplay {
 public:
  using T = typename Op::T;

  explicit LaneReplay(std::array<SpaceBuffer, kLaneSpaces> spaces) : spaces_(std::move(spaces)) {
    for (int s = 0; s < kLaneSpaces; ++s) state_[size_t(s)].assign(size_t(spaces_[size_t(s)].items), {});
  }

  // Values known before the first step, such as the input.
  void know(int space, const std::vector<T>& values) {
    for (size_t i = 0; i < values.size() && i < state_[size_t(space)].size(); ++i)
      state_[size_t(space)][i] = values[i];
  }

  // Each thread t folds the input elements of runs[t] into its accumulator, starting from the
  // identity (a thread that folded nothing keeps the identity: identity op identity). Returns the
  // operation; the accumulators become known.
  trace::Operation fold(const std::vector<LoadRun>& runs) {
    trace::Operation o = operation(kLaneCombine, kAccumulatorSpace, kAccumulatorSpace);
    o.b_buffer = buffer(kInputSpace);
    for (size_t t = 0; t < runs.size(); ++t) {
      T acc = Op::identity();
      if (runs[t].count == 0) add(o, int64_t(t), -1, -1, int(t));
      for (int k = 0; k < runs[t].count; ++k) {
        const int64_t in = int64_t(runs[t].first) + int64_t(k) * runs[t].stride;
        const std::optional<T>& x = at(kInputSpace, in);
        acc = x ? Op()(acc, *x) : acc;
        add(o, int64_t(t), k == 0 ? -1 : int64_t(t), in, int(t));
      }
      state_[kAccumulatorSpace][t] = acc;
    }
    return o;
  }

  // Replays one step's entries in the order given; returns its operations (a new one wherever the
  // kind or the spaces change) and notes every read the replay does not give.
  std::vector<trace::Operation> apply(int step, const std::vector<ThreadEntry<T>>& entries) {
    std::vector<trace::Operation> ops;
    for (const ThreadEntry<T>& te : entries) {
      const LaneEntry<T>& e = te.entry;
      if (e.kind == kLaneNothing) continue;
      if (ops.empty() || !same_group(ops.back(), e)) ops.push_back(operation(e.kind, e.dst_space, e.a_space));
      check(step, te.thread, e);
      const int64_t a = e.kind == kLaneIdentity ? -1 : e.a;
      const int64_t b = e.kind == kLaneCombine ? e.b : e.kind == kLaneIdentity ? -1 : -2;
      add(ops.back(), e.dst, a, b, te.thread);
      if (e.dst >= 0 && size_t(e.dst) < state_[size_t(e.dst_space)].size())
        state_[size_t(e.dst_space)][size_t(e.dst)] = e.result;
    }
    return ops;
  }

  // The space's buffer after what has been replayed: every item when all are known, else the
  // known ones.
  trace::Snapshot snapshot(int space) const {
    trace::Snapshot snap;
    snap.buffer = buffer(space);
    const std::vector<std::optional<T>>& values = state_[size_t(space)];
    const bool all =
        std::all_of(values.begin(), values.end(), [](const std::optional<T>& v) { return bool(v); });
    for (size_t i = 0; i < values.size(); ++i) {
      if (!values[i]) continue;
      if (!all) snap.items.push_back(int64_t(i));
      append_values(snap.values, *values[i]);
    }
    return snap;
  }

  const std::optional<T>& at(int space, int64_t item) const {
    static const std::optional<T> none;
    const std::vector<std::optional<T>>& values = state_[size_t(space)];
    return item >= 0 && size_t(item) < values.size() ? values[size_t(item)] : none;
  }
  const std::vector<LaneSurprise>& surprises() const { return surprises_; }

 private:
  int buffer(int space) const { return spaces_[size_t(space)].buffer; }

  trace::Operation operation(int kind, int dst_space, int a_space) const {
    trace::Operation o;
    o.op = kind == kLaneCopy ? trace::Operator::copy : Op::kTraceOp;
    o.dst_buffer = buffer(dst_space);
    o.a_buffer = kind == kLaneIdentity ? buffer(dst_space) : buffer(a_space);
    o.b_buffer = kind == kLaneCopy ? -1 : buffer(dst_space);
    return o;
  }

  bool same_group(const trace::Operation& o, const LaneEntry<T>& e) const {
    const trace::Operation next = operation(e.kind, e.dst_space, e.a_space);
    return o.op == next.op && o.dst_buffer == next.dst_buffer && o.a_buffer == next.a_buffer &&
           o.b_buffer == next.b_buffer;
  }

  static void add(trace::Operation& o, int64_t dst, int64_t a, int64_t b, int thread) {
    o.dst.push_back(dst);
    o.a.push_back(a);
    if (b != -2) o.b.push_back(b);
    o.thread.push_back(thread);
  }

  // Compares what the lane read with the replay, and its result with the operator.
  void check(int step, int thread, const LaneEntry<T>& e) {
    if (e.kind == kLaneIdentity) {
      expect(step, thread, e.result == Op::identity(), "wrote " + text(e.result) + " as the identity");
      return;
    }
    read(step, thread, e.a_space, e.a, e.a_value);
    if (e.kind == kLaneCombine) {
      read(step, thread, e.dst_space, e.b, e.b_value);
      expect(step, thread, e.result == Op()(e.a_value, e.b_value),
             "wrote " + text(e.result) + ", which is not what it read combined");
    }
  }

  void read(int step, int thread, int space, int64_t item, const T& value) {
    const std::optional<T>& known = at(space, item);
    const std::string where = spaces_[size_t(space)].name + "[" + std::to_string(item) + "]";
    if (!known)
      expect(step, thread, false, "read " + where + " = " + text(value) + ", which nothing had written");
    else
      expect(step, thread, *known == value,
             "read " + where + " = " + text(value) + ", the replay gives " + text(*known));
  }

  void expect(int step, int thread, bool holds, const std::string& what) {
    if (!holds) surprises_.push_back({step, thread, "thread " + std::to_string(thread) + " " + what});
  }

  static std::string text(const T& v) {
    std::vector<double> values;
    append_values(values, v);
    std::string out;
    for (double x : values) out += (out.empty() ? "" : " ") + std::to_string(static_cast<long long>(x));
    return values.size() == 1 ? out : "(" + out + ")";
  }

  std::array<SpaceBuffer, kLaneSpaces> spaces_;
  std::array<std::vector<std::optional<T>>, kLaneSpaces> state_;
  std::vector<LaneSurprise> surprises_;
};

}  // namespace gridlock
