// What the recordings of the reductions that merge in the last block (R4, R5) say about the
// guard: which blocks went past it, whether the one that did came after every block had stored
// its partial, and over many runs, which block that was.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/record/tree_recording.hpp"
#include "reduction/common/trace_parts.hpp"

namespace gridlock::reduction {

struct MergeSeen {
  int mergers = 0;        // blocks that went past the guard
  int merger = -1;        // the last of them (the only one, when the guard holds)
  int64_t margin_ns = 0;  // from the last partial's store to the merger's leaving the guard
  int last_storer = -1;   // the block whose partial was stored last
  unsigned long long last_store = 0, merger_left = 0;  // those two moments, in %globaltimer ns
  bool after_every_store() const { return margin_ns > 0; }
};

// From one recorded launch: block b stored its partial at recorder step store_step[b], and left
// the guard at guard_step; a block that went on recorded the barrier of merge_step.
template <typename T>
MergeSeen merge_seen(const TreeRecording<T>& rec, const std::vector<int>& store_step, int guard_step,
                     int merge_step) {
  MergeSeen seen;
  unsigned long long last_store = 0;
  for (int b = 0; b < rec.grid(); ++b) {
    if (rec.stored_time(b, store_step[size_t(b)]) > last_store) {
      last_store = rec.stored_time(b, store_step[size_t(b)]);
      seen.last_storer = b;
    }
    if (rec.reached(b, merge_step)) {
      ++seen.mergers;
      seen.merger = b;
    }
  }
  seen.last_store = last_store;
  if (seen.merger >= 0) {
    seen.merger_left = rec.first_left(seen.merger, guard_step);
    seen.margin_ns = int64_t(seen.merger_left) - int64_t(last_store);
  }
  return seen;
}

// The merge's facts, each taken from the events that hold it: the merging block and its SM (the
// row of its read of the partials, an instant at the merger's leaving the guard), from the last
// partial's store to that read when it came after it (merge.after_last_store), from that read to
// the merging block's end (merge.time), and the launch from start to end (launch.time). The block
// and kernel slices are add_slice()'s, the stores add_store_step()'s.
template <typename T>
void add_merge_facts(trace::Trace& t, const TreeRecording<T>& rec, const LaunchTracks& tracks,
                     const MergeSeen& seen, RunClock& clock) {
  const int row = tracks.block[size_t(seen.merger)];
  const trace::EventRef read = trace::find_event(t, row, clock.since_origin(seen.merger_left),
                                                 trace::EventKind::instant, trace::Category::work);
  trace::set_fact(t, "merger", trace::event_block_fact(t, read));
  trace::set_fact(t, "merger.sm", trace::event_sm_fact(t, read));
  if (seen.after_every_store())
    trace::set_fact(
        t, "merge.after_last_store",
        trace::duration_fact(
            t, store_event(t, tracks.block[size_t(seen.last_storer)], clock.since_origin(seen.last_store)),
            read, trace::FactUnit::us, 2));
  else
    t.facts["merge.after_last_store"] = microseconds(seen.margin_ns);
  const auto merger_span = rec.block_span(seen.merger, clock);
  trace::set_fact(
      t, "merge.time",
      trace::duration_fact(
          t, read,
          trace::find_event(t, row, merger_span.second, trace::EventKind::slice_end, trace::Category::kernel),
          trace::FactUnit::us, 2));
  trace::set_fact(t, "launch.time", slice_fact(t, tracks.kernel, rec.launch_span(clock)));
}

// The mergers of many runs as facts whose origin is `series` (the merging block of each run):
// KEY.most_often (the block), KEY.most_often.runs ("5/20") and KEY.distinct; and those facts' words
// for a claim: "block 17 most often (5/20 runs); 9 different blocks".
inline std::string add_merger_facts(trace::Trace& t, const std::string& key, int series) {
  if (t.series[size_t(series)].values.empty()) return "no block merged";
  trace::set_fact(t, key + ".most_often", trace::series_mode_fact(t, series));
  trace::set_fact(t, key + ".most_often.runs", trace::series_mode_count_fact(t, series));
  trace::set_fact(t, key + ".distinct", trace::series_distinct_fact(t, series));
  const std::string distinct = t.facts.at(key + ".distinct");
  return "block " + t.facts.at(key + ".most_often") + " most often (" + t.facts.at(key + ".most_often.runs") +
         " runs); " + distinct + " different block" + (distinct == "1" ? "" : "s");
}

}  // namespace gridlock::reduction
