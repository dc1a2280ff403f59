// RF's recorded launch as a trace (plain C++, so that tests build it from made-up runs): block by
// block on the run's clock (each block's loads and sum, its ticket, the last block's merge), the
// partials and the result as buffers, flows from every ticket to the merge, and the facts the
// README quotes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tracks.hpp"

namespace rf {

namespace tr = gridlock::trace;

constexpr int kPartials = 0, kOut = 1;

// What one block's recording thread recorded, on the run's clock: its start, its sum, its ticket
// and, in the merging block, the end of its merge.
struct BlockTimes {
  unsigned sm = 0;
  int64_t started = 0, summed = 0, ticket = 0, merged = 0;
};
using Moment = int64_t BlockTimes::*;  // one of them: &BlockTimes::started, ...

// The recorded launch: the kernel (its configuration's name), grid and block, the input's length,
// each block's moments, the partials as the blocks stored them, the result, the block that merged,
// and how many records did not fit the log.
struct RecordedRun {
  std::string kernel;
  int grid = 0, block = 0;
  int64_t n = 0;
  std::vector<BlockTimes> blocks;
  std::vector<int> partials;
  int result = 0, merger = -1;
  long long dropped = 0;
};

inline std::vector<int> declare_tracks(tr::Trace& t, const std::string& kernel, const RecordedRun& r) {
  const int kernel_track = gridlock::add_track(t, tr::TrackKind::kernel, kernel);
  std::vector<int> rows;
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    rows.push_back(gridlock::add_block_track(t, kernel_track, int(b), int(r.blocks[b].sm)));
  }
  return rows;
}

inline void add_steps(gridlock::LessonRun& run, const RecordedRun& r, const std::vector<int>& rows,
                      int launch, int kernel_track) {
  const int grid = int(r.blocks.size());
  const BlockTimes& merger = r.blocks[size_t(r.merger)];
  int64_t first_start = INT64_MAX;
  for (const BlockTimes& b : r.blocks) first_start = std::min(first_start, b.started);

  tr::Step& load = run.add_step(
      "PHASE 1: wide loads, several in flight", std::to_string(grid) + " blocks stream the input",
      "Every block walks the input grid-stride in 16-byte loads, several in flight per thread.", launch);
  using gridlock::add_event;
  add_event(load.events, kernel_track, tr::EventKind::slice_begin, first_start, "reduce_fast",
            tr::Category::kernel);
  for (int b = 0; b < grid; ++b)
    add_event(load.events, rows[size_t(b)], tr::EventKind::slice_begin, r.blocks[size_t(b)].started,
              "loads and sum", tr::Category::work);

  tr::Step& sum =
      run.add_step("PHASE 2: sum within each warp, then over the warps", "each block's sum is ready",
                   "Shuffles fold each warp into its lane 0; warp 0 folds the warps' sums.", launch);
  for (int b = 0; b < grid; ++b)
    add_event(sum.events, rows[size_t(b)], tr::EventKind::slice_end, r.blocks[size_t(b)].summed,
              "loads and sum", tr::Category::work, r.partials[size_t(b)]);

  tr::Step& ticket =
      run.add_step("PHASE 3: publish the partial, take a ticket",
                   "block " + std::to_string(r.merger) + " takes the last ticket",
                   "Thread 0 stores the partial, fences, and takes a ticket; the block with the last "
                   "one goes on.",
                   launch);
  std::vector<int64_t> all(static_cast<size_t>(grid));
  for (int b = 0; b < grid; ++b) {
    all[size_t(b)] = b;
    gridlock::add_instant(ticket.events, rows[size_t(b)], r.blocks[size_t(b)].ticket,
                          "partial stored, ticket taken", tr::Category::ticket, r.partials[size_t(b)])
        .flows_out.push_back(b);
  }
  ticket.snapshots.push_back({kPartials, all, {r.partials.begin(), r.partials.end()}});

  tr::Step& merge =
      run.add_step("PHASE 4: the last block sums the partials and resets the ticket",
                   "block " + std::to_string(r.merger) + " merges " + std::to_string(grid) + " partials",
                   "The trace folds the partials in order; on the GPU each thread loads some and "
                   "shuffles fold them, as in PHASE 2.",
                   launch);
  tr::Event& reads = add_event(merge.events, rows[size_t(r.merger)], tr::EventKind::slice_begin,
                               merger.ticket, "merge", tr::Category::work);
  for (int b = 0; b < grid; ++b) reads.flows_in.push_back(b);
  const int64_t end = merger.merged;
  add_event(merge.events, rows[size_t(r.merger)], tr::EventKind::slice_end, end, "merge", tr::Category::work,
            r.result);
  add_event(merge.events, kernel_track, tr::EventKind::slice_end, end, "reduce_fast", tr::Category::kernel);
  tr::Operation fold{tr::Operator::add, kOut, kOut, kPartials, {}, {}, {}, {}};
  tr::Operation first{tr::Operator::copy, kOut, kPartials, -1, {0}, {0}, {}, {0}};
  for (int b = 1; b < grid; ++b) {
    fold.dst.push_back(0);
    fold.a.push_back(0);
    fold.b.push_back(b);
    fold.thread.push_back(b % r.block);
  }
  merge.ops = {first, fold};
  merge.snapshots.push_back({kOut, {0}, {double(r.result)}});
}

