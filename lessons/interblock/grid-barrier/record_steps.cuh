// G0 recording: one launch of the chosen variant, block by block inside the SMs they ran on: each
// block's store, its wait at the barrier (arrival, leaving or giving up), the blocks that started
// only after the watchdog had stopped the others, the arrival counter, and the neighbour values
// read after the barrier, replayed from the values stored before it.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/event_recording.hpp"
#include "common/record/tracks.hpp"

namespace g0 {

namespace tr = gridlock::trace;
using gridlock::trace::make_event;

constexpr int kValues = 0, kSeen = 1;
constexpr int kArrivedTrack = 0;

// One block as the recorder saw it.
struct Visit {
  int block = 0, before = 0, track = 0;
  unsigned sm = 0;
  int64_t started = 0, arrived = 0, left = 0;
  bool passed = false;
};

inline std::vector<Visit> visits(const gridlock::EventRecording& rec, int grid, gridlock::RunClock& clock) {
  return rec.per_block<Visit>(grid, clock, [](Visit& v, const gridlock::LogRecord& r, int64_t at) {
    if (r.what == kStarted) v.started = at;
    if (r.what == kArrived) v.arrived = at, v.before = r.value;
    if (r.what == kLeft) v.left = at, v.passed = true;
    if (r.what == kGaveUp) v.left = at;
  });
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  const int sms = run.device().sm_count;
  const bool cooperative = variant == "cooperative";
  const int grid = cooperative ? cooperative_limit_blocks(o.block, sms)
                               : spin_limit_blocks(o.block, sms) + (variant == "spin-too-large" ? 1 : 0);
  gridlock::EventRecording rec(grid, o.block, gridlock::EventRecording::Rows::per_block, 3);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> arrived(std::vector<unsigned>{0u});
  seen.poison();
  bool stopped = false;
  if (cooperative) {
    int* values_ptr = values.get();
    int* seen_ptr = seen.get();
    gridlock::EventRecorder<true> device_rec = rec.device_view();
    void* args[] = {&values_ptr, &seen_ptr, &device_rec};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(exchange_with_grid_sync<true>), grid,
                                           o.block, args, 0, nullptr));
    CUDA_CHECK_LAUNCH();
  } else {
    stopped = gridlock::bounded_launch(kSpinLimit, [&](const volatile int* abort) {
                exchange_with_spin_barrier<true>
                    <<<grid, o.block>>>(values.get(), seen.get(), arrived.get(), abort, rec.device_view());
              }).stopped;
  }
  rec.download();
  const std::vector<int> stored = values.download(), read = seen.download();

  tr::Trace& t = run.trace();
  std::vector<Visit> all = visits(rec, grid, clock);
  t.buffers = {{kValues, "values", tr::ElementType::i32, {grid}, tr::MemorySpace::global, 0},
               {kSeen, "seen", tr::ElementType::i32, {grid}, tr::MemorySpace::global, 0}};
  gridlock::add_track(t, tr::TrackKind::memory, "arrived");  // kArrivedTrack
  gridlock::add_block_rows(t, all);
  const int launch_id = run.add_launch(
      cooperative ? "exchange_with_grid_sync (cooperative)" : "exchange_with_spin_barrier", grid, o.block);
  if (stopped) t.notices.push_back("the watchdog stopped the recorded run: the barrier could not complete");

  // The first give-up: blocks that started after it were not running while the others waited.
  int64_t first_give_up = INT64_MAX;
  for (const Visit& v : all)
    if (!v.passed) first_give_up = std::min(first_give_up, v.left);

  tr::Step& store = run.add_step(cooperative ? "PHASE 4: every block stores its value (a cooperative launch)"
                                             : "PHASE 1: every block stores its value",
                                 std::to_string(grid) + " blocks",
                                 "Thread 0 of block b stores 7b + 3 in values[b].", launch_id);
  store.snapshots.push_back({kValues, {}, {stored.begin(), stored.end()}});
  for (const Visit& v : all) {
    if (v.started > first_give_up) {
      store.events.push_back(make_event(v.track, tr::EventKind::instant, v.started,
                                        "started after the others gave up", tr::Category::other, 0));
    }
    store.events.push_back(
        make_event(v.track, tr::EventKind::slice_begin, v.started, "store", tr::Category::work, 0));
    store.events.push_back(
        make_event(v.track, tr::EventKind::slice_end, v.arrived, "store", tr::Category::work, 0));
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
    barrier.events.push_back(
        make_event(v.track, tr::EventKind::slice_begin, v.arrived, wait, category, v.before));
    barrier.events.push_back(make_event(v.track, tr::EventKind::slice_end, v.left, wait, category, v.before));
    if (!v.passed)
      barrier.events.push_back(
          make_event(v.track, tr::EventKind::instant, v.left, "gave up", tr::Category::other, 0));
  }
  if (!cooperative) {
    // The counter after each arrival: the block that found `before` blocks there left before + 1.
    std::vector<Visit> by_count = all;
    std::sort(by_count.begin(), by_count.end(),
              [](const Visit& a, const Visit& b) { return a.before < b.before; });
    int64_t at = 0;
    for (const Visit& v : by_count) {
      at = std::max(at, v.arrived);
      barrier.events.push_back(make_event(kArrivedTrack, tr::EventKind::counter, at, "arrived",
                                          tr::Category::atomic, v.before + 1));
    }
  }

  tr::Step& after = run.add_step(
      cooperative ? "PHASE 6: read the neighbour's value, stored before the sync"
                  : "PHASE 3: read the neighbour's value, stored before the barrier",
      "", "Each block that passed reads values[b + 1], which its neighbour stored before.", launch_id);
  tr::Operation copy{tr::Operator::copy, kSeen, kValues, -1, {}, {}, {}, {}};
  tr::Snapshot got{kSeen, {}, {}};
  int passed = 0, right = 0;
  for (const Visit& v : all) {
    if (!v.passed) continue;
    ++passed;
    copy.dst.push_back(v.block);
    copy.a.push_back((v.block + 1) % grid);
    copy.thread.push_back(0);
    got.items.push_back(v.block);
    got.values.push_back(read[size_t(v.block)]);
    right += read[size_t(v.block)] == value_of((v.block + 1) % grid);
  }
  after.ops.push_back(copy);
  after.snapshots.push_back(got);
  if (right != passed) run.check_failed("a block that passed the barrier read a wrong neighbour value");

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
  if (rec.dropped() > 0) t.notices.push_back(std::to_string(rec.dropped()) + " records did not fit the log");
}

}  // namespace g0
