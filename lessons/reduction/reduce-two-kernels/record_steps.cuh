// R3 recording: what the two launches of the Record=true instantiation recorded, on one clock,
// turned into trace steps (every block's tree of the first launch, block after block, then the
// second launch's tree over the partials), flows from each partial's store to the second launch,
// and the facts the README quotes.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "reduction/common/halving_steps.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/trace_parts.hpp"

namespace r3 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using Recording = gridlock::TreeRecording<int>;

constexpr int kInput = 0, kAcc = 1, kShared = 2, kOut = 3, kAcc2 = 4, kShared2 = 5;
constexpr int64_t kLargestRecordedInput = 1 << 16;  // larger inputs are not copied into the trace

// The time from the last partial's store in the first launch to the first warp's start in the
// second, in ns on the GPU's clock: positive when the second launch began after every store.
inline int64_t boundary_gap(const Recording& first, const Recording& second, int store_step) {
  unsigned long long last_store = 0;
  for (int b = 0; b < first.grid(); ++b) last_store = std::max(last_store, first.stored_time(b, store_step));
  return int64_t(second.first_start()) - int64_t(last_store);
}

inline void declare_buffers(tr::Trace& t, int64_t n, int grid, int block) {
  using tr::MemorySpace;
  t.buffers = {red::item_buffer<int>(kInput, "in", n, MemorySpace::global),
               red::item_buffer<int>(kAcc, "acc", int64_t(grid) * block, MemorySpace::registers),
               red::item_buffer<int>(kShared, "r", int64_t(grid) * block, MemorySpace::shared),
               red::item_buffer<int>(kOut, "out", grid, MemorySpace::global),
               red::item_buffer<int>(kAcc2, "acc (second launch)", block, MemorySpace::registers),
               red::item_buffer<int>(kShared2, "r (second launch)", block, MemorySpace::shared)};
}

// The first launch: every block's load, tree and partial, block after block.
inline void add_first_launch(gridlock::LessonRun& run, const Recording& first,
                             const red::LaunchTracks& tracks, int launch, bool input_recorded) {
  tr::Trace& t = run.trace();
  const int store_step = first.steps() - 1;
  const size_t launch_first = t.steps.size();
  for (int b = 0; b < first.grid(); ++b) {
    red::HalvingBlock hb{
        b, launch, kShared, tracks.first_warp[b], "block " + std::to_string(b), "PHASE 1: grid-stride load"};
    const size_t block_first = t.steps.size();
    red::add_fold_step<red::Sum>(run, first, hb, kAcc, kInput, input_recorded,
                                 "Each thread folds every (grid x blockDim)-th element from its own start.");
    hb.phase = "PHASE 2: halving tree";
    red::add_halving_steps<red::Sum>(run, first, hb, 1);
    hb.phase = "PHASE 3: write the block's partial";
    red::add_store_step<red::Sum>(run, first, hb, store_step, kOut, b, tracks.block[b], /*flow=*/b,
                                  "Thread 0 stores the block's partial; the block is done.");
    red::add_slice(t, block_first, t.steps.size() - 1, tracks.block[b], first.block_span(b, run.clock()),
                   "block " + std::to_string(b));
  }
  red::add_slice(t, launch_first, t.steps.size() - 1, tracks.kernel, first.launch_span(run.clock()),
                 t.launches[size_t(launch)].name);
}

// The second launch: one block folds the partials, its tree, the sum into out[0]. Its start is
// where every flow from a partial's store ends.
inline void add_second_launch(gridlock::LessonRun& run, const Recording& second,
                              const red::LaunchTracks& tracks, int launch, int partials) {
  tr::Trace& t = run.trace();
  const size_t launch_first = t.steps.size();
  red::HalvingBlock hb{
      0, launch, kShared2, tracks.first_warp[0], "second launch, block 0", "PHASE 1: grid-stride load"};
  tr::Step& load = red::add_fold_step<red::Sum>(run, second, hb, kAcc2, kOut, true,
                                                "The same kernel, one block: its input is the partials.");
  red::add_partials_read(load.events, tracks.block[0], second.block_start(0, run.clock()), partials);
  hb.phase = "PHASE 2: halving tree";
  red::add_halving_steps<red::Sum>(run, second, hb, 1);
  hb.phase = "PHASE 3: write the block's partial";
  red::add_store_step<red::Sum>(run, second, hb, second.steps() - 1, kOut, 0, tracks.block[0], -1,
                                "Thread 0 stores the sum of the partials in out[0].");
  red::add_slice(t, launch_first, t.steps.size() - 1, tracks.block[0], second.block_span(0, run.clock()),
                 "block 0");
  red::add_slice(t, launch_first, t.steps.size() - 1, tracks.kernel, second.launch_span(run.clock()),
                 t.launches[size_t(launch)].name);
}

