// G0's recorded run as a trace (plain C++, so that tests build it from made-up runs), block by
// block inside the SMs they ran on: each block's store, its wait at the barrier (arrival, leaving
// or giving up), the blocks that started only after the watchdog had stopped the others, the
// arrival counter, and the neighbour values read after the barrier, replayed from the values
// stored before it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tracks.hpp"

namespace g0 {

namespace tr = gridlock::trace;

constexpr int kValues = 0, kSeen = 1;
constexpr int kArrivedTrack = 0;

// One block as the recorder saw it.
struct Visit {
  int block = 0, before = 0, track = 0;
  unsigned sm = 0;
  int64_t started = 0, arrived = 0, left = 0;
  bool passed = false;
};

// One recorded launch: cooperative or the hand-written barrier, its grid, each block's visit (in
// block order), the values stored and those read after the barrier (one a block), whether the
// watchdog stopped it, and how many records did not fit the log.
struct RecordedRun {
  bool cooperative = false;
  int grid = 0, block = 0;
  std::vector<Visit> visits;
  std::vector<int> stored, read;
  bool stopped = false;
  long long dropped = 0;
};

inline void build_steps(gridlock::LessonRun& run, RecordedRun r) {
  tr::Trace& t = run.trace();
  std::vector<Visit>& all = r.visits;
  const int grid = r.grid;
  const bool cooperative = r.cooperative;
  t.buffers = {gridlock::int_buffer(kValues, "values", grid, tr::MemorySpace::global),
               gridlock::int_buffer(kSeen, "seen", grid, tr::MemorySpace::global)};
  gridlock::add_track(t, tr::TrackKind::memory, "arrived");  // kArrivedTrack
  gridlock::add_block_rows(t, all);
  const int launch_id = run.add_launch(
      cooperative ? "exchange_with_grid_sync (cooperative)" : "exchange_with_spin_barrier", grid, r.block);
  if (r.stopped) t.notices.push_back("the watchdog stopped the recorded run: the barrier could not complete");

  // The first give-up: blocks that started after it were not running while the others waited.
  int64_t first_give_up = INT64_MAX;
  for (const Visit& v : all)
    if (!v.passed) first_give_up = std::min(first_give_up, v.left);

  tr::Step& store = run.add_step(cooperative ? "PHASE 4: every block stores its value (a cooperative launch)"
                                             : "PHASE 1: every block stores its value",
                                 std::to_string(grid) + " blocks",
                                 "Thread 0 of block b stores 7b + 3 in values[b].", launch_id);
  store.snapshots.push_back({kValues, {}, {r.stored.begin(), r.stored.end()}});
  for (const Visit& v : all) {
    if (v.started > first_give_up)
      gridlock::add_instant(store.events, v.track, v.started, "started after the others gave up",
                            tr::Category::other);
    gridlock::add_slice(store.events, v.track, v.started, v.arrived, "store", tr::Category::work);
  }

  const bool all_passed = std::all_of(all.begin(), all.end(), [](const Visit& v) { return v.passed; });
  const std::string wait = cooperative ? "this_grid().sync()" : "waiting at the barrier";
  const tr::Category category = all_passed ? tr::Category::barrier : tr::Category::spin;
  tr::Step& barrier = run.add_step(
      cooperative ? "PHASE 5: cooperative_groups::this_grid().sync()"
                  : "PHASE 2: wait at the hand-written barrier until every block has arrived",
      all_passed ? "every block passed" : "the watchdog stopped the wait",
      cooperative ? "Every block waits in the grid sync until all have arrived."
                  : "Thread 0 adds one to the counter, then looks at it until it reaches the grid size.",
      launch_id);
  const int barrier_step = int(t.steps.size()) - 1;
  std::vector<Visit> by_arrival = all;
  std::sort(by_arrival.begin(), by_arrival.end(),
            [](const Visit& a, const Visit& b) { return a.arrived < b.arrived; });
  for (const Visit& v : by_arrival) {
    gridlock::add_slice(barrier.events, v.track, v.arrived, v.left, wait, category, v.before);
    if (!v.passed) gridlock::add_instant(barrier.events, v.track, v.left, "gave up", tr::Category::other);
  }
  if (!cooperative) {
    // The counter after each arrival: the block that found `before` blocks there left before + 1.
    std::vector<Visit> by_count = all;
    std::sort(by_count.begin(), by_count.end(),
              [](const Visit& a, const Visit& b) { return a.before < b.before; });
    int64_t at = 0;
    for (const Visit& v : by_count) {
      at = std::max(at, v.arrived);
      gridlock::add_counter(barrier.events, kArrivedTrack, at, "arrived", tr::Category::atomic, v.before + 1);
    }
  }

  tr::Step& after = run.add_step(
      cooperative ? "PHASE 6: read the neighbour's value, stored before the sync"
                  : "PHASE 3: read the neighbour's value, stored before the barrier",
      "", "Each block that passed reads values[b + 1], which its neighbour stored before.", launch_id);
  tr::Operation copy{tr::Operator::copy, kSeen, kValues, -1, {}, {}, {}, {}};
  tr::Snapshot got{kSeen, {}, {}};
  for (const Visit& v : all) {
    if (!v.passed) continue;
    copy.dst.push_back(v.block);
    copy.a.push_back((v.block + 1) % grid);
    copy.thread.push_back(0);
    got.items.push_back(v.block);
    got.values.push_back(r.read[size_t(v.block)]);
  }
  after.ops.push_back(copy);
  after.snapshots.push_back(got);

  // The barrier's last arrival and its first and last leave, as the barrier step's slices hold them.
  const Visit *last_arrival = nullptr, *first_leave = nullptr, *last_leave = nullptr;
  for (const Visit& v : all) {
    if (!last_arrival || v.arrived > last_arrival->arrived) last_arrival = &v;
    if (!first_leave || v.left < first_leave->left) first_leave = &v;
    if (!last_leave || v.left > last_leave->left) last_leave = &v;
  }
  tr::set_fact(t, "recorded.grid", tr::launch_grid_fact(t, launch_id));
  // How the blocks fared, each as a series of one value a block (1 where the block did so) summed
  // into its fact: passed the barrier, gave up at it, started only after a block had given up.
  const auto blocks_where = [&](const std::string& key, const std::string& what, auto holds) {
    tr::Series s{"blocks that " + what + ", one a block", "blocks", {}};
    for (const Visit& v : all) s.values.push_back(holds(v));
    tr::set_fact(t, key, tr::series_sum_fact(t, tr::add_series(t, s)));
  };
  blocks_where("recorded.passed", "passed the barrier", [](const Visit& v) { return v.passed; });
  blocks_where("recorded.gave_up", "gave up at the barrier", [](const Visit& v) { return !v.passed; });
  blocks_where("recorded.late", "started only after another block gave up",
               [&](const Visit& v) { return v.started > first_give_up; });
  if (!all.empty()) {
    auto slice = [&](const Visit* v, tr::EventKind kind) {
      return tr::find_event(t, barrier_step, v->track,
                            kind == tr::EventKind::slice_begin ? v->arrived : v->left, kind);
    };
    const tr::EventRef last_in = slice(last_arrival, tr::EventKind::slice_begin),
                       first_out = slice(first_leave, tr::EventKind::slice_end),
                       last_out = slice(last_leave, tr::EventKind::slice_end);
    tr::set_fact(t, "recorded.last_arrival_to_last_leave",
                 tr::duration_fact(t, last_in, last_out, tr::FactUnit::us, 2));
    tr::set_fact(t, "recorded.wait", tr::duration_fact(t, first_out, last_out, tr::FactUnit::us, 2));
  }
  gridlock::note_dropped(t, r.dropped);
}

}  // namespace g0
