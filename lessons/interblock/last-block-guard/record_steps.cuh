// G1 recording: one launch of the chosen variant's recording instantiation. Every block's partial
// (when it started, when it stored it, on which SM), the tickets in the order they were taken with
// the partials buffer filling up as blocks arrive, a flow from each ticket to the merge it allows,
// and the merging block's fold and tree, warp by warp, from the values it really loaded.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/random_input.hpp"
#include "common/record/event_recording.hpp"
#include "common/record/tracks.hpp"
#include "common/record/tree_recording.hpp"
#include "common/units.hpp"

namespace g1 {

namespace tr = gridlock::trace;
using gridlock::add_event;

constexpr int kPartials = 0, kSeen = 1, kAcc = 2, kShared = 3, kResult = 4;
constexpr int kTicketSteps = 8;

// One block as the recorder saw it; `ticket` is -1 for a block that took none.
struct Arrival {
  int block = 0;
  unsigned sm = 0;
  int64_t started = 0, stored = 0, ticket_at = 0;
  int partial = 0, ticket = -1;
  int track = 0;
};

inline std::vector<Arrival> arrivals(const gridlock::EventRecording& rec, int grid,
                                     gridlock::RunClock& clock) {
  return rec.per_block<Arrival>(grid, clock, [](Arrival& a, const gridlock::LogRecord& r, int64_t at) {
    if (r.what == kStarted) a.started = at;
    if (r.what == kPartialStored) a.stored = at, a.partial = r.value;
    if (r.what == kTicket) a.ticket_at = at, a.ticket = r.value;
  });
}

// The merging block's recorded items are numbered from block * B; the trace's r and acc are [B].
// Entries of threads from `live` on (threads that left before the merge) are dropped.
inline tr::Operation local(tr::Operation op, int64_t base, int live) {
  tr::Operation out = op;
  out.dst.clear(), out.a.clear(), out.b.clear(), out.thread.clear();
  auto item = [&](int64_t i, int buffer) { return buffer == kSeen || i < 0 ? i : i - base; };
  for (size_t k = 0; k < op.dst.size(); ++k) {
    if (op.thread[k] >= live) continue;
    out.dst.push_back(item(op.dst[k], op.dst_buffer));
    out.a.push_back(item(op.a[k], op.a_buffer));
    if (!op.b.empty()) out.b.push_back(item(op.b[k], op.b_buffer));
    out.thread.push_back(op.thread[k]);
  }
  return out;
}

// A snapshot of r as the first `live` threads left it (each copies its own element).
inline tr::Snapshot local(tr::Snapshot s, int live) {
  s.items.clear();
  if (live < int(s.values.size())) {
    s.values.resize(size_t(live));
    for (int i = 0; i < live; ++i) s.items.push_back(i);
  }
  return s;
}

inline void declare(tr::Trace& t, std::vector<Arrival>& all, int grid, int block) {
  using gridlock::int_buffer;
  t.buffers = {int_buffer(kPartials, "partials", grid, tr::MemorySpace::global),
               int_buffer(kSeen, "loaded by the last block", grid, tr::MemorySpace::registers),
               int_buffer(kAcc, "acc", block, tr::MemorySpace::registers),
               int_buffer(kShared, "r", block, tr::MemorySpace::shared),
               int_buffer(kResult, "out.total", 1, tr::MemorySpace::global)};
  gridlock::add_block_rows(t, all);
}

// PHASE 1: every block's partial, as a slice from its start to its store.
inline void add_partials(gridlock::LessonRun& run, const std::vector<Arrival>& all, int launch, int chunk) {
  tr::Step& s =
      run.add_step("PHASE 1: compute this block's partial",
                   std::to_string(all.size()) + " blocks, " + std::to_string(chunk) + " elements each",
                   "Every block sums its own chunk of the input, on its own, and thread 0 stores the "
                   "sum in partials[block].",
                   launch);
  for (const Arrival& a : all) {
    if (a.ticket < 0) continue;
    add_event(s.events, a.track, tr::EventKind::slice_begin, a.started, "partial", tr::Category::work);
    add_event(s.events, a.track, tr::EventKind::slice_end, a.stored, "partial", tr::Category::work,
              a.partial);
  }
}

// PHASE 2: the tickets in the order they were taken, kTicketSteps steps; each block's partial
// appears in the partials buffer with its ticket; a flow leaves each ticket for the merge.
inline int add_tickets(gridlock::LessonRun& run, std::vector<Arrival> by_ticket, int launch, int grid) {
  by_ticket.erase(
      std::remove_if(by_ticket.begin(), by_ticket.end(), [](const Arrival& a) { return a.ticket < 0; }),
      by_ticket.end());
  std::sort(by_ticket.begin(), by_ticket.end(),
            [](const Arrival& a, const Arrival& b) { return a.ticket < b.ticket; });
  for (const auto& [first, last] : gridlock::step_runs(by_ticket.size(), kTicketSteps)) {
    tr::Step& s =
        run.add_step("PHASE 2: take a ticket (the last-block guard)",
                     "tickets " + std::to_string(by_ticket[first].ticket) + "\xE2\x80\x93" +
                         std::to_string(by_ticket[last - 1].ticket) + " of " + std::to_string(grid),
                     "Each block fences, then thread 0 takes a ticket with atomicAdd; only ticket " +
                         std::to_string(grid - 1) +
                         " merges. The partials of the blocks that took these tickets are in the buffer.",
                     launch);
    tr::Snapshot partials{kPartials, {}, {}};
    for (size_t k = first; k < last; ++k) {
      const Arrival& a = by_ticket[k];
      gridlock::add_instant(s.events, a.track, a.ticket_at, "ticket " + std::to_string(a.ticket),
                            tr::Category::ticket, a.ticket)
          .flows_out.push_back(a.block);
      partials.items.push_back(a.block);
      partials.values.push_back(a.partial);
    }
    s.snapshots.push_back(partials);
  }
  return int(by_ticket.size());
}

// PHASE 3: the merging block's fold of what it loaded, its tree level by level, and its store.
inline void add_merge(gridlock::LessonRun& run, const gridlock::TreeRecording<int>& rec,
                      const Arrival& merger, const std::vector<int>& seen, const std::vector<int>& flows,
                      int launch, int block, int live, int first_warp_track, int total) {
  const int64_t base = int64_t(merger.block) * block;
  gridlock::RunClock& clock = run.clock();
  const auto [span_begin, span_end] = rec.block_span(merger.block, clock);
  const std::string label = "PHASE 3: the last block merges";
  tr::Step& fold =
      run.add_step(label, "block " + std::to_string(merger.block) + " loads every partial",
                   "Thread t loads partials[t], partials[t + " + std::to_string(block) +
                       "], ... (the values it really loaded are shown), then stores its sum in r[t].",
                   launch);
  fold.snapshots.push_back({kSeen, {}, {seen.begin(), seen.end()}});
  fold.ops.push_back(local(rec.fold_ops(tr::Operator::add, kAcc, kSeen, merger.block), base, live));
  tr::Operation store{tr::Operator::copy, kShared, kAcc, -1, {}, {}, {}, {}};
  for (int i = 0; i < live; ++i) store.dst.push_back(i), store.a.push_back(i), store.thread.push_back(i);
  fold.ops.push_back(store);
  fold.snapshots.push_back(local(rec.snapshot(kShared, merger.block, 0), live));
  add_event(fold.events, merger.track, tr::EventKind::slice_begin, std::max(span_begin, merger.ticket_at),
            "merge", tr::Category::work)
      .flows_in = flows;
  const std::vector<tr::Event> loads =
      rec.warp_events(merger.block, 0, first_warp_track, "load partials", clock);
  fold.events.insert(fold.events.end(), loads.begin(), loads.end());
  int level = 1;
  for (int size = block / 2; size > 0; size /= 2, ++level) {
    tr::Step& s = run.add_step(
        label, "tree level " + std::to_string(level) + ", size " + std::to_string(size),
        "Threads 0.." + std::to_string(size - 1) + " add r[t + " + std::to_string(size) + "] into r[t].",
        launch);
    s.ops.push_back(local(rec.combines(tr::Operator::add, kShared, merger.block, level), base, live));
    s.snapshots.push_back(local(rec.snapshot(kShared, merger.block, level), live));
    s.events =
        rec.warp_events(merger.block, level, first_warp_track, "level " + std::to_string(level), clock);
    if (size == 1)
      add_event(s.events, merger.track, tr::EventKind::slice_end, span_end, "merge", tr::Category::work,
                total);
  }
  tr::Step& done = run.add_step(label, "thread 0 stores the total",
                                "out.total = r[0] = " + std::to_string(total) + ".", launch);
  done.ops.push_back({tr::Operator::copy, kResult, kShared, -1, {0}, {0}, {}, {0}});
  done.snapshots.push_back({kResult, {}, {double(total)}});
}

inline void record_steps(gridlock::LessonRun& run, const std::string& variant) {
  const auto& o = run.options();
  const int grid = o.grid, block = o.block, n = input_size(variant, int(o.n), grid, block);
  const int levels = __builtin_ctz(unsigned(block));
  const std::vector<int> host = gridlock::random_ints(n, o.seed);
  const unsigned counter_start = variant == "counter-not-zeroed" ? unsigned(grid) : 0u;
  gridlock::DeviceBuffer<int> in(host), partials(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>{counter_start});
  gridlock::DeviceBuffer<Merged> out(1);
  partials.poison();
  seen.poison();
  out.poison();
  gridlock::EventRecording rec(grid, block, gridlock::EventRecording::Rows::per_block, 3);
  gridlock::TreeRecording<int> merge_rec({grid, block, 1 + levels, (grid + block - 1) / block});
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  launch<true>(
      variant, dim3(grid), block, in.get(), n,
      {tickets.get(), partials.get(), out.get(), rec.device_view(), merge_rec.device_view(), seen.get()});
  CUDA_CHECK_LAUNCH();
  rec.download();
  merge_rec.download();
  const Merged result = out.download_one();
  const std::vector<int> loaded = seen.download();

  tr::Trace& t = run.trace();
  std::vector<Arrival> all = arrivals(rec, grid, clock);
  declare(t, all, grid, block);
  const std::string form = variant == "shared-ticket" ? "shared_ticket"
                           : variant == "acquire"     ? "acquire"
                                                      : "syncthreads_or";
  const int launch_id =
      run.add_launch("partial_then_merge<" + form + ", " + std::to_string(block) + ">", grid, block);
  t.notices.push_back(
      "the input (" + std::to_string(n) +
      " elements) is not recorded; every partial was checked against the CPU's sum of its chunk");
  const int chunk = (n + grid - 1) / grid;
  for (const Arrival& a : all)
    if (a.ticket >= 0 && a.partial != cpu_sum(host, size_t(a.block) * chunk, size_t(chunk)))
      run.check_failed("block " + std::to_string(a.block) +
                       "'s partial differs from the CPU's sum of its chunk");

  add_partials(run, all, launch_id, chunk);
  const int took = add_tickets(run, all, launch_id, grid);
  std::vector<int> flows;
  for (const Arrival& a : all)
    if (a.ticket >= 0) flows.push_back(a.block);
  const bool merged = result.block != kPoison;
  if (merged) {
    Arrival merger = all[size_t(result.block)];
    const int first_warp = int(t.tracks.size());
    for (int w = 0; w < merge_rec.warps_per_block(); ++w)
      gridlock::add_warp_track(t, merger.track, merger.block, w, int(merger.sm));
    // Threads that summed nothing have left before the merge when that assumption is broken.
    const int live = variant == "idle-threads-leave" ? std::min(block, chunk) : block;
    for (int thread = 0; thread < live; ++thread)
      if (!merge_rec.load_run(merger.block, thread).evenly)
        run.check_failed("the merging block's loads were not evenly spaced");
    add_merge(run, merge_rec, merger, loaded, flows, launch_id, block, live, first_warp, result.total);
    // What out.total holds after the merge: the snapshot of its last step.
    tr::set_fact(t, "recorded.result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kResult, 0));
    // The merger's ticket event: its value is the ticket, its row the block and its SM.
    const tr::EventRef ticket =
        tr::find_event(t, merger.track, merger.ticket_at, tr::EventKind::instant, tr::Category::ticket);
    tr::set_fact(t, "recorded.merger", tr::event_block_fact(t, ticket));
    tr::set_fact(t, "recorded.merger_sm", tr::event_sm_fact(t, ticket));
    tr::set_fact(t, "recorded.merger_ticket", tr::event_value_fact(t, ticket));
  } else {
    // Nobody merged: the flows have nowhere to end but at the end of the run.
    tr::Step& s =
        run.add_step("PHASE 3: the last block merges", "no block took ticket " + std::to_string(grid - 1),
                     "No block merged: out was never written.", launch_id);
    const int64_t end = std::max_element(all.begin(), all.end(), [](const Arrival& a, const Arrival& b) {
                          return a.ticket_at < b.ticket_at;
                        })->ticket_at;
    gridlock::add_instant(s.events, all.front().track, end, "nobody merges", tr::Category::other).flows_in =
        flows;
    // No block merged: no event to take the block, its SM or its ticket from, so no such fact.
  }
  // Block by block, 1 where the merging block loaded its partial other than as the block stored it.
  std::vector<double> differs;
  for (const Arrival& a : all)
    differs.push_back(merged && a.ticket >= 0 && loaded[size_t(a.block)] != a.partial);
  const int loads = tr::add_series(
      t, {"merging block loaded a partial other than as stored (1 a block)", "blocks", differs, true, 0});
  tr::set_fact(t, "recorded.stale_loads", tr::series_sum_fact(t, loads));
  const Arrival *first_ticket = nullptr, *last_ticket = nullptr;
  for (const Arrival& a : all) {
    if (a.ticket < 0) continue;
    if (!first_ticket || a.ticket_at < first_ticket->ticket_at) first_ticket = &a;
    if (!last_ticket || a.ticket_at > last_ticket->ticket_at) last_ticket = &a;
  }
  // One ticket event per ticket taken (add_tickets).
  const tr::FactValue ticket_events = tr::event_count_fact(t, tr::Category::ticket);
  if (int(ticket_events.value) != took)
    run.check_failed("the trace holds another count of tickets than were taken");
  tr::set_fact(t, "recorded.tickets_taken", ticket_events);
  // From the first ticket taken to the last, as the ticket events hold them.
  if (first_ticket != nullptr) {
    auto ticket = [&](const Arrival* a) {
      return tr::find_event(t, a->track, a->ticket_at, tr::EventKind::instant, tr::Category::ticket);
    };
    tr::set_fact(t, "recorded.ticket_span",
                 tr::duration_fact(t, ticket(first_ticket), ticket(last_ticket), tr::FactUnit::us, 2));
  }
  // Where no block merged, nothing holds a result: no recorded.result.
  // Text alone: the CPU's sum of an input the trace does not record (see its notice).
  t.facts["recorded.expected"] = std::to_string(cpu_sum(host, 0, host.size()));
  gridlock::note_dropped(t, rec.dropped());
}

}  // namespace g1
