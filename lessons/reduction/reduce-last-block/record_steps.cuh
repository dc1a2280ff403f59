// R4 recording: what one launch of the Record=true instantiation recorded, turned into trace steps
// (every block's tree, its partial and its passage through the guard, block after block, then the
// last block's merge), flows from each partial's store to the merge, and the facts the README
// quotes.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/halving_steps.hpp"
#include "reduction/common/last_block_runs.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/trace_parts.hpp"

namespace r4 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using Recording = gridlock::TreeRecording<int>;

constexpr int kInput = 0, kAcc = 1, kShared = 2, kOut = 3;
constexpr int64_t kLargestRecordedInput = 1 << 16;  // larger inputs are not copied into the trace
constexpr const char* kGuardBarrier = "__syncthreads_or() in the guard";

// The recorder's steps of the kernel for a block of `block` threads.
struct Steps {
  int levels, store, guard, merge_load, merge_store;
  explicit Steps(int block) : levels(__builtin_ctz(unsigned(block))) {
    store = levels + 1;
    guard = store + 1;
    merge_load = guard + 1;
    merge_store = merge_load + 1 + levels;
  }
};

inline red::MergeSeen merge_seen(const Recording& rec) {
  const Steps s(rec.block_size());
  return red::merge_seen(rec, std::vector<int>(size_t(rec.grid()), s.store), s.guard, s.merge_load);
}

// The partials the merging block loaded that differ from what their blocks stored.
inline int stale_partials(const Recording& rec, int merger) {
  const Steps s(rec.block_size());
  int stale = 0;
  for (int b = 0; b < rec.grid(); ++b)
    stale += rec.shared_of(merger, s.merge_load, b) != rec.register_of(b, s.store, 0);
  return stale;
}

// Block b's load, tree, partial and guard; returns the index of its guard step.
inline size_t add_block(gridlock::LessonRun& run, const Recording& rec, const red::LaunchTracks& tracks,
                        int launch, int b, bool input_recorded, int merger) {
  const Steps s(rec.block_size());
  red::HalvingBlock hb{
      b, launch, kShared, tracks.first_warp[b], "block " + std::to_string(b), "PHASE 1: grid-stride load"};
  red::add_fold_step<red::Sum>(run, rec, hb, kAcc, kInput, input_recorded,
                               "Each thread folds every (grid x blockDim)-th element from its own start.");
  hb.phase = "PHASE 2: halving tree";
  red::add_halving_steps<red::Sum>(run, rec, hb, 1);
  hb.phase = "PHASE 3: write the block's partial";
  red::add_store_step<red::Sum>(run, rec, hb, s.store, kOut, b, tracks.block[b], /*flow=*/b,
                                "Thread 0 stores the block's partial.");
  tr::Step& guard =
      run.add_step("PHASE 4: take a ticket; the last block goes on",
                   hb.who + (b == merger ? ": the last ticket, it merges" : ": not the last, done"),
                   "__threadfence(), then thread 0 takes a ticket with atomicAdd; "
                   "__syncthreads_or() tells every thread whether it was the last.",
                   launch);
  guard.events = rec.warp_events(b, s.guard, tracks.first_warp[b], "fence, ticket", run.clock(),
                                 kGuardBarrier, tr::Category::ticket);
  return run.trace().steps.size() - 1;
}

// The merging block's load of the partials (where every partial's flow ends), tree and result.
inline void add_merge(gridlock::LessonRun& run, const Recording& rec, const red::LaunchTracks& tracks,
                      int launch, int merger) {
  const Steps s(rec.block_size());
  red::HalvingBlock hb{merger,
                       launch,
                       kShared,
                       tracks.first_warp[merger],
                       "block " + std::to_string(merger),
                       "PHASE 5: the last block loads the partials"};
  tr::Step& load = red::add_copy_load_step<red::Sum>(
      run, rec, hb, s.merge_load, kOut, "Thread i loads partial i; the other threads the identity.");
  red::add_partials_read(load.events, tracks.block[merger],
                         run.clock().since_origin(rec.first_left(merger, s.guard)), rec.grid());
  hb.phase = "PHASE 6: merge tree";
  red::add_halving_steps<red::Sum>(run, rec, hb, s.merge_load + 1);
  hb.phase = "PHASE 7: write the result";
  red::add_store_step<red::Sum>(run, rec, hb, s.merge_store, kOut, 0, tracks.block[merger], -1,
                                "Thread 0 stores the sum of the partials in out[0].");
}

