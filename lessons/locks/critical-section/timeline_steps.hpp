// L2's recorded run as a trace (plain C++, so that tests build it from made-up runs): lock
// ownership over time (who held it, from when to when), each block's wait with its failed
// attempts, the hand-offs as flows, and the counter as the holders wrote it; steps follow the
// acquisitions in order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/raised_counter.hpp"
#include "common/record/tracks.hpp"
#include "locks/common/turns.hpp"

namespace l2 {

namespace tr = gridlock::trace;
using gridlock::add_event;

constexpr int kSeen = 0, kCount = 1;
constexpr int kLockTrack = 0, kCountTrack = 1;
constexpr int kSteps = 8;

using gridlock::locks::Turn;

// One recorded launch: the variant ("atomic", or a lock's), its grid, each block's turn (in block
// order), the count it left, whether the watchdog stopped it (after limit_ms), and how many
// records did not fit the log.
struct RecordedRun {
  std::string variant;
  int grid = 0, block = 0;
  std::vector<Turn> turns;
  int final_count = 0;
  bool stopped = false;
  long long limit_ms = 0, dropped = 0;
};

inline void declare_tracks(tr::Trace& t, std::vector<Turn>& all) {
  gridlock::add_track(t, tr::TrackKind::lock, "lock");     // kLockTrack
  gridlock::add_track(t, tr::TrackKind::memory, "count");  // kCountTrack
  gridlock::add_block_rows(t, all);
}

// The flows of one turn: the hand-off into its hold, those out of its release (the next hand-off,
// and the write of a holder that then wrote over this one's), and the flow into its lost update.
struct TurnFlows {
  int handed_in = -1;
  std::vector<int> out;
  int lost_from = -1;
  size_t replaced = 0;  // with lost_from: the turn whose write this one's replaced
};

// The events of one turn: the wait (spin) and the hold (critical) on the block's row, the hold on
// the lock's row, the counter's new value; a flow from the previous holder's release.
inline void add_turn(tr::Step& s, const Turn& turn, bool lock, const TurnFlows& flows, double count_shown) {
  if (lock)
    gridlock::add_slice(s.events, turn.track, turn.asked, turn.took, "waiting for the lock",
                        tr::Category::spin, turn.spins);
  if (turn.gave_up) return;
  const char* inside = lock ? "holding the lock" : "atomicAdd";
  const tr::Category category = lock ? tr::Category::critical : tr::Category::atomic;
  tr::Event& begin =
      add_event(s.events, turn.track, tr::EventKind::slice_begin, turn.took, inside, category, turn.seen);
  if (flows.handed_in >= 0) begin.flows_in.push_back(flows.handed_in);
  add_event(s.events, turn.track, tr::EventKind::slice_end, turn.released, inside, category, turn.seen + 1)
      .flows_out = flows.out;
  if (lock)
    gridlock::add_slice(s.events, kLockTrack, turn.took, turn.released,
                        "held by block " + std::to_string(turn.block), category, turn.block);
  gridlock::add_counter(s.events, kCountTrack, turn.released, "count", category, count_shown);
}

// A holder that read less than the previous holder wrote: its write replaces that one, and the
// update it replaced is lost. The moment sits at its write, joined to the write it replaced.
inline void add_lost_update(tr::Step& s, const Turn& writer, const Turn& replaced, int flow) {
  gridlock::add_instant(s.events, writer.track, writer.released,
                        "block " + std::to_string(writer.block) + " wrote " +
                            std::to_string(writer.seen + 1) + " over block " +
                            std::to_string(replaced.block) + "'s " + std::to_string(replaced.seen + 1),
                        tr::Category::lost_update, writer.seen + 1)
      .flows_in.push_back(flow);
}

inline void build_steps(gridlock::LessonRun& run, RecordedRun r) {
  const bool lock = r.variant != "atomic";
  tr::Trace& t = run.trace();
  std::vector<Turn>& all = r.turns;
  declare_tracks(t, all);
  t.buffers = {gridlock::int_buffer(kSeen, "seen", r.grid, tr::MemorySpace::registers),
               gridlock::int_buffer(kCount, "count", 1, tr::MemorySpace::global)};
  const int launch_id = run.add_launch(
      lock ? "count_blocks_with_lock<" + r.variant + ">" : "count_blocks_with_atomic", r.grid, r.block);
  if (r.stopped)
    t.notices.push_back(gridlock::locks::watchdog_notice(r.limit_ms, "some blocks never took the lock"));

  // Turns in the order the lock was taken (without a lock: the order the additions finished, so
  // the counter's row runs forward); each hand-off is a flow from one holder's release to the next
  // holder's take.
  // The blocks that gave up (the watchdog stopped the run) come after the turns, in their own steps.
  const size_t held = gridlock::locks::order_turns(all, /*by_release=*/!lock);
  const std::string label =
      lock ? "PHASE 2: count inside the critical section" : "PHASE 1: one atomicAdd per block";
  std::vector<TurnFlows> flows(all.size());
  int next_flow = 0;
  for (size_t i = 0, previous = all.size(); lock && i < all.size(); ++i) {
    if (all[i].gave_up) continue;
    if (previous < all.size()) {
      flows[previous].out.push_back(next_flow);
      flows[i].handed_in = next_flow++;
      if (all[i].seen <= all[previous].seen) {
        flows[previous].out.push_back(next_flow);
        flows[i].lost_from = next_flow++;
        flows[i].replaced = previous;
      }
    }
    previous = i;
  }
  // The count as drawn: what each holder's write left, or for atomicAdd, which only raises the
  // word, the highest value recorded by then (common/record/raised_counter.hpp).
  std::vector<int64_t> released;
  std::vector<double> left;
  for (const Turn& t : all) {
    released.push_back(t.released);
    left.push_back(t.seen + 1);
  }
  const std::vector<double> count_shown = lock ? left : gridlock::raised_counter(released, left);
  std::vector<int> step_of(all.size(), -1);  // the step each turn's events are in
  for (const auto& [first, last, detail] : gridlock::locks::turn_runs(
           held, all.size(), kSteps, lock ? "turns" : "additions",
           lock ? "in the order the lock was taken" : "in the order they finished", "blocks")) {
    tr::Step& s =
        run.add_step(label, detail,
                     lock ? "One block at a time holds the lock and adds one; the others spin on atomicCAS."
                          : "Every block adds one with atomicAdd; no lock, no waiting.",
                     launch_id);
    tr::Snapshot seen{kSeen, {}, {}};
    for (size_t i = first; i < last; ++i) {
      add_turn(s, all[i], lock, flows[i], count_shown[i]);
      step_of[i] = int(t.steps.size()) - 1;
      if (flows[i].lost_from >= 0) add_lost_update(s, all[i], all[flows[i].replaced], flows[i].lost_from);
      seen.items.push_back(all[i].block);
      seen.values.push_back(all[i].seen);
    }
    s.snapshots.push_back(seen);
  }
  tr::Step& after = run.add_step(
      label, "after the kernel",
      "count holds " + std::to_string(r.final_count) + " for " + std::to_string(r.grid) + " blocks" +
          (r.final_count < r.grid ? ": " + std::to_string(r.grid - r.final_count) + " updates were lost."
                                  : "."),
      launch_id);
  after.snapshots.push_back({kCount, {}, {double(r.final_count)}});
  const int after_step = int(t.steps.size()) - 1;

  // Holders that did not read what the previous holder wrote: the lock kept them apart, but the
  // previous holder's store was not yet what they saw. One value a hand-off (0: the holder read
  // the last write), from which the checker counts them. The first one's numbers are taken from
  // the events that hold them: the reader's turn begins with what it read, the previous turn ends
  // with what it wrote, and each is on its block's row.
  int stale = 0;
  size_t first_stale = 0;
  tr::Series misread{
      r.variant + " lock: what each holder read minus what the holder before it wrote, one a hand-off",
      "counts",
      {},
      /*has_reference=*/true};  // 0: it read the last write
  for (size_t i = 1; lock && i < all.size(); ++i) {
    if (all[i].gave_up || all[i - 1].gave_up) continue;
    misread.values.push_back(all[i].seen - (all[i - 1].seen + 1));
    if (misread.values.back() != 0 && stale++ == 0) first_stale = i;
  }
  if (!misread.values.empty()) {
    tr::set_fact(t, "recorded.stale_reads", tr::series_differs_fact(t, tr::add_series(t, misread)));
  }
  if (stale > 0) {
    const Turn &reader = all[first_stale], &writer = all[first_stale - 1];
    const tr::EventRef read =
        tr::find_event(t, reader.track, reader.took, tr::EventKind::slice_begin, tr::Category::critical);
    const tr::EventRef wrote =
        tr::find_event(t, writer.track, writer.released, tr::EventKind::slice_end, tr::Category::critical);
    tr::set_fact(t, "recorded.first_stale_read.block", tr::event_block_fact(t, read));
    tr::set_fact(t, "recorded.first_stale_read.read", tr::event_value_fact(t, read));
    tr::set_fact(t, "recorded.first_stale_read.previous_block", tr::event_block_fact(t, wrote));
    tr::set_fact(t, "recorded.first_stale_read.written", tr::event_value_fact(t, wrote));
  }  // where every holder read the last write there is no first stale read to quote
  tr::set_fact(t, "recorded.final", tr::snapshot_value_fact(t, after_step, kCount, 0));
  tr::set_fact(t, "recorded.lost_updates", tr::shortfall_fact(t, after_step, kCount, 0, launch_id));
  if (lock) {
    tr::Series spins{
        r.variant + " lock: failed atomicCAS attempts of each block, one a block", "attempts", {}};
    for (const Turn& turn : all) spins.values.push_back(turn.spins);
    tr::set_fact(t, "recorded.spins", tr::series_sum_fact(t, tr::add_series(t, spins)));
  }
  // From the first hold's start to the last hold's end, on the blocks' rows.
  if (held > 0) {
    const Turn &first = all.front(), &last = all[held - 1];
    const tr::EventRef took =
        tr::find_event(t, step_of[0], first.track, first.took, tr::EventKind::slice_begin);
    const tr::EventRef released =
        tr::find_event(t, step_of[held - 1], last.track, last.released, tr::EventKind::slice_end);
    tr::set_fact(t, "recorded.span", tr::duration_fact(t, took, released, tr::FactUnit::us, 0));
  }
  gridlock::note_dropped(t, r.dropped);
}

}  // namespace l2
