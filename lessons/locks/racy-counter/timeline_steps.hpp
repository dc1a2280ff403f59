// L1's recorded run as a trace (plain C++, so that tests build it from made-up runs): every
// block's read-modify-write on a timeline (grouped by the SM it ran on), the counter's value as
// the writes land, and a flow for each lost update; steps follow the writes in time order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/raised_counter.hpp"
#include "common/record/tracks.hpp"

namespace l1 {

namespace tr = gridlock::trace;
using gridlock::add_event;

constexpr int kSeen = 0, kCount = 1;
constexpr int kCountTrack = 0;
constexpr int kSteps = 8;  // the blocks' writes, in time order, in this many steps

// One block's read-modify-write as the recorder saw it.
struct Access {
  int block = 0;
  unsigned sm = 0;
  int seen = 0;          // the value thread 0 read
  int64_t read_ns = 0;   // before its load was issued
  int64_t write_ns = 0;  // after its store was issued
  int track = 0;
};

// One recorded launch: with atomicAdd or without a lock, its grid, each block's access (in block
// order), the count it left, and how many records did not fit the log.
struct RecordedRun {
  bool atomic = false;
  int grid = 0, block = 0;
  std::vector<Access> accesses;
  int final_count = 0;
  long long dropped = 0;
};

// Tracks: the counter, then one per SM that ran a block, with its blocks inside.
inline void declare_tracks(tr::Trace& t, std::vector<Access>& all) {
  gridlock::add_track(t, tr::TrackKind::memory, "count");  // kCountTrack
  gridlock::add_block_rows(t, all);
}

inline void build_steps(gridlock::LessonRun& run, RecordedRun r) {
  tr::Trace& t = run.trace();
  std::vector<Access>& all = r.accesses;
  declare_tracks(t, all);
  t.buffers = {gridlock::int_buffer(kSeen, "seen", r.grid, tr::MemorySpace::registers),
               gridlock::int_buffer(kCount, "count", 1, tr::MemorySpace::global)};
  const std::string kernel = r.atomic ? "count_blocks_with_atomic" : "count_blocks_without_lock";
  const int launch = run.add_launch(kernel, r.grid, r.block);
  const std::string label =
      r.atomic ? "PHASE 1: one atomicAdd per block" : "PHASE 1: read, add one, write back";
  const std::string slice = r.atomic ? "atomicAdd" : "read-modify-write";
  const tr::Category category = r.atomic ? tr::Category::atomic : tr::Category::work;

  // Lost updates: blocks that read the same value all wrote value + 1; in the order their writes
  // were issued, each overwrote the one before it. A flow joins the later block's read (which did
  // not see the earlier write) to the write it then overwrote.
  // Writes in one tick of the clock keep the order of the values they wrote: that is exactly their
  // order for atomicAdd (each returned the one before); for the racy writes it is one order the
  // clock cannot rule out.
  std::sort(all.begin(), all.end(), [](const Access& a, const Access& b) {
    return a.write_ns != b.write_ns ? a.write_ns < b.write_ns : a.seen < b.seen;
  });
  std::map<int, std::vector<size_t>> readers;  // value read -> accesses, in write order
  for (size_t i = 0; i < all.size(); ++i) readers[all[i].seen].push_back(i);
  // The moment itself: a lost_update instant at each such write, joined by a second flow to the
  // write it replaced.
  std::map<size_t, std::vector<int>> flows_out, flows_in;  // access -> flow ids at its read / write
  std::map<size_t, std::vector<int>> replaced_out;         // access -> flows from its write to a loss
  std::map<size_t, std::pair<size_t, int>> lost;           // access -> the write it replaced, the flow
  int flows = 0;
  for (const auto& [value, group] : readers)
    for (size_t k = 1; k < group.size(); ++k) {
      flows_out[group[k]].push_back(flows);
      flows_in[group[k - 1]].push_back(flows++);
      replaced_out[group[k - 1]].push_back(flows);
      lost[group[k]] = {group[k - 1], flows++};
    }

  // The count as drawn: what each write left, or for atomicAdd, which only raises the word, the
  // highest value recorded by then (common/record/raised_counter.hpp).
  std::vector<int64_t> write_times;
  std::vector<double> left;
  for (const Access& a : all) {
    write_times.push_back(a.write_ns);
    left.push_back(a.seen + 1);
  }
  const std::vector<double> count_shown = r.atomic ? gridlock::raised_counter(write_times, left) : left;

  for (const auto& [first, last] : gridlock::step_runs(all.size(), kSteps)) {
    tr::Step& s = run.add_step(
        label,
        "writes " + std::to_string(first + 1) + "\xE2\x80\x93" + std::to_string(last) + " of " +
            std::to_string(all.size()) + ", in the order they were issued",
        r.atomic ? "Each block's thread 0 adds one with atomicAdd: the read, the addition and the "
                   "write are one indivisible operation, so no increment is lost."
                 : "Each block's thread 0 reads count, adds one and writes it back; blocks that read "
                   "the same value lose all but one of their increments.",
        launch);
    tr::Snapshot seen{kSeen, {}, {}};
    for (size_t i = first; i < last; ++i) {
      const Access& a = all[i];
      add_event(s.events, a.track, tr::EventKind::slice_begin, a.read_ns, slice, category, a.seen).flows_out =
          flows_out[i];
      tr::Event& end =
          add_event(s.events, a.track, tr::EventKind::slice_end, a.write_ns, slice, category, a.seen + 1);
      end.flows_in = flows_in[i];
      end.flows_out = replaced_out[i];
      if (const auto found = lost.find(i); found != lost.end()) {
        const Access& replaced = all[found->second.first];
        gridlock::add_instant(s.events, a.track, a.write_ns,
                              "block " + std::to_string(a.block) + " wrote " + std::to_string(a.seen + 1) +
                                  " over block " + std::to_string(replaced.block) + "'s " +
                                  std::to_string(replaced.seen + 1),
                              tr::Category::lost_update, a.seen + 1)
            .flows_in.push_back(found->second.second);
      }
      seen.items.push_back(a.block);
      seen.values.push_back(a.seen);
    }
    for (size_t i = first; i < last; ++i)
      gridlock::add_counter(s.events, kCountTrack, all[i].write_ns, "count", category, count_shown[i]);
    s.snapshots.push_back(seen);
  }
  tr::Step& after = run.add_step(
      label, "after the kernel",
      "count holds " + std::to_string(r.final_count) + " for " + std::to_string(r.grid) + " blocks.", launch);
  after.snapshots.push_back({kCount, {}, {double(r.final_count)}});
  // Writes that share the last tick may have landed in another order than the one above: the
  // count as it was read back after the kernel closes the counter, at that tick.
  if (!all.empty() && count_shown.back() != r.final_count)
    gridlock::add_counter(after.events, kCountTrack, all.back().write_ns, "count", category, r.final_count);

  // Facts the README quotes, from this recording: what each block read is a series, so the
  // checker recomputes the largest group of blocks that read one value, and how many values.
  const int after_step = int(t.steps.size()) - 1;
  tr::set_fact(t, "recorded.final", tr::snapshot_value_fact(t, after_step, kCount, 0));
  tr::set_fact(t, "recorded.lost", tr::shortfall_fact(t, after_step, kCount, 0, launch));
  tr::Series read{"the value each block read, one a block", "count", {}};
  for (const Access& a : all) read.values.push_back(a.seen);
  if (!read.values.empty()) {
    const int series = tr::add_series(t, read);
    tr::set_fact(t, "recorded.distinct_reads", tr::series_distinct_fact(t, series));
    tr::set_fact(t, "recorded.largest_group.blocks", tr::series_mode_count_fact(t, series));
    tr::set_fact(t, "recorded.largest_group.read", tr::series_mode_fact(t, series));
    // The SM each block ran on: how many SMs the blocks were spread over.
    tr::Series on_sm{"the SM each block ran on, one a block", "SM", {}};
    for (const Access& a : all) on_sm.values.push_back(a.sm);
    tr::set_fact(t, "recorded.sms", tr::series_distinct_fact(t, tr::add_series(t, on_sm)));
  } else {
    t.facts["recorded.sms"] = "0";
  }
  tr::set_fact(t, "recorded.flows", tr::event_count_fact(t, tr::Category::lost_update));
  gridlock::note_dropped(t, r.dropped);
}

}  // namespace l1
