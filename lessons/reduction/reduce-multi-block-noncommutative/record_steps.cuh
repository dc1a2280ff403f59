// R5 recording: what one launch of the Record=true instantiation (the matrix product, the first
// seed's input) recorded, turned into trace steps (every block's run of R2's routine over its
// chunk and its passage through the guard, block after block, then the last block's run over
// the partials), flows from each partial's store to the merge, and the facts the README quotes.
#pragma once

#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/in_order_steps.hpp"
#include "reduction/common/last_block_runs.hpp"
#include "reduction/common/matrix.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/trace_parts.hpp"

namespace r5 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using Recording = gridlock::TreeRecording<red::Mat2>;

constexpr int kInput = 0, kShared = 1, kPair = 2, kOut = 3;
constexpr int64_t kLargestRecordedInput = 1 << 14;  // matrices; larger inputs are not copied into the trace
constexpr const char* kGuardBarrier = "__syncthreads_or() in the guard";

// What the recorded run used and gave: its input, this lesson's answer, and on the same input the
// split form's and R4's (the commutative pattern).
struct RecordedRun {
  std::vector<red::Mat2> input;
  red::Mat2 result, split, commutative;
};

// Where the recorder's steps fall for n elements over the recording's grid.
struct Steps {
  int guard = 0;
  std::vector<int> store;  // by block: its chunk's store
  Steps(int grid, int block, int n) {
    gridlock::with_block_size(block, [&](auto B) {
      guard = guard_step<B>(grid, n);
      for (int b = 0; b < grid; ++b) store.push_back(r2::recorded_steps<B>(chunk_of(b, grid, n).count) - 1);
    });
  }
};

inline red::MergeSeen merge_seen(const Recording& rec, int n) {
  const Steps s(rec.grid(), rec.block_size(), n);
  return red::merge_seen(rec, s.store, s.guard, s.guard + 1);
}

// The parts of the trace every block's steps refer to.
struct Layout {
  red::LaunchTracks tracks;
  int launch = 0;
};

inline red::InOrderTrace routine_trace(const Layout& l, int b, const char* label, const std::string& who,
                                       int flow) {
  red::InOrderTrace tt;
  tt.shared = kShared, tt.pair = kPair, tt.out = kOut, tt.launch = l.launch;
  tt.first_warp = l.tracks.first_warp[b], tt.block_track = l.tracks.block[b], tt.flow = flow, tt.who = who;
  tt.first_load = tt.next_load = tt.compress = tt.tree = tt.write = label;
  return tt;
}

// Block b's run of R2's routine over its chunk, and its passage through the guard; returns the
// index of its guard step.
inline size_t add_block(gridlock::LessonRun& run, const Recording& rec, const Layout& l, int b, int n,
                        int merger) {
  const Chunk chunk = chunk_of(b, rec.grid(), n);
  const std::string who = "block " + std::to_string(b);
  red::add_in_order_steps<red::MatMul>(
      run, rec, {b, 0, chunk.count, kInput, chunk.first, b},
      routine_trace(l, b, "PHASE 1: each block reduces its chunk in order", who, /*flow=*/b));
  tr::Step& guard =
      run.add_step("PHASE 2: take a ticket; the last block goes on",
                   who + (b == merger ? ": the last ticket, it merges" : ": not the last, done"),
                   "__threadfence(), then thread 0 takes a ticket with atomicAdd; "
                   "__syncthreads_or() tells every thread whether it was the last.",
                   l.launch);
  const Steps s(rec.grid(), rec.block_size(), n);
  guard.events = rec.warp_events(b, s.guard, l.tracks.first_warp[b], "fence, ticket", run.clock(),
                                 kGuardBarrier, tr::Category::ticket);
  return run.trace().steps.size() - 1;
}

// The merging block's run of the routine over out[0 .. grid); its first step is where every
// partial's flow ends.
inline void add_merge(gridlock::LessonRun& run, const Recording& rec, const Layout& l, int n, int merger) {
  const Steps s(rec.grid(), rec.block_size(), n);
  const size_t first = run.trace().steps.size();
  red::add_in_order_steps<red::MatMul>(
      run, rec, {merger, s.guard + 1, rec.grid(), kOut, 0, 0},
      routine_trace(l, merger, "PHASE 3: the last block reduces the partials in order",
                    "block " + std::to_string(merger) + ", the merge", -1));
  red::add_partials_read(run.trace().steps[first].events, l.tracks.block[merger],
                         run.clock().since_origin(rec.first_left(merger, s.guard)), rec.grid());
}

