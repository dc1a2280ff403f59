// L3's recorded run as a trace (plain C++, so that tests build it from made-up runs), thread by
// thread: each thread's wait (with its failed attempts) and its turn holding the lock, nested SM >
// block > warp > lane, the lock's owner over time and each hand-off as a flow; steps follow the
// turns in the order the lock was taken.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/tracks.hpp"
#include "locks/common/turns.hpp"

namespace l3 {

namespace tr = gridlock::trace;
using gridlock::add_event;

constexpr int kCount = 0;
constexpr int kLockTrack = 0;
constexpr int kSteps = 8;
constexpr int kMostRecordedBlocks = 4;  // a thread per row: larger grids are recorded in part

using gridlock::locks::Turn;

// One recorded launch: the variant, the grid the claims ran at and the blocks recorded (at most
// kMostRecordedBlocks), each recorded thread's turn (block by block, thread by thread), the SM
// each recorded block ran on, the count it left, whether the watchdog stopped it (after
// limit_ms), and how many records did not fit the log.
struct RecordedRun {
  std::string variant;
  int grid = 0, recorded_grid = 0, block = 0;
  std::vector<Turn> turns;
  std::vector<unsigned> sms;
  int final_count = 0;
  bool stopped = false;
  long long limit_ms = 0, dropped = 0;
};

// The lock's row, then SM > block > warp > lane rows; each turn gets its lane's track.
inline void declare_tracks(tr::Trace& t, const std::vector<unsigned>& sms, std::vector<Turn>& all) {
  gridlock::add_track(t, tr::TrackKind::lock, "lock");  // kLockTrack
  std::vector<int> blocks;
  for (size_t b = 0; b < sms.size(); ++b) blocks.push_back(int(b));
  const std::vector<int> block_tracks = gridlock::add_block_rows(t, blocks, sms);
  std::map<std::pair<int, int>, int> warp_track;
  for (Turn& turn : all) {
    const int warp = turn.thread / 32, sm = int(sms[size_t(turn.block)]);
    auto [it, added] = warp_track.emplace(std::make_pair(turn.block, warp), -1);
    if (added)
      it->second = gridlock::add_warp_track(t, block_tracks[size_t(turn.block)], turn.block, warp, sm);
    turn.track = gridlock::add_thread_track(t, it->second, turn.block, turn.thread, sm);
  }
}

inline void add_turn(tr::Step& s, const Turn& turn, int flow_in, int flow_out) {
  gridlock::add_slice(s.events, turn.track, turn.asked, turn.took, "waiting for the lock", tr::Category::spin,
                      turn.spins);
  if (turn.gave_up) return;
  const char* hold = "holding the lock";
  tr::Event& took =
      add_event(s.events, turn.track, tr::EventKind::slice_begin, turn.took, hold, tr::Category::critical);
  if (flow_in >= 0) took.flows_in.push_back(flow_in);
  tr::Event& released =
      add_event(s.events, turn.track, tr::EventKind::slice_end, turn.released, hold, tr::Category::critical);
  if (flow_out >= 0) released.flows_out.push_back(flow_out);
  gridlock::add_slice(s.events, kLockTrack, turn.took, turn.released,
                      "block " + std::to_string(turn.block) + ", thread " + std::to_string(turn.thread),
                      tr::Category::critical);
}

inline void build_steps(gridlock::LessonRun& run, RecordedRun r) {
  tr::Trace& t = run.trace();
  std::vector<Turn>& all = r.turns;
  declare_tracks(t, r.sms, all);
  if (r.recorded_grid < r.grid)
    t.notices.push_back("recorded with " + std::to_string(r.recorded_grid) + " blocks, not " +
                        std::to_string(r.grid) +
                        ": one timeline row per thread; the claims were measured at the full size");
  t.buffers = {gridlock::int_buffer(kCount, "count", 1, tr::MemorySpace::global)};
  const bool every_thread = r.variant == "every-thread";
  const int launch_id = run.add_launch(
      every_thread ? "count_with_a_lock_in_every_thread" : "count_with_the_lock_inside_the_loop", r.grid,
      r.block);
  if (r.stopped) t.notices.push_back(gridlock::locks::watchdog_notice(r.limit_ms, "some threads gave up"));

  // The turns in the order the lock was taken; the threads that gave up (the watchdog stopped the
  // run) after them, in the order they asked.
  const size_t held = gridlock::locks::order_turns(all);
  std::vector<int> flow_in(all.size(), -1), flow_out(all.size(), -1);
  int flows = 0;
  for (size_t i = 0, previous = all.size(); i < all.size(); ++i) {
    if (all[i].gave_up) continue;
    if (previous < all.size()) flow_out[previous] = flow_in[i] = flows++;
    previous = i;
  }
  const std::string label =
      every_thread ? "PHASE 1: every thread takes the lock"
                   : "PHASE 1: try the lock; the winner counts and gives it back inside the loop";
  // A step holds turns, or threads that gave up; never both.
  for (const auto& [first, last, detail] : gridlock::locks::turn_runs(
           held, all.size(), kSteps, "turns", "in the order the lock was taken", "threads")) {
    tr::Step& s = run.add_step(
        label, detail,
        "Every thread spins on atomicCAS until it holds the lock; one thread at a time holds it.", launch_id);
    for (size_t i = first; i < last; ++i) add_turn(s, all[i], flow_in[i], flow_out[i]);
  }
  tr::Step& after = run.add_step(
      label, "after the kernel",
      "count holds " + std::to_string(r.final_count) + " for " + std::to_string(r.grid) + " blocks; " +
          (r.stopped ? "the watchdog had to stop it." : "every thread got through."),
      launch_id);
  after.snapshots.push_back({kCount, {}, {double(r.final_count)}});

  // Facts the README quotes: how far it got, how long, how hard the warps spun.
  std::map<std::pair<int, int>, long long> warp_spins;
  tr::Series gave_up{"threads that gave up waiting, one a thread", "threads", {}};  // 1: it gave up
  for (const Turn& turn : all) {
    warp_spins[{turn.block, turn.thread / 32}] += turn.spins;
    gave_up.values.push_back(turn.gave_up ? 1 : 0);
  }
  tr::Series spins{"failed atomicCAS attempts of each warp, one a warp", "attempts", {}};
  for (const auto& [warp, attempts] : warp_spins) spins.values.push_back(double(attempts));
  // The warps' spins first: the histogram view opens on the first series.
  tr::set_fact(t, "recorded.warp_spins", tr::series_range_fact(t, tr::add_series(t, spins)));
  if (!all.empty()) {
    const int per_thread = tr::add_series(t, gave_up);
    tr::set_fact(t, "recorded.gave_up", tr::series_sum_fact(t, per_thread));
    tr::set_fact(t, "recorded.threads", tr::series_count_fact(t, per_thread));
  } else {
    t.facts["recorded.gave_up"] = "0";
    t.facts["recorded.threads"] = "0";
  }
  tr::set_fact(t, "recorded.final", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kCount, 0));
  // From the first hold's start to the last hold's end, on the threads' rows.
  if (held > 0) {
    const Turn &first = all.front(), &last = all[held - 1];
    const tr::EventRef took =
        tr::find_event(t, first.track, first.took, tr::EventKind::slice_begin, tr::Category::critical);
    const tr::EventRef released =
        tr::find_event(t, last.track, last.released, tr::EventKind::slice_end, tr::Category::critical);
    tr::set_fact(t, "recorded.span", tr::duration_fact(t, took, released, tr::FactUnit::us, 1));
  } else {
    t.facts["recorded.span"] = "none: no thread took the lock";
  }
  gridlock::note_dropped(t, r.dropped);
}

}  // namespace l3
