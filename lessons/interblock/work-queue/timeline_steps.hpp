// G2's recorded run as a trace (plain C++, so that tests build it from made-up runs): a Gantt
// chart of every block's items, one after another, inside the row of the SM it ran on; the
// queue's next index as the fetches take it; which block did which item; how far apart the blocks
// ran out of work, and the block time left idle until the last one did.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/raised_counter.hpp"
#include "common/record/tracks.hpp"
#include "common/units.hpp"

namespace g2 {

namespace tr = gridlock::trace;
using gridlock::add_event;

constexpr int kDoneBy = 0, kVisits = 1;
constexpr int kNextTrack = 0;
constexpr int kSteps = 8;

// One item as a block did it.
struct Slice {
  int block = 0, item = 0, cost = 0, track = 0;  // track: the block's row, once declared
  int64_t begin = 0, end = 0;
};

// One recorded launch: from the queue or assigned up front, its grid and block size, how many
// item slots there are, every block's items in start order, each block's last moment and when it
// found the queue empty (-1: it did not), the SM each block ran on, each item's visits after the
// kernel, and how many records did not fit the log.
struct RecordedRun {
  bool queue = true;
  int grid = 0, block = 0, room = 0;
  std::vector<Slice> slices;
  std::vector<int64_t> last_done, empty_at;
  std::vector<unsigned> sms, visits;
  long long dropped = 0;
};

inline std::string us(int64_t ns) { return gridlock::microseconds(double(ns), 1); }

// A count as a fact the trace checker recomputes: the values as a series named `what` (one an
// item, each out of `out_of`, or plain counts where it is 0), and the fact `key` their sum.
inline void sum_fact(tr::Trace& t, const std::string& key, const std::string& what,
                     const std::vector<double>& values, double out_of) {
  tr::set_fact(t, key, tr::series_sum_fact(t, tr::add_series(t, {what, "items", values, false, 0, out_of})));
}

inline void build_steps(gridlock::LessonRun& run, RecordedRun r) {
  const bool queue = r.queue;
  tr::Trace& t = run.trace();
  t.buffers = {gridlock::int_buffer(kDoneBy, "done by block", r.room, tr::MemorySpace::registers),
               {kVisits, "visits", tr::ElementType::u32, {r.room}, tr::MemorySpace::global, 0}};
  gridlock::add_track(t, tr::TrackKind::memory, "queue: next item");  // kNextTrack
  std::vector<int> blocks;
  for (int b = 0; b < r.grid; ++b) blocks.push_back(b);
  const std::vector<int> rows = gridlock::add_block_rows(t, blocks, r.sms);
  std::vector<Slice>& all = r.slices;
  for (Slice& sl : all) sl.track = rows[size_t(sl.block)];
  const std::vector<int64_t>&last_done = r.last_done, &empty_at = r.empty_at;
  // Each block's last item, in start order: the queue-empty moment goes in that item's step.
  std::map<size_t, int> ends_block;  // slice -> the block whose last item it is
  {
    std::vector<int64_t> last_slice(size_t(r.grid), -1);
    for (size_t k = 0; k < all.size(); ++k) last_slice[size_t(all[k].block)] = int64_t(k);
    for (int b = 0; b < r.grid; ++b)
      if (last_slice[size_t(b)] >= 0) ends_block[size_t(last_slice[size_t(b)])] = b;
  }
  const int launch_id = run.add_launch(queue ? "work_from_queue<" + std::to_string(r.block) + ">"
                                             : "work_assigned_up_front<" + std::to_string(r.block) + ">",
                                       r.grid, r.block);
  const std::string label = queue ? "PHASE 2: every thread works on the item"
                                  : "PHASE 4: block b does items b, b + gridDim.x, ... whatever they cost";
  const std::string note =
      queue ? "Each block's thread 0 took the next index with atomicAdd once the block was done "
              "with its last item; the whole block works on it."
            : "Block b does items b, b + gridDim.x, ...: the slices are warp 0's time on each "
              "item (the block has no barrier to wait at).";
  // An item started again after some block had started it already: the double fetch, joined by a
  // flow to the item's first start.
  std::map<int, size_t> first_start;               // item -> its first slice
  std::map<size_t, int> start_flow, double_fetch;  // slice -> flow out of its begin / into its moment
  int flows = 0;
  for (size_t k = 0; k < all.size(); ++k) {
    const auto [first, fresh] = first_start.try_emplace(all[k].item, k);
    if (fresh) continue;
    // One flow from a first start, however many starts repeat it.
    const auto [out, added] = start_flow.try_emplace(first->second, flows);
    if (added) ++flows;
    double_fetch[k] = out->second;
  }
  // The queue's index as drawn: the fetch that returned item i left it at i + 1, and atomicAdd only
  // raises it, so at each start it was at least the highest value recorded by then
  // (common/record/raised_counter.hpp).
  std::vector<int64_t> starts;
  std::vector<double> left;
  for (const Slice& sl : all) {
    starts.push_back(sl.begin);
    left.push_back(sl.item + 1);
  }
  const std::vector<double> index_shown = gridlock::raised_counter(starts, left);
  for (const auto& [first, last] : gridlock::step_runs(all.size(), kSteps)) {
    tr::Step& s = run.add_step(label,
                               "items started " + us(all[first].begin) + "\xE2\x80\x93" +
                                   us(all[last - 1].begin) + " (" + std::to_string(last - first) + " items)",
                               note, launch_id);
    tr::Snapshot done_by{kDoneBy, {}, {}};
    std::map<int, int> done_by_block;  // an item done twice in this step: its last doer
    for (size_t k = first; k < last; ++k) {
      const Slice& sl = all[k];
      const std::string name = "item " + std::to_string(sl.item) + " (cost " + std::to_string(sl.cost) + ")";
      tr::Event& begin = add_event(s.events, sl.track, tr::EventKind::slice_begin, sl.begin, name,
                                   tr::Category::work, sl.cost);
      if (const auto out = start_flow.find(k); out != start_flow.end())
        begin.flows_out.push_back(out->second);
      if (const auto again = double_fetch.find(k); again != double_fetch.end())
        gridlock::add_instant(
            s.events, sl.track, sl.begin,
            "item " + std::to_string(sl.item) + " fetched again by block " + std::to_string(sl.block),
            tr::Category::double_fetch, sl.item)
            .flows_in.push_back(again->second);
      add_event(s.events, sl.track, tr::EventKind::slice_end, sl.end, name, tr::Category::work, sl.cost);
      if (queue)
        gridlock::add_counter(s.events, kNextTrack, sl.begin, "next", tr::Category::atomic, index_shown[k]);
      if (sl.item >= 0 && sl.item < r.room) done_by_block[sl.item] = sl.block;
      if (const auto ends = ends_block.find(k); ends != ends_block.end() && empty_at[size_t(sl.block)] >= 0)
        gridlock::add_instant(s.events, sl.track, empty_at[size_t(sl.block)], "queue empty",
                              tr::Category::other);
    }
    for (const auto& [item, block] : done_by_block) {
      done_by.items.push_back(item);
      done_by.values.push_back(block);
    }
    s.snapshots.push_back(done_by);
  }
  tr::Step& after = run.add_step(label, "after the kernel", "How many times each item was done.", launch_id);
  after.snapshots.push_back({kVisits, {}, {r.visits.begin(), r.visits.end()}});

  // Facts the README quotes.
  std::vector<int> per_block(size_t(r.grid), 0);
  for (const Slice& sl : all) ++per_block[size_t(sl.block)];
  const auto [first_out, last_out] = std::minmax_element(last_done.begin(), last_done.end());
  int64_t begin = INT64_MAX;
  for (const Slice& sl : all) begin = std::min(begin, sl.begin);
  const tr::Series done_per_block{
      "items each block did, one a block", "items", {per_block.begin(), per_block.end()}};
  tr::set_fact(t, "recorded.items_per_block", tr::series_range_fact(t, tr::add_series(t, done_per_block)));
  // When a block ran out of work, as an event of its row: its queue-empty moment, or the end of
  // its last item. None where the block recorded neither.
  const auto out_of_work = [&](size_t b) -> std::optional<tr::EventRef> {
    for (size_t s = 0; s < t.steps.size(); ++s)
      for (size_t e = 0; e < t.steps[s].events.size(); ++e) {
        const tr::Event& ev = t.steps[s].events[e];
        if (ev.track == rows[b] && ev.t_ns == last_done[b] &&
            (ev.kind == tr::EventKind::instant || ev.kind == tr::EventKind::slice_end) &&
            (ev.category == tr::Category::other || ev.category == tr::Category::work))
          return tr::EventRef{int(s), int(e)};
      }
    return std::nullopt;
  };
  const auto first_block = size_t(first_out - last_done.begin()),
             last_block = size_t(last_out - last_done.begin());
  const std::optional<tr::EventRef> first_end = out_of_work(first_block), last_end = out_of_work(last_block);
  if (first_end && last_end)
    tr::set_fact(t, "recorded.finish_spread",
                 tr::duration_fact(t, *first_end, *last_end, tr::FactUnit::us, 1));
  else
    t.facts["recorded.finish_spread"] = us(*last_out - *first_out);
  std::optional<tr::EventRef> span_start;
  if (!all.empty() && last_end) {
    span_start = tr::find_event(t, all.front().track, all.front().begin, tr::EventKind::slice_begin,
                                tr::Category::work);
    tr::set_fact(t, "recorded.span", tr::duration_fact(t, *span_start, *last_end, tr::FactUnit::us, 1));
  } else {
    t.facts["recorded.span"] = all.empty() ? "none" : us(*last_out - begin);
  }
  // Block time between a block running out of work and the last block's end, one value a block;
  // their sum written in µs.
  std::vector<double> idle;
  for (int64_t done : last_done) idle.push_back(double(*last_out - done));
  tr::FactValue idle_sum = tr::series_sum_fact(
      t, tr::add_series(t, {"block time idle after running out of work, one a block", "ns", idle}));
  idle_sum.unit = tr::FactUnit::us;
  idle_sum.decimals = 1;
  tr::set_fact(t, "recorded.idle_at_end", idle_sum);
  // Its share of grid × span, on the span's own events.
  if (span_start)
    tr::set_fact(t, "recorded.idle_share",
                 tr::series_share_fact(t, idle_sum.series, launch_id, *span_start, *last_end, 0));
  else
    t.facts["recorded.idle_share"] = "none";
  // Each item's visits after the kernel, as the last step's snapshot holds them.
  std::vector<double> never_done, done_again;  // one value an item: 1 where it was so
  for (unsigned v : r.visits) {
    never_done.push_back(v == 0);
    done_again.push_back(v > 1);
  }
  sum_fact(t, "recorded.never_done", "item never done (the recorded run)", never_done, 0);
  sum_fact(t, "recorded.done_twice", "item done more than once (the recorded run)", done_again, 0);
  tr::set_fact(t, "recorded.double_fetches", tr::event_count_fact(t, tr::Category::double_fetch));
  gridlock::note_dropped(t, r.dropped);
}

}  // namespace g2
