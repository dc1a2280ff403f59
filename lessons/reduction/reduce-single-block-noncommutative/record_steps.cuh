// R2 recording: what one launch of the Record=true instantiation (the matrix product, the first
// seed's input) recorded, turned into trace steps whose labels are the routine's phase comments,
// and the facts the README quotes (R1's halving tree on the same input among them).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/in_order_steps.hpp"
#include "reduction/common/matrix.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/trace_parts.hpp"

namespace r2 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;

constexpr int kInput = 0, kShared = 1, kPair = 2, kOut = 3;
constexpr int64_t kLargestRecordedInput = 1 << 14;  // matrices; larger inputs are not copied into the trace

// What the recorded run used and gave: its input, the order-keeping kernel's answer, and on the
// same input R1's halving tree and the order-keeping kernel padded with 0.
struct RecordedRun {
  std::vector<red::Mat2> input;
  red::Mat2 result, halving, zero_padded;
};

// The recording's shape for the options' n and block.
inline gridlock::TreeRecording<red::Mat2>::Shape recording_shape(const gridlock::LessonOptions& o) {
  const int steps = gridlock::with_block_size(o.block, [&](auto B) { return recorded_steps<B>(int(o.n)); });
  return {/*grid=*/1, o.block, steps, 0, /*registers=*/true};
}

// How long each barrier held the block, from its first warp's arrival to its last warp's leaving,
// for every step of [first, last] that holds a barrier.
inline tr::Series barrier_holds(const tr::Trace& t, size_t first, size_t last) {
  tr::Series holds{"time each barrier held the block, from the first warp in to the last warp out", "ns", {}};
  for (size_t s = first; s <= last; ++s) {
    int64_t in = INT64_MAX, out = INT64_MIN;
    for (const tr::Event& e : t.steps[s].events) {
      if (e.category != tr::Category::barrier) continue;
      if (e.kind == tr::EventKind::slice_begin) in = std::min(in, e.t_ns);
      if (e.kind == tr::EventKind::slice_end) out = std::max(out, e.t_ns);
    }
    if (in != INT64_MAX && out != INT64_MIN) holds.values.push_back(double(out - in));
  }
  return holds;
}

// The places each pass of the loop (the steps labelled `next_load` in [first, last]) filled with
// the identity: its loads whose operand is the identity (-1), past the end of the input.
inline tr::Series loop_padding(const tr::Trace& t, size_t first, size_t last, const std::string& next_load) {
  tr::Series padded{"places each pass of the loop filled with the identity", "places", {}};
  for (size_t s = first; s <= last; ++s) {
    if (t.steps[s].label != next_load) continue;
    int64_t identities = 0;
    for (const tr::Operation& op : t.steps[s].ops)
      identities += std::count(op.a.begin(), op.a.end(), int64_t(-1));
    padded.values.push_back(double(identities));
  }
  return padded;
}

// The facts the README quotes, from the steps [first, last] of the launch: the recorded answer
// (the last step's out) and the CPU's left-to-right product (the input's snapshot folded), the
// other kernels' answers on the same input as series, the loop's passes and its padding, the
// tree's levels, the barriers.
inline void add_facts(tr::Trace& t, const RecordedRun& r, int block, size_t first, size_t last,
                      const red::InOrderTrace& tt, int block_track, std::pair<int64_t, int64_t> span) {
  tr::set_fact(t, "result", tr::snapshot_item_fact(t, int(last), kOut, 0));
  if (r.input.size() <= size_t(kLargestRecordedInput))
    tr::set_fact(t, "cpu", tr::snapshot_fold_fact(t, int(first), kInput, tr::Operator::matmul));
  // The barriers first: the histogram view opens on the first series.
  tr::set_fact(t, "barriers", tr::series_count_fact(t, tr::add_series(t, barrier_holds(t, first, last))));
  size_t first_level = first;
  while (first_level <= last && t.steps[first_level].label != tt.tree) ++first_level;
  const red::TreeLevelTimes levels =
      red::add_tree_level_times(t, int(first_level), __builtin_ctz(unsigned(block)));
  tr::set_fact(t, "tree.levels", tr::series_count_fact(t, levels.series));
  const tr::Series padding = loop_padding(t, first, last, tt.next_load);
  if (!padding.values.empty()) {
    const int passes = tr::add_series(t, padding);
    tr::set_fact(t, "loads", tr::series_count_fact(t, passes));
    tr::set_fact(t, "padded", tr::series_sum_fact(t, passes));
  } else {  // everything fitted in the first load: no pass of the loop, the first load padded
    t.facts["loads"] = "0";
    t.facts["padded"] = std::to_string(block - int(r.input.size()));
  }
  tr::set_fact(t, "block.time", red::slice_fact(t, block_track, span));
  red::set_matrix_fact(t, "halving", "R1's halving tree's answer on the same input", r.halving);
  red::set_matrix_fact(t, "zero_padded", "the answer padded with 0, not the identity, on the same input",
                       r.zero_padded);
}

// Turns the recording of one launch into the trace's buffers, rows, steps and facts.
inline void record_steps(gridlock::LessonRun& run, const gridlock::TreeRecording<red::Mat2>& rec,
                         const RecordedRun& r) {
  const int n = int(r.input.size()), block = rec.block_size();
  if (r.result != red::cpu_reduce<red::MatMul>(r.input))
    run.check_failed("the recorded run's product differs from the CPU's left-to-right product");

  tr::Trace& t = run.trace();
  t.buffers = {red::item_buffer<red::Mat2>(kInput, "in", n, tr::MemorySpace::global),
               red::item_buffer<red::Mat2>(kShared, "s", 2 * block, tr::MemorySpace::shared),
               red::item_buffer<red::Mat2>(kPair, "pair", block, tr::MemorySpace::registers),
               red::item_buffer<red::Mat2>(kOut, "out", 1, tr::MemorySpace::global)};
  const std::string kernel = "reduce_single_block_in_order<" + std::to_string(block) + ">";
  const red::LaunchTracks tracks = red::declare_launch_tracks(t, kernel, rec, 1);
  const int launch = run.add_launch(kernel, 1, block);
  gridlock::note_dropped(t, rec.dropped());

  const size_t first = t.steps.size();
  red::InOrderTrace tt;
  tt.shared = kShared, tt.pair = kPair, tt.out = kOut, tt.launch = launch;
  tt.first_warp = tracks.first_warp[0], tt.block_track = tracks.block[0], tt.who = "block 0";
  tt.first_load = "PHASE 1: load the first blockSize elements";
  tt.next_load = "PHASE 2: load the next blockSize elements into the upper half";
  tt.compress = "PHASE 3: compress adjacent pairs into the lower half";
  tt.tree = "PHASE 4: interleaved tree";
  tt.write = "PHASE 5: write the result";
  const size_t last = red::add_in_order_steps<red::MatMul>(run, rec, {0, 0, n, kInput, 0, 0}, tt);
  if (n <= kLargestRecordedInput)
    t.steps[first].snapshots.insert(t.steps[first].snapshots.begin(),
                                    {kInput, {}, red::item_values(r.input)});
  else
    t.notices.push_back("the input (" + std::to_string(n) +
                        " matrices) is not recorded: the loads' values "
                        "cannot be checked against it");
  const auto span = rec.block_span(0, run.clock());
  red::add_slice(t, first, last, tracks.block[0], span, "block 0");
  red::add_slice(t, first, last, tracks.kernel, span, kernel);
  add_facts(t, r, block, first, last, tt, tracks.block[0], span);
}

}  // namespace r2