// The facts the README quotes, each time taken from the events that hold it (add_steps'): the
// kernel's slice, the blocks' starts and sums, the merging block's merge.
inline void add_facts(gridlock::LessonRun& run, const RecordedRun& r, const std::vector<int>& rows,
                      int kernel_track, int launch) {
  tr::Trace& t = run.trace();
  size_t first_start = 0, last_start = 0, first_summed = 0, last_summed = 0;
  const auto at = [&](size_t b, Moment what) { return r.blocks[b].*what; };
  for (size_t b = 1; b < r.blocks.size(); ++b) {
    if (at(b, &BlockTimes::started) < at(first_start, &BlockTimes::started)) first_start = b;
    if (at(b, &BlockTimes::started) > at(last_start, &BlockTimes::started)) last_start = b;
    if (at(b, &BlockTimes::summed) < at(first_summed, &BlockTimes::summed)) first_summed = b;
    if (at(b, &BlockTimes::summed) > at(last_summed, &BlockTimes::summed)) last_summed = b;
  }
  const auto block_event = [&](size_t b, Moment what, tr::EventKind kind) {
    return tr::find_event(t, rows[b], at(b, what), kind, tr::Category::work);
  };
  const size_t merger = size_t(r.merger);
  const int64_t end = at(merger, &BlockTimes::merged);
  const tr::EventRef merge_begin = block_event(merger, &BlockTimes::ticket, tr::EventKind::slice_begin);
  const tr::EventRef merge_end = block_event(merger, &BlockTimes::merged, tr::EventKind::slice_end);
  const auto us = [&](tr::EventRef from, tr::EventRef to) {
    return tr::duration_fact(t, from, to, tr::FactUnit::us, 2);
  };
  t.facts["config"] = r.kernel;
  tr::set_fact(t, "grid", tr::launch_grid_fact(t, launch));
  // The sum the merging block stored in out[0]: the last step's snapshot.
  tr::set_fact(t, "result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
  tr::set_fact(t, "merger", tr::event_block_fact(t, merge_begin));
  const tr::EventRef launch_begin = tr::find_event(t, kernel_track, at(first_start, &BlockTimes::started),
                                                   tr::EventKind::slice_begin, tr::Category::kernel),
                     launch_end =
                         tr::find_event(t, kernel_track, end, tr::EventKind::slice_end, tr::Category::kernel);
  tr::set_fact(t, "launch.time", us(launch_begin, launch_end));
  tr::set_fact(t, "starts.spread",
               us(block_event(first_start, &BlockTimes::started, tr::EventKind::slice_begin),
                  block_event(last_start, &BlockTimes::started, tr::EventKind::slice_begin)));
  tr::set_fact(t, "sums.spread",
               us(block_event(first_summed, &BlockTimes::summed, tr::EventKind::slice_end),
                  block_event(last_summed, &BlockTimes::summed, tr::EventKind::slice_end)));
  tr::set_fact(t, "merge.time", us(merge_begin, merge_end));
  // The input's bytes over the launch's span (launch.time): GB/s.
  t.parameters["input_bytes"] = double(r.n) * sizeof(int);
  tr::set_fact(t, "recorded.gbs", tr::event_rate_fact(t, "input_bytes", launch_begin, launch_end, 0));
}

inline void build_steps(gridlock::LessonRun& run, const RecordedRun& r) {
  tr::Trace& t = run.trace();
  t.buffers = {gridlock::int_buffer(kPartials, "partials", r.grid, tr::MemorySpace::global),
               gridlock::int_buffer(kOut, "out", 1, tr::MemorySpace::global)};
  const int kernel_track = int(t.tracks.size());
  const std::vector<int> rows = declare_tracks(t, r.kernel, r);
  const int launch = run.add_launch(r.kernel, r.grid, r.block);
  gridlock::note_dropped(t, r.dropped);
  t.notices.push_back(
      "the input (" + std::to_string(r.n) +
      " ints) is not recorded; each block's partial was checked against the CPU's sum of its slice");
  add_steps(run, r, rows, launch, kernel_track);
  add_facts(run, r, rows, kernel_track, launch);
}

}  // namespace rf
