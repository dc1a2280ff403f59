// Trace steps for one call of R2's order-keeping block routine (r2::reduce_block_in_order), as
// R2 runs it in its one block and R5 in every block and again in the merge: the first load, a
// load and a compression per further blockSize elements, the barrier after the loop, the
// interleaved tree's levels, the store. Built from a TreeRecording of the launch: every thread
// recorded what it wrote (value()) and from which operands (combined()), so each step's snapshot
// holds the kernel's values and its operations say how they follow from the step before.
#pragma once

#include <algorithm>
#include <string>

#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "reduction/common/trace_parts.hpp"

namespace gridlock::reduction {

// One call of the routine: which block, its first recorder step, what it reduces and where its
// result goes.
struct InOrderCall {
  int block = 0;
  int first_step = 0;
  int count = 0;            // elements reduced
  int input = 0;            // buffer read
  int64_t input_first = 0;  // the item of `input` that is the routine's in[0]
  int out_item = 0;         // the item of buffer `out` it writes
};

// Where the routine's state lives in the trace, and the labels of its steps.
struct InOrderTrace {
  int shared = 0;       // s: 2 * blockDim items per block
  int pair = 0;         // the compression's register, one item per thread
  int out = 0;          // the results
  int launch = 0;       // trace launch id
  int first_warp = 0;   // track of the block's warp 0
  int block_track = 0;  // track of the block
  int flow = -1;        // flow started by the result's store, -1: none
  std::string who;      // "block 2", put before each detail
  // The label of each of the routine's phases: first load, next load, compression (and the
  // barrier after the loop), tree, write.
  const char* first_load = "";
  const char* next_load = "";
  const char* compress = "";
  const char* tree = "";
  const char* write = "";
};

namespace detail {

template <typename T>
trace::Snapshot written_items(const TreeRecording<T>& rec, int buffer, int block, int step,
                              const trace::Operation& made) {
  trace::Snapshot s{buffer, {}, {}};
  for (size_t k = 0; k < made.dst.size(); ++k) {
    s.items.push_back(made.dst[k]);
    append_item_values(s.values, rec.register_of(block, step, int(made.thread[k])));
  }
  return s;
}

// The loads of recorder step `step`: s[dst] = in[input_first + a], or the identity where a < 0.
template <typename Op>
void add_loads(trace::Step& s, const TreeRecording<typename Op::T>& rec, const InOrderCall& c,
               const InOrderTrace& tt, int step) {
  const int64_t base = int64_t(c.block) * 2 * rec.block_size();
  trace::Operation copy{trace::Operator::copy, tt.shared, c.input, -1, {}, {}, {}, {}};
  trace::Operation identity{Op::kTraceOp, tt.shared, tt.shared, tt.shared, {}, {}, {}, {}};
  trace::Operation all{trace::Operator::copy, tt.shared, tt.shared, -1, {}, {}, {}, {}};
  for (int t = 0; t < rec.block_size(); ++t) {
    const auto made = rec.combine_of(c.block, step, t);
    trace::Operation& o = made.a >= 0 ? copy : identity;
    o.dst.push_back(base + made.dst);
    o.a.push_back(made.a >= 0 ? c.input_first + made.a : -1);
    if (made.a < 0) o.b.push_back(-1);
    o.thread.push_back(t);
    all.dst.push_back(base + made.dst);
    all.thread.push_back(t);
  }
  for (const trace::Operation* o : {&copy, &identity})
    if (!o->dst.empty()) s.ops.push_back(*o);
  s.snapshots.push_back(written_items(rec, tt.shared, c.block, step, all));
}

}  // namespace detail

// Appends the call's steps; returns the trace index of its last (the store).
template <typename Op>
size_t add_in_order_steps(LessonRun& run, const TreeRecording<typename Op::T>& rec, const InOrderCall& c,
                          const InOrderTrace& tt) {
  const int block = rec.block_size(), b = c.block;
  const int64_t base = int64_t(b) * 2 * block, pair_base = int64_t(b) * block;
  const int loads = c.count > block ? (c.count - 1) / block : 0;
  RunClock& clock = run.clock();
  int step = c.first_step;
  auto events = [&](trace::Step& s, const std::string& work) {
    s.events = rec.warp_events(b, step, tt.first_warp, work, clock);
  };

  const std::string input = run.trace().find_buffer(c.input)->name;
  // "in[300..363]" for the routine's in[from .. from + blockDim), clipped to what it reduces.
  auto elements = [&](int from) {
    if (from >= c.count) return std::string("only the identity");
    const int64_t last = c.input_first + std::min(from + block, c.count) - 1;
    return input + "[" + std::to_string(c.input_first + from) + ".." + std::to_string(last) + "]";
  };
  trace::Step& first =
      run.add_step(tt.first_load, tt.who + ": first load, " + elements(0),
                   "The lower half takes the first elements; a missing one is the identity.", tt.launch);
  detail::add_loads<Op>(first, rec, c, tt, step);
  first.live.push_back({tt.shared, base, block, 1});
  events(first, "first load");
  ++step;

  for (int k = 1; k <= loads; ++k) {
    const std::string pass = std::to_string(k) + " of " + std::to_string(loads);
    trace::Step& load =
        run.add_step(tt.next_load, tt.who + ": load " + pass + ", " + elements(k * block),
                     "The upper half takes the next elements, after those already folded.", tt.launch);
    detail::add_loads<Op>(load, rec, c, tt, step);
    load.live.push_back({tt.shared, base, 2 * block, 1});
    events(load, "load " + std::to_string(k));
    ++step;

    trace::Step& squeeze = run.add_step(
        tt.compress, tt.who + ": compression " + pass,
        "Thread i combines s[2i] with s[2i+1] into a register, waits at the barrier, then stores it in s[i].",
        tt.launch);
    trace::Operation pairs{Op::kTraceOp, tt.pair, tt.shared, tt.shared, {}, {}, {}, {}};
    trace::Operation store{trace::Operator::copy, tt.shared, tt.pair, -1, {}, {}, {}, {}};
    for (int t = 0; t < block; ++t) {
      const auto made = rec.combine_of(b, step, t);
      pairs.dst.push_back(pair_base + t);
      pairs.a.push_back(base + made.a);
      pairs.b.push_back(base + made.b);
      pairs.thread.push_back(t);
      store.dst.push_back(base + made.dst);
      store.a.push_back(pair_base + t);
      store.thread.push_back(t);
    }
    squeeze.ops = {pairs, store};
    squeeze.snapshots.push_back(detail::written_items(rec, tt.shared, b, step, store));
    squeeze.live.push_back({tt.shared, base, block, 1});
    events(squeeze, "compress " + std::to_string(k));
    ++step;
  }

  trace::Step& after =
      run.add_step(tt.compress, tt.who + (loads ? ": after the loop" : ": no further elements"),
                   loads ? "Every thread waits until every pair is stored before the tree reads them."
                         : "Everything fitted in the first load: the tree starts on it.",
                   tt.launch);
  after.live.push_back({tt.shared, base, block, 1});
  events(after, "after the loop");
  ++step;

  int levels = 0;
  for (int stride = 1; stride < block; stride *= 2) ++levels;
  for (int level = 1, stride = 1; stride < block; ++level, stride *= 2, ++step) {
    trace::Step& s = run.add_step(tt.tree,
                                  tt.who + ": level " + std::to_string(level) + " of " +
                                      std::to_string(levels) + ", stride " + std::to_string(stride),
                                  "Thread i combines s[" + std::to_string(2 * stride) +
                                      "i] with its right neighbour s[" + std::to_string(2 * stride) + "i + " +
                                      std::to_string(stride) + "]; the order is kept.",
                                  tt.launch);
    trace::Operation o = rec.combines(Op::kTraceOp, tt.shared, b, step);
    for (size_t k = 0; k < o.dst.size(); ++k) {  // combines() offsets by one block; s has two per block
      o.dst[k] += base - pair_base;
      o.a[k] += base - pair_base;
      o.b[k] += base - pair_base;
    }
    s.ops.push_back(o);
    s.snapshots.push_back(detail::written_items(rec, tt.shared, b, step, o));
    s.live.push_back({tt.shared, base, block / (2 * stride), 2 * stride});
    events(s, "level " + std::to_string(level));
  }

  const std::string target = run.trace().find_buffer(tt.out)->name + "[" + std::to_string(c.out_item) + "]";
  trace::Step& write =
      run.add_step(tt.write, tt.who + ": thread 0 writes " + target,
                   "s[0] holds the ordered product of everything this call reduced.", tt.launch);
  write.ops.push_back({trace::Operator::copy, tt.out, tt.shared, -1, {c.out_item}, {base}, {}, {0}});
  trace::Snapshot result{tt.out, {c.out_item}, {}};
  append_item_values(result.values, rec.register_of(b, step, 0));
  write.snapshots.push_back(result);
  write.live.push_back({tt.out, c.out_item, 1, 1});
  trace::Event& at = add_instant(write.events, tt.block_track, clock.since_origin(rec.stored_time(b, step)),
                                 target + " written", trace::Category::work);
  if (tt.flow >= 0) at.flows_out.push_back(tt.flow);
  return run.trace().steps.size() - 1;
}

}  // namespace gridlock::reduction
