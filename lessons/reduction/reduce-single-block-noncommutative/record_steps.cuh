// R2 recording: what one launch of the Record=true instantiation (the matrix product, the first
// seed's input) recorded, turned into trace steps whose labels are the routine's phase comments,
// and the facts the README quotes (R1's halving tree on the same input among them).
#pragma once

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

inline void add_facts(tr::Trace& t, const RecordedRun& r, int block, int levels, int block_track,
                      std::pair<int64_t, int64_t> span) {
  const int n = int(r.input.size()), loads = n > block ? (n - 1) / block : 0;
  t.facts["result"] = red::to_text(r.result);
  t.facts["cpu"] = red::to_text(red::cpu_reduce<red::MatMul>(r.input));
  t.facts["halving"] = red::to_text(r.halving);
  t.facts["zero_padded"] = red::to_text(r.zero_padded);
  t.facts["loads"] = std::to_string(loads);
  t.facts["padded"] = std::to_string((loads + 1) * block - n);
  t.facts["tree.levels"] = std::to_string(levels);
  t.facts["barriers"] = std::to_string(1 + 2 * loads + 1 + levels);
  tr::set_fact(t, "block.time", red::slice_fact(t, block_track, span));
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
  if (rec.dropped() > 0) t.notices.push_back(std::to_string(rec.dropped()) + " recorded events did not fit");

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
  add_facts(t, r, block, __builtin_ctz(unsigned(block)), tracks.block[0], span);
}

}  // namespace r2