inline void add_facts(gridlock::LessonRun& run, const Recording& rec, const Layout& l, const RecordedRun& r,
                      const red::MergeSeen& seen, int first) {
  tr::Trace& t = run.trace();
  const int n = int(r.input.size()), grid = rec.grid();
  // The recorded answer (the merge's out[0], in the last step), the CPU's left-to-right product
  // (the input's snapshot folded), and on the same input the split form's and R4's answers.
  const int last = int(t.steps.size()) - 1;
  tr::set_fact(t, "result", tr::snapshot_item_fact(t, last, kOut, 0));
  if (n <= kLargestRecordedInput)
    tr::set_fact(t, "cpu", tr::snapshot_fold_fact(t, first, kInput, tr::Operator::matmul));
  // The matrices of each block's chunk, one value a block: the first block's and the last's.
  tr::Series chunks{"matrices in each block's chunk", "matrices", {}};
  for (int b = 0; b < grid; ++b) chunks.values.push_back(double(chunk_of(b, grid, n).count));
  const int per_block = tr::add_series(t, chunks);
  tr::set_fact(t, "chunk", tr::series_value_fact(t, per_block, 0, false));
  tr::set_fact(t, "last_chunk", tr::series_value_fact(t, per_block, grid - 1, false));
  red::add_merge_facts(t, rec, l.tracks, seen, run.clock());
  red::set_matrix_fact(t, "split", "the split form's answer on the same input", r.split);
  red::set_matrix_fact(t, "commutative", "R4's answer (the commutative pattern) on the same input",
                       r.commutative);
}

// Turns the recording of one launch into the trace's buffers, rows, steps and facts.
inline void record_steps(gridlock::LessonRun& run, const Recording& rec, const std::string& variant,
                         const RecordedRun& r) {
  const int grid = rec.grid(), block = rec.block_size(), n = int(r.input.size());
  if (r.result != red::cpu_reduce<red::MatMul>(r.input))
    run.check_failed("the recorded run's product differs from the CPU's left-to-right product");
  const red::MergeSeen seen = merge_seen(rec, n);
  if (seen.mergers != 1) {
    run.check_failed(std::to_string(seen.mergers) + " blocks went past the guard in the recorded run");
    return;
  }

  tr::Trace& t = run.trace();
  t.buffers = {red::item_buffer<red::Mat2>(kInput, "in", n, tr::MemorySpace::global),
               red::item_buffer<red::Mat2>(kShared, "s", int64_t(grid) * 2 * block, tr::MemorySpace::shared),
               red::item_buffer<red::Mat2>(kPair, "pair", int64_t(grid) * block, tr::MemorySpace::registers),
               red::item_buffer<red::Mat2>(kOut, "out", grid, tr::MemorySpace::global)};
  const std::string kernel = "reduce_chunks_in_order<" + std::to_string(block) + ", " + variant + " guard>";
  Layout l;
  l.tracks = red::declare_launch_tracks(t, kernel, rec, grid);
  l.launch = run.add_launch(kernel, grid, block);
  gridlock::note_dropped(t, rec.dropped());

  const size_t first = t.steps.size();
  std::vector<size_t> block_first, block_last;
  for (int b = 0; b < grid; ++b) {
    block_first.push_back(t.steps.size());
    block_last.push_back(add_block(run, rec, l, b, n, seen.merger));
  }
  add_merge(run, rec, l, n, seen.merger);
  block_last[size_t(seen.merger)] = t.steps.size() - 1;
  for (int b = 0; b < grid; ++b)
    red::add_slice(t, block_first[size_t(b)], block_last[size_t(b)], l.tracks.block[b],
                   rec.block_span(b, run.clock()), "block " + std::to_string(b));
  red::add_slice(t, first, t.steps.size() - 1, l.tracks.kernel, rec.launch_span(run.clock()), kernel);
  if (n <= kLargestRecordedInput)
    t.steps[first].snapshots.insert(t.steps[first].snapshots.begin(),
                                    {kInput, {}, red::item_values(r.input)});
  else
    t.notices.push_back("the input (" + std::to_string(n) +
                        " matrices) is not recorded: the loads' values "
                        "cannot be checked against it");
  add_facts(run, rec, l, r, seen, int(first));
}

}  // namespace r5
