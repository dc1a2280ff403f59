// Writes a lockstep recording as trace tracks and steps (trace_steps.hpp); the buffers, snapshots
// and operations come from trace_values.hpp.
#include "simt/trace_steps.hpp"

#include <algorithm>
#include <stdexcept>

#include "simt/trace_values.hpp"

namespace gridlock::simt {
namespace {

namespace tr = gridlock::trace;
using tr::make_event;

tr::Track track(int id, tr::TrackKind kind, const std::string& name, int parent, int lane) {
  const bool in_the_warp = kind == tr::TrackKind::warp || kind == tr::TrackKind::lane;
  return {id, kind, name, parent, -1, in_the_warp ? 0 : -1, in_the_warp ? 0 : -1, lane, -1};
}

void declare_tracks(const Warp& warp, tr::Trace& t) {
  t.tracks.push_back(track(kWarpTrack, tr::TrackKind::warp, "warp 0", -1, -1));
  for (int lane = 0; lane < kLanes; ++lane)
    t.tracks.push_back(
        track(lane_track(lane), tr::TrackKind::lane, "lane " + std::to_string(lane), kWarpTrack, lane));
  for (size_t w = 0; w < warp.word_names.size(); ++w)
    t.tracks.push_back(track(word_track(int(w)), tr::TrackKind::memory, warp.word_names[w], -1, -1));
}

// "pc 0: old = atomicCAS(lock.state, 0, 1)"
std::string instruction_text(const Recording& run, size_t tick) {
  const int pc = run.ticks[tick].issue.pc;
  return "pc " + std::to_string(pc) + ": " + to_text(run.program[size_t(pc)]);
}

void add_slice(tr::Step& s, int track, int64_t begin, const std::string& name, tr::Category category) {
  s.events.push_back(make_event(track, tr::EventKind::slice_begin, begin, name, category));
  s.events.push_back(make_event(track, tr::EventKind::slice_end, begin + 1, name, category));
}

// A slice per lane that has not exited: the instruction for an active lane, a wait at the pc its
// path resumes at for the others; and the warp's slice, with its lanes' category where they agree.
void add_slices(const Recording& run, size_t tick, const ActiveLaneCategory& category, tr::Step& s) {
  const Issue& issue = run.ticks[tick].issue;
  const auto t = static_cast<int64_t>(tick);
  const std::string what = instruction_text(run, tick);
  tr::Step lanes;
  std::vector<tr::Category> active;
  for (int lane = 0; lane < kLanes; ++lane) {
    if (has_lane(run.warp_before(tick).exited, lane)) continue;
    if (has_lane(issue.active, lane)) {
      active.push_back(category(tick, lane));
      add_slice(lanes, lane_track(lane), t, what, active.back());
    } else {
      const int pc = next_pc_of(run.stack_before(tick), lane);
      add_slice(lanes, lane_track(lane), t, "wait at pc " + std::to_string(pc), tr::Category::wait);
    }
  }
  const bool alike =
      std::all_of(active.begin(), active.end(), [&](tr::Category c) { return c == active[0]; });
  add_slice(s, kWarpTrack, t, what, alike && !active.empty() ? active[0] : tr::Category::work);
  s.events.insert(s.events.end(), lanes.events.begin(), lanes.events.end());
}

// A counter per memory word: its value at the start, and whenever it changes.
void add_counters(const Recording& run, size_t tick, tr::Step& s) {
  const Warp& before = run.warp_before(tick);
  const Warp& after = run.ticks[tick].warp;
  for (size_t w = 0; w < after.words.size(); ++w) {
    const int track = word_track(static_cast<int>(w));
    const std::string& name = after.word_names[w];
    if (tick == 0)
      s.events.push_back(
          make_event(track, tr::EventKind::counter, 0, name, tr::Category::other, before.words[w]));
    if (after.words[w] != before.words[w])
      s.events.push_back(make_event(track, tr::EventKind::counter, int64_t(tick) + 1, name,
                                    tr::Category::other, after.words[w]));
  }
}

tr::Step new_step(const Recording& run, size_t tick, const tr::Trace& t, int launch) {
  const Instruction& i = run.program[size_t(run.ticks[tick].issue.pc)];
  const tr::LineRange lines = tr::find_phase_lines(t.sources.at(0).text, i.phase);
  if (lines.begin == 0)
    throw std::invalid_argument("\"" + i.phase + "\" is not one phase comment of " + t.sources[0].file);
  tr::Step s;
  s.label = i.phase;
  s.detail = instruction_text(run, tick) + " \u00b7 " + lanes_text(run.ticks[tick].issue.active) +
             " active \u00b7 stack depth " + std::to_string(run.stack_before(tick).size());
  s.line_begin = lines.begin;
  s.line_end = lines.end;
  s.launch = launch;
  return s;
}

}  // namespace

void add_steps(const Recording& run, const ActiveLaneCategory& category, int launch, trace::Trace& t) {
  const TraceLayout layout(run);
  declare_buffers(layout, run.start, t);
  declare_tracks(run.start, t);
  for (size_t tick = 0; tick < run.ticks.size(); ++tick) {
    tr::Step s = new_step(run, tick, t, launch);
    if (tick == 0) snapshot_constants(layout, s);
    add_transfers(layout, run.ticks[tick].issue.transfers, s);
    add_stack_writes(layout, run.stack_before(tick), run.ticks[tick].stack, s);
    snapshot_state(layout, run.ticks[tick].warp, run.ticks[tick].stack, s);
    add_slices(run, tick, category, s);
    add_counters(run, tick, s);
    t.steps.push_back(std::move(s));
  }
}

}  // namespace gridlock::simt