inline void add_facts(gridlock::LessonRun& run, const Recording& rec, const red::LaunchTracks& tracks,
                      const red::MergeSeen& seen) {
  tr::Trace& t = run.trace();
  // The sum as the merging block's thread 0 stored it in out[0]: the last step's snapshot.
  tr::set_fact(t, "result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
  red::add_merge_facts(t, rec, tracks, seen, run.clock());
  // Each partial as the merging block loaded it, less what its block stored: 0 where it read the
  // partial as written; how many differ out of how many there are.
  const Steps s(rec.block_size());
  tr::Series read{"each partial as the merging block read it, less what its block stored",
                  "difference",
                  {},
                  /*has_reference=*/true,
                  /*reference=*/0};
  for (int b = 0; b < rec.grid(); ++b)
    read.values.push_back(double(int64_t(rec.shared_of(seen.merger, s.merge_load, b)) -
                                 int64_t(rec.register_of(b, s.store, 0))));
  tr::set_fact(t, "stale_partials", tr::series_differs_fact(t, tr::add_series(t, read)));
}

// Turns the recording of one launch into the trace's buffers, rows, steps and facts.
inline void record_steps(gridlock::LessonRun& run, const Recording& rec, const std::string& variant,
                         const std::vector<int>& input, int result) {
  const int grid = rec.grid(), block = rec.block_size();
  const int64_t n = int64_t(input.size());
  const bool input_recorded = n <= kLargestRecordedInput;
  if (result != red::cpu_reduce<red::Sum>(input))
    run.check_failed("the recorded run's sum differs from the CPU's");
  if (!rec.loads_even())
    run.check_failed("a thread's loads were not evenly spaced: the grid-stride loop is broken");
  const red::MergeSeen seen = merge_seen(rec);
  if (seen.mergers != 1) {
    run.check_failed(std::to_string(seen.mergers) + " blocks went past the guard in the recorded run");
    return;
  }

  tr::Trace& t = run.trace();
  t.buffers = {red::item_buffer<int>(kInput, "in", n, tr::MemorySpace::global),
               red::item_buffer<int>(kAcc, "acc", int64_t(grid) * block, tr::MemorySpace::registers),
               red::item_buffer<int>(kShared, "r", int64_t(grid) * block, tr::MemorySpace::shared),
               red::item_buffer<int>(kOut, "out", grid, tr::MemorySpace::global)};
  const std::string kernel = "reduce_with_last_block<" + std::to_string(block) + ", " + variant + " guard>";
  const red::LaunchTracks tracks = red::declare_launch_tracks(t, kernel, rec, grid);
  const int launch = run.add_launch(kernel, grid, block);
  gridlock::note_dropped(t, rec.dropped());

  const size_t first = t.steps.size();
  std::vector<size_t> block_first(static_cast<size_t>(grid)), block_last(static_cast<size_t>(grid));
  for (int b = 0; b < grid; ++b) {
    block_first[size_t(b)] = t.steps.size();
    block_last[size_t(b)] = add_block(run, rec, tracks, launch, b, input_recorded, seen.merger);
  }
  add_merge(run, rec, tracks, launch, seen.merger);
  block_last[size_t(seen.merger)] = t.steps.size() - 1;
  for (int b = 0; b < grid; ++b)
    red::add_slice(t, block_first[size_t(b)], block_last[size_t(b)], tracks.block[b],
                   rec.block_span(b, run.clock()), "block " + std::to_string(b));
  red::add_slice(t, first, t.steps.size() - 1, tracks.kernel, rec.launch_span(run.clock()), kernel);
  if (input_recorded)
    t.steps[first].snapshots.insert(t.steps[first].snapshots.begin(),
                                    {kInput, {}, {input.begin(), input.end()}});
  else
    t.notices.push_back("the input (" + std::to_string(n) +
                        " elements) is not recorded: the loads' values "
                        "cannot be checked against it");
  add_facts(run, rec, tracks, seen);
}

}  // namespace r4
