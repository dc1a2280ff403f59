// RF recording: one launch of the Record=true instantiation on a large input, block by block on
// the run's clock (each block's loads and sum, its ticket, the last block's merge), the partials
// and the result as buffers, flows from every ticket to the merge, and the facts the README quotes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "reduction/common/trace_parts.hpp"
#include "run_kernel.cuh"

namespace rf {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using gridlock::EventRecording;

constexpr int kPartials = 0, kOut = 1;
constexpr int kRecordsPerBlock = 4;

// What one block's recording thread recorded, by what it records (kStarted, kSummed, ...).
struct BlockRecord {
  unsigned sm = 0;
  std::map<int, gridlock::LogRecord> at;
  int64_t t(int what, gridlock::RunClock& clock) const { return clock.since_origin(at.at(what).t_ns); }
};

// The recorded launch on `clock` (its origin read just before): the block records, the partials
// as the blocks stored them, and the result.
struct Recorded {
  std::vector<BlockRecord> blocks;
  std::vector<int> partials;
  int result = 0;
  int merger = -1, mergers = 0;
  long long dropped = 0;
};

inline Recorded record_on_gpu(gridlock::RunClock& clock, const Config& c, int grid,
                              const std::vector<int>& input) {
  EventRecording rec(grid, c.block, EventRecording::Rows::per_block, kRecordsPerBlock);
  const gridlock::DeviceBuffer<int> in(input);
  Workspace ws(grid);
  clock.origin_ns();
  launch<true>(c, grid, in.get(), int(input.size()), ws, rec.device_view());
  CUDA_CHECK_LAUNCH();
  rec.download();
  Recorded r;
  r.partials = ws.partials_host();
  r.result = ws.result();
  r.dropped = rec.dropped();
  for (int b = 0; b < grid; ++b) {
    BlockRecord block;
    block.sm = rec.sm_of(b);
    for (const gridlock::LogRecord& record : rec.records(b)) block.at[record.what] = record;
    if (block.at.count(kMerged)) r.merger = b, ++r.mergers;
    r.blocks.push_back(block);
  }
  return r;
}

// What block b of the grid must have summed: the int4 vectors of its threads' grid-stride walk,
// and one int of the tail per thread, as the kernel assigns them.
inline std::vector<int> expected_partials(const std::vector<int>& input, int grid, int block) {
  std::vector<int> partials(size_t(grid), 0);
  const int64_t n = int64_t(input.size()), vectors = n / 4, stride = int64_t(grid) * block;
  for (int64_t v = 0; v < vectors; ++v) {
    int& p = partials[size_t((v % stride) / block)];
    for (int k = 0; k < 4; ++k) p = int(unsigned(p) + unsigned(input[size_t(4 * v + k)]));
  }
  for (int64_t j = 4 * vectors; j < n; ++j) {
    int& p = partials[size_t((j - 4 * vectors) / block)];
    p = int(unsigned(p) + unsigned(input[size_t(j)]));
  }
  return partials;
}

inline std::vector<int> declare_tracks(tr::Trace& t, const std::string& kernel, const Recorded& r) {
  const int kernel_track = gridlock::add_track(t, tr::TrackKind::kernel, kernel);
  std::vector<int> rows;
  for (size_t b = 0; b < r.blocks.size(); ++b) {
    rows.push_back(gridlock::add_block_track(t, kernel_track, int(b), int(r.blocks[b].sm)));
  }
  return rows;
}

inline void add_steps(gridlock::LessonRun& run, const Recorded& r, const std::vector<int>& rows, int launch,
                      int kernel_track) {
  gridlock::RunClock& clock = run.clock();
  const int grid = int(r.blocks.size());
  const BlockRecord& merger = r.blocks[size_t(r.merger)];
  int64_t first_start = INT64_MAX;
  for (const BlockRecord& b : r.blocks) first_start = std::min(first_start, b.t(kStarted, clock));

  tr::Step& load = run.add_step(
      "PHASE 1: wide loads, several in flight", std::to_string(grid) + " blocks stream the input",
      "Every block walks the input grid-stride in 16-byte loads, several in flight per thread.", launch);
  using gridlock::add_event;
  add_event(load.events, kernel_track, tr::EventKind::slice_begin, first_start, "reduce_fast",
            tr::Category::kernel);
  for (int b = 0; b < grid; ++b)
    add_event(load.events, rows[size_t(b)], tr::EventKind::slice_begin,
              r.blocks[size_t(b)].t(kStarted, clock), "loads and sum", tr::Category::work);

  tr::Step& sum =
      run.add_step("PHASE 2: sum within each warp, then over the warps", "each block's sum is ready",
                   "Shuffles fold each warp into its lane 0; warp 0 folds the warps' sums.", launch);
  for (int b = 0; b < grid; ++b)
    add_event(sum.events, rows[size_t(b)], tr::EventKind::slice_end, r.blocks[size_t(b)].t(kSummed, clock),
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
    gridlock::add_instant(ticket.events, rows[size_t(b)], r.blocks[size_t(b)].t(kTicket, clock),
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
                               merger.t(kTicket, clock), "merge", tr::Category::work);
  for (int b = 0; b < grid; ++b) reads.flows_in.push_back(b);
  const int64_t end = merger.t(kMerged, clock);
  add_event(merge.events, rows[size_t(r.merger)], tr::EventKind::slice_end, end, "merge", tr::Category::work,
            r.result);
  add_event(merge.events, kernel_track, tr::EventKind::slice_end, end, "reduce_fast", tr::Category::kernel);
  tr::Operation fold{tr::Operator::add, kOut, kOut, kPartials, {}, {}, {}, {}};
  tr::Operation first{tr::Operator::copy, kOut, kPartials, -1, {0}, {0}, {}, {0}};
  for (int b = 1; b < grid; ++b) {
    fold.dst.push_back(0);
    fold.a.push_back(0);
    fold.b.push_back(b);
    fold.thread.push_back(b % run.options().block);
  }
  merge.ops = {first, fold};
  merge.snapshots.push_back({kOut, {0}, {double(r.result)}});
}

// The facts the README quotes, each time taken from the events that hold it (add_steps'): the
// kernel's slice, the blocks' starts and sums, the merging block's merge.
inline void add_facts(gridlock::LessonRun& run, const Recorded& r, const Config& c, int64_t n,
                      const std::vector<int>& rows, int kernel_track, int launch) {
  gridlock::RunClock& clock = run.clock();
  tr::Trace& t = run.trace();
  size_t first_start = 0, last_start = 0, first_summed = 0, last_summed = 0;
  const auto at = [&](size_t b, int what) { return r.blocks[b].t(what, clock); };
  for (size_t b = 1; b < r.blocks.size(); ++b) {
    if (at(b, kStarted) < at(first_start, kStarted)) first_start = b;
    if (at(b, kStarted) > at(last_start, kStarted)) last_start = b;
    if (at(b, kSummed) < at(first_summed, kSummed)) first_summed = b;
    if (at(b, kSummed) > at(last_summed, kSummed)) last_summed = b;
  }
  const auto block_event = [&](size_t b, int what, tr::EventKind kind) {
    return tr::find_event(t, rows[b], at(b, what), kind, tr::Category::work);
  };
  const size_t merger = size_t(r.merger);
  const int64_t end = at(merger, kMerged);
  const tr::EventRef merge_begin = block_event(merger, kTicket, tr::EventKind::slice_begin);
  const tr::EventRef merge_end = block_event(merger, kMerged, tr::EventKind::slice_end);
  const auto us = [&](tr::EventRef from, tr::EventRef to) {
    return tr::duration_fact(t, from, to, tr::FactUnit::us, 2);
  };
  t.facts["config"] = c.name();
  tr::set_fact(t, "grid", tr::launch_grid_fact(t, launch));
  // The sum the merging block stored in out[0]: the last step's snapshot.
  tr::set_fact(t, "result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
  tr::set_fact(t, "merger", tr::event_block_fact(t, merge_begin));
  const tr::EventRef launch_begin = tr::find_event(t, kernel_track, at(first_start, kStarted),
                                                   tr::EventKind::slice_begin, tr::Category::kernel),
                     launch_end =
                         tr::find_event(t, kernel_track, end, tr::EventKind::slice_end, tr::Category::kernel);
  tr::set_fact(t, "launch.time", us(launch_begin, launch_end));
  tr::set_fact(t, "starts.spread",
               us(block_event(first_start, kStarted, tr::EventKind::slice_begin),
                  block_event(last_start, kStarted, tr::EventKind::slice_begin)));
  tr::set_fact(t, "sums.spread",
               us(block_event(first_summed, kSummed, tr::EventKind::slice_end),
                  block_event(last_summed, kSummed, tr::EventKind::slice_end)));
  tr::set_fact(t, "merge.time", us(merge_begin, merge_end));
  // The input's bytes over the launch's span (launch.time): GB/s.
  t.parameters["input_bytes"] = double(n) * sizeof(int);
  tr::set_fact(t, "recorded.gbs", tr::event_rate_fact(t, "input_bytes", launch_begin, launch_end, 0));
}

// Records one launch of configuration c over `input` and turns it into the trace.
inline void record_steps(gridlock::LessonRun& run, const Config& c, const std::vector<int>& input) {
  const int grid = c.grid(run.device().sm_count);
  const Recorded r = record_on_gpu(run.clock(), c, grid, input);
  if (r.mergers != 1) {
    run.check_failed(std::to_string(r.mergers) + " blocks merged in the recorded run");
    return;
  }
  if (r.partials != expected_partials(input, grid, c.block))
    run.check_failed("a block's partial differs from the CPU's sum of its grid-stride slice");
  tr::Trace& t = run.trace();
  const std::string kernel = c.name();
  t.buffers = {red::item_buffer<int>(kPartials, "partials", grid, tr::MemorySpace::global),
               red::item_buffer<int>(kOut, "out", 1, tr::MemorySpace::global)};
  const int kernel_track = int(t.tracks.size());
  const std::vector<int> rows = declare_tracks(t, kernel, r);
  const int launch = run.add_launch(kernel, grid, c.block);
  gridlock::note_dropped(t, r.dropped);
  t.notices.push_back(
      "the input (" + std::to_string(input.size()) +
      " ints) is not recorded; each block's partial was checked against the CPU's sum of its slice");
  add_steps(run, r, rows, launch, kernel_track);
  add_facts(run, r, c, int64_t(input.size()), rows, kernel_track, launch);
}

}  // namespace rf
