// G1's stale read, recorded: the litmus test's own guard, searched run after run (a bound on the
// runs, the same search at every re-record) until the last block reads a partial that another
// block had stored before it; that run as a trace, each stale read a moment joined to the store
// it missed. The acquire form is searched the same way and, reading none, says so.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tracks.hpp"
#include "interblock/common/residency.hpp"

namespace g1 {

namespace tr = gridlock::trace;
using gridlock::trace::make_event;

// The search: runs in batches of kSearchBatch, at most kSearchBound of them.
constexpr int kSearchBatch = 1000, kSearchBound = 30000;
constexpr int kShown = 8;  // stale reads shown, at most
constexpr int kReadTrack = 0, kReadBuffer = 0;

inline std::string block_name(int b) { return "block " + std::to_string(b); }

// The stores a found run's last block missed, and its stale reads of them.
inline void add_stale_steps(gridlock::LessonRun& run, const StaleReadSearch& s, int launch) {
  tr::Trace& t = run.trace();
  gridlock::RunClock& clock = run.clock();
  const int merger = s.outcome.merger;
  std::vector<int> stale_blocks;  // the partials it read stale, the first kShown of them
  for (int b = 0; b < s.grid && int(stale_blocks.size()) < kShown; ++b)
    if (s.seen[size_t(b)] != litmus_stamp(s.stamp_run, b)) stale_blocks.push_back(b);
  const int shown = int(stale_blocks.size());
  gridlock::add_track(t, tr::TrackKind::block, block_name(merger) + " (the last ticket)", -1, 0, merger,
                      int(s.outcome.sm));  // kReadTrack
  std::vector<tr::Event> stores, reads;
  tr::Snapshot read{kReadBuffer, {}, {}};
  for (int k = 0; k < shown; ++k) {
    const int block = stale_blocks[size_t(k)], stamp = litmus_stamp(s.stamp_run, block);
    const int value = s.seen[size_t(block)];
    const int track = gridlock::add_track(t, tr::TrackKind::block, block_name(block), -1, 0, block);
    tr::Event store =
        make_event(track, tr::EventKind::instant, clock.since_origin(s.stored_ns[size_t(block)]),
                   "stored " + std::to_string(stamp) + ", ticket taken", tr::Category::work, stamp);
    store.flows_out.push_back(k);
    stores.push_back(store);
    tr::Event stale = make_event(kReadTrack, tr::EventKind::instant, clock.since_origin(s.read_ns),
                                 "reads partial " + std::to_string(block) + ": " + std::to_string(value) +
                                     ", not " + std::to_string(stamp),
                                 tr::Category::stale_read, value);
    stale.flows_in.push_back(k);
    reads.push_back(stale);
    read.items.push_back(block);
    read.values.push_back(value);
  }
  run.add_step("PHASE 2: publish this block's partial",
               std::to_string(shown) + " of the stores the last block then missed",
               "Each block stores its stamp, then fences and takes a ticket; these stores came before the "
               "last block's ticket.",
               launch)
      .events = stores;
  tr::Step& reading = run.add_step(
      "PHASE 4: the others peek at the partials; the last block reads them all again",
      block_name(merger) + " reads " + std::to_string(s.outcome.stale) + " partials stale",
      "The last block read these partials after its ticket, which came after every other block's "
      "release, and still got values older than the stores: its loads were served from a stale L1 "
      "line, which only an acquire after the ticket would have dropped.",
      launch);
  reading.events = reads;
  reading.snapshots.push_back(read);
}

// The search with `Form` at twice the resident grid (where the litmus sweep found stale reads),
// and its trace.
template <Guard Form>
void record_stale_read(gridlock::LessonRun& run, const std::string& form) {
  const int resident = gridlock::interblock::resident_blocks(stale_read_litmus<Guard::syncthreads_or, 256>,
                                                             256, run.device().sm_count);
  const int grid = 2 * resident;
  run.clock().origin_ns();
  const StaleReadSearch s = search_stale_read<Form>(grid, kSearchBatch, kSearchBound);
  tr::Trace& t = run.trace();
  t.buffers = {{kReadBuffer,
                "partials as the last block read them",
                tr::ElementType::i32,
                {grid},
                tr::MemorySpace::global,
                0}};
  const int launch = run.add_launch("stale_read_litmus<" + form + ", 256>", grid, 256);
  const std::string where = "with peeks at " + std::to_string(grid) + " blocks";
  // The search's runs in order, one value each (the last is the run that ended the search): the
  // runs it made, those that read a stale partial ("1/48"; "0/30000" where it reached the bound),
  // and the stale partials of the last one.
  const int runs = tr::add_series(
      t, {"search for a stale read, " + std::to_string(grid) + " blocks, early read + peeks, " +
              (Form == Guard::acquire ? "corrected" : "documented") + " guard: stale partials a run",
          "partials", s.stale_per_run, true, 0});
  tr::set_fact(t, "stale_search.grid", tr::launch_grid_fact(t, launch));
  tr::set_fact(t, "stale_search.bound", tr::setting_fact(t, "stale_search_bound", double(s.bound)));
  tr::set_fact(t, "stale_search.runs", tr::series_count_fact(t, runs));
  tr::set_fact(t, "stale_search.found", tr::series_differs_fact(t, runs));
  tr::set_fact(t, "stale_search.stale", tr::series_value_fact(t, runs, s.runs - 1, false));
  if (s.found) {
    add_stale_steps(run, s, launch);
    return;
  }
  gridlock::add_track(t, tr::TrackKind::block, "the last block");  // kReadTrack
  run.add_step("PHASE 4: the others peek at the partials; the last block reads them all again",
               "no stale read in " + std::to_string(s.runs) + " runs",
               "In every run searched the last block read every partial as its block had stored it.", launch);
  t.notices.push_back("no run of the " + std::to_string(s.runs) + " searched (" + where +
                      ") read a stale partial; the litmus counts are in the facts and claims");
}

}  // namespace g1
