// Trace steps for one block of a halving-tree reduction (R1's pattern, as R3 and R4 run it in
// every block and again in the merge): the load into shared memory, one step per tree level, the
// store of the block's result. Built from a TreeRecording of the launch; each step records the
// operations that make its snapshot, so the replay check proves the values.
#pragma once

#include <string>

#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "reduction/common/trace_parts.hpp"

namespace gridlock::reduction {

// Where one block's tree lives in the trace.
struct HalvingBlock {
  int block = 0;           // in the launch
  int launch = 0;          // trace launch id
  int shared = 0;          // buffer of the shared array, one region of blockDim items per block
  int first_warp = 0;      // track of the block's warp 0
  std::string who;         // "block 3", for the step details
  const char* phase = "";  // the step label
};

// The block's grid-stride fold of `input` into its threads' accumulators (buffer `acc`, one item
// per thread), stored to the shared array: recorder step 0. Without `with_ops` (an input too large
// to record) the step holds only the snapshot.
template <typename Op>
trace::Step& add_fold_step(LessonRun& run, const TreeRecording<typename Op::T>& rec, const HalvingBlock& hb,
                           int acc, int input, bool with_ops, const std::string& note) {
  const int block_size = rec.block_size();
  trace::Step& s = run.add_step(hb.phase, hb.who + ": each thread folds its slice", note, hb.launch);
  if (with_ops) s.ops.push_back(rec.fold_ops(Op::kTraceOp, acc, input, hb.block));
  trace::Operation store{trace::Operator::copy, hb.shared, acc, -1, {}, {}, {}, {}};
  for (int t = 0; t < block_size; ++t) {
    store.dst.push_back(int64_t(hb.block) * block_size + t);
    store.a.push_back(int64_t(hb.block) * block_size + t);
    store.thread.push_back(t);
  }
  s.ops.push_back(store);
  s.snapshots.push_back(rec.snapshot(hb.shared, hb.block, 0));
  s.live.push_back({hb.shared, int64_t(hb.block) * block_size, block_size, 1});
  s.events = rec.warp_events(hb.block, 0, hb.first_warp, "load", run.clock());
  return s;
}

// One partial result per thread, copied from `input` (item t for thread t < count; the identity
// for the others), as the last block of R4 loads the partials: recorder step `step`.
template <typename Op>
trace::Step& add_copy_load_step(LessonRun& run, const TreeRecording<typename Op::T>& rec,
                                const HalvingBlock& hb, int step, int input, const std::string& note) {
  const int block_size = rec.block_size();
  trace::Step& s = run.add_step(hb.phase, hb.who + ": one partial per thread", note, hb.launch);
  trace::Operation copy{trace::Operator::copy, hb.shared, input, -1, {}, {}, {}, {}};
  trace::Operation identity{Op::kTraceOp, hb.shared, hb.shared, hb.shared, {}, {}, {}, {}};
  for (int t = 0; t < block_size; ++t) {
    const int64_t dst = int64_t(hb.block) * block_size + t;
    const int from = rec.combine_of(hb.block, step, t).a;
    trace::Operation& o = from >= 0 ? copy : identity;
    o.dst.push_back(dst);
    o.a.push_back(from >= 0 ? from : -1);
    if (from < 0) o.b.push_back(-1);
    o.thread.push_back(t);
  }
  for (const trace::Operation* o : {&copy, &identity})
    if (!o->dst.empty()) s.ops.push_back(*o);
  s.snapshots.push_back(rec.snapshot(hb.shared, hb.block, step));
  s.live.push_back({hb.shared, int64_t(hb.block) * block_size, block_size, 1});
  s.events = rec.warp_events(hb.block, step, hb.first_warp, "load", run.clock());
  return s;
}

// The tree's levels, recorder steps first_step .. first_step + levels - 1: at each, thread i < size
// combines r[i] with r[i + size].
template <typename Op>
void add_halving_steps(LessonRun& run, const TreeRecording<typename Op::T>& rec, const HalvingBlock& hb,
                       int first_step) {
  const int block_size = rec.block_size();
  int levels = 0;
  for (int size = block_size / 2; size > 0; size /= 2) ++levels;
  for (int level = 1, size = block_size / 2; size > 0; ++level, size /= 2) {
    const int step = first_step + level - 1;
    trace::Step& s =
        run.add_step(hb.phase,
                     hb.who + ": level " + std::to_string(level) + " of " + std::to_string(levels) +
                         ", size " + std::to_string(size),
                     "Threads 0.." + std::to_string(size - 1) + " each combine r[i] with r[i + " +
                         std::to_string(size) + "]; the others wait at the barrier.",
                     hb.launch);
    s.ops.push_back(rec.combines(Op::kTraceOp, hb.shared, hb.block, step));
    s.snapshots.push_back(rec.snapshot(hb.shared, hb.block, step));
    s.live.push_back({hb.shared, int64_t(hb.block) * block_size, size, 1});
    s.events = rec.warp_events(hb.block, step, hb.first_warp, "level " + std::to_string(level), run.clock());
  }
}

// Thread 0 stores r[0] of the block into item `item` of buffer `out` (recorder step `step`, a
// store without a barrier), the value it recorded; an instant on the block's row marks when,
// starting flow `flow` (-1: none) towards whoever reads it.
template <typename Op>
trace::Step& add_store_step(LessonRun& run, const TreeRecording<typename Op::T>& rec, const HalvingBlock& hb,
                            int step, int out, int item, int block_track, int flow, const std::string& note) {
  const std::string target = run.trace().find_buffer(out)->name + "[" + std::to_string(item) + "]";
  trace::Step& s = run.add_step(hb.phase, hb.who + ": thread 0 writes " + target, note, hb.launch);
  const int64_t root = int64_t(hb.block) * rec.block_size();
  s.ops.push_back({trace::Operator::copy, out, hb.shared, -1, {item}, {root}, {}, {0}});
  trace::Snapshot written{out, {item}, {}};
  append_item_values(written.values, rec.register_of(hb.block, step, 0));
  s.snapshots.push_back(written);
  s.live.push_back({out, item, 1, 1});
  trace::Event& at =
      add_instant(s.events, block_track, run.clock().since_origin(rec.stored_time(hb.block, step)),
                  target + " written", trace::Category::work);
  if (flow >= 0) at.flows_out.push_back(flow);
  return s;
}

}  // namespace gridlock::reduction