inline void add_facts(tr::Trace& t, const Recording& first, const Recording& second,
                      const red::LaunchTracks& one_tracks, const red::LaunchTracks& two_tracks,
                      gridlock::RunClock& clock) {
  const auto one = first.launch_span(clock), two = second.launch_span(clock);
  // The sum as the second launch's thread 0 stored it in out[0]: the last step's snapshot.
  tr::set_fact(t, "result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
  // How many elements the threads of the first launch folded (their load runs), fewest to most.
  tr::Series folds{"elements each thread of the first launch folded", "elements", {}};
  for (int b = 0; b < first.grid(); ++b)
    for (int i = 0; i < first.block_size(); ++i) folds.values.push_back(double(first.load_run(b, i).count));
  tr::set_fact(t, "folds", tr::series_range_fact(t, tr::add_series(t, folds)));
  // The SMs the first launch's blocks ran on, one value a block: how many different ones.
  tr::Series sms{"SM each block of the first launch ran on", "SM", {}};
  for (int b = 0; b < first.grid(); ++b) sms.values.push_back(double(first.sm_of(b)));
  tr::set_fact(t, "first.sms", tr::series_distinct_fact(t, tr::add_series(t, sms)));
  tr::set_fact(t, "first.time", red::slice_fact(t, one_tracks.kernel, one));
  tr::set_fact(t, "second.time", red::slice_fact(t, two_tracks.kernel, two));
  // From the last partial's store to the second launch's start, when it began after every store.
  const int store_step = first.steps() - 1;
  int last = 0;
  for (int b = 1; b < first.grid(); ++b)
    if (first.stored_time(b, store_step) > first.stored_time(last, store_step)) last = b;
  const int64_t gap = boundary_gap(first, second, store_step);
  if (gap >= 0)
    tr::set_fact(t, "boundary.gap",
                 tr::duration_fact(t,
                                   red::store_event(t, one_tracks.block[size_t(last)],
                                                    clock.since_origin(first.stored_time(last, store_step))),
                                   tr::find_event(t, two_tracks.kernel, two.first, tr::EventKind::slice_begin,
                                                  tr::Category::kernel),
                                   tr::FactUnit::us, 2));
  else
    t.facts["boundary.gap"] = red::microseconds(gap);
}

// Turns the recordings of the two launches into the trace's buffers, rows, steps and facts.
inline void record_steps(gridlock::LessonRun& run, const Recording& first, const Recording& second,
                         const std::vector<int>& input, int result) {
  const int grid = first.grid(), block = first.block_size();
  const int64_t n = int64_t(input.size());
  const bool input_recorded = n <= kLargestRecordedInput;
  if (result != red::cpu_reduce<red::Sum>(input))
    run.check_failed("the recorded run's sum differs from the CPU reference");
  if (!first.loads_even() || !second.loads_even())
    run.check_failed("a thread's loads were not evenly spaced: the grid-stride loop is broken");

  tr::Trace& t = run.trace();
  declare_buffers(t, n, grid, block);
  const std::string kernel = "reduce_partials<" + std::to_string(block) + ">";
  const red::LaunchTracks one = red::declare_launch_tracks(t, "first launch: " + kernel, first, grid);
  const red::LaunchTracks two = red::declare_launch_tracks(t, "second launch: " + kernel, second, 1);
  const int launch_one = run.add_launch(kernel, grid, block), launch_two = run.add_launch(kernel, 1, block);
  gridlock::note_dropped(t, first.dropped() + second.dropped());

  const size_t first_step = t.steps.size();
  add_first_launch(run, first, one, launch_one, input_recorded);
  if (input_recorded)
    t.steps[first_step].snapshots.insert(t.steps[first_step].snapshots.begin(),
                                         {kInput, {}, {input.begin(), input.end()}});
  else
    t.notices.push_back("the input (" + std::to_string(n) +
                        " elements) is not recorded: the first loads' "
                        "values cannot be checked against it");
  add_second_launch(run, second, two, launch_two, grid);
  add_facts(t, first, second, one, two, run.clock());
}

}  // namespace r3
