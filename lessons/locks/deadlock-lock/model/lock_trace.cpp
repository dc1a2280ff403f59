// Assembles the trace of one L3 model run (lock_trace.hpp).
#include "lock_trace.hpp"

#include <algorithm>
#include <stdexcept>

#include "simt/trace_steps.hpp"

namespace l3::model {

namespace simt = gridlock::simt;
namespace tr = gridlock::trace;

const char* const kModelDescription =
    "A host C++ model of the pre-Volta lockstep scheduler (lessons/common/simt) running a hand transcription "
    "of the kernel (sources[1]). Modelled: one warp of 32 lanes of one block; the lanes share one program "
    "counter, and a SIMT reconvergence stack (entries: pc, active mask, reconvergence pc) holds the paths "
    "that diverged; a divergent branch turns the top entry into the reconvergence entry (or drops it if it "
    "already reconverges there) and pushes the fall-through path, then the taken path, so the taken path "
    "(the one that stays in a loop) runs first, and a path that starts at the reconvergence pc is not "
    "pushed; an entry is popped at its reconvergence "
    "pc or when its lanes have exited; one warp instruction per tick; the atomics of one instruction are "
    "applied lane by lane, lane 0 first; memory is sequentially consistent (no caches, no reordering). Not "
    "modelled: other warps and blocks, latencies, the compiler's own code, the watchdog poll and the "
    "recorder calls of kernels.cuh, and the independent thread scheduling of Volta and later GPUs. The run "
    "stops when the whole state (stack, registers, memory) repeats, after which no lane can ever progress, "
    "or at a bound on the instructions issued.";

namespace {

constexpr const char* kHoldsTheLock = "holds the lock";

// The first event of `kind` on `track` in a step: the lane's slice for the instruction.
tr::Event& first_event(tr::Step& s, int track, tr::EventKind kind) {
  for (tr::Event& e : s.events)
    if (e.track == track && e.kind == kind) return e;
  throw std::logic_error("a lane without a slice in a step");
}

void add_event(tr::Step& s, int lane, tr::EventKind kind, int64_t t) {
  s.events.push_back({simt::lane_track(lane), kind, t, kHoldsTheLock, tr::Category::critical, 0, {}, {}});
}

// A critical slice from the tick after a lane takes the lock to the tick after it gives it back
// (or the end of the trace), around the lane's per-instruction slices, and a flow from each
// release to the next acquisition.
void add_lock_holders(const LockRun& run, tr::Trace& t) {
  int flows = 0;
  int release_tick = -1, releaser = -1;  // the last release, waiting for the next acquisition
  for (size_t tick = 0; tick < t.steps.size(); ++tick) {
    tr::Step& s = t.steps[tick];
    const auto end = static_cast<int64_t>(tick) + 1;
    if (const int lane = run.given_back_by[tick]; lane >= 0) {
      add_event(s, lane, tr::EventKind::slice_end, end);
      release_tick = static_cast<int>(tick);
      releaser = lane;
    }
    if (const int lane = run.taken_by[tick]; lane >= 0) {
      if (release_tick >= 0) {
        tr::Step& released = t.steps[static_cast<size_t>(release_tick)];
        first_event(released, simt::lane_track(releaser), tr::EventKind::slice_end)
            .flows_out.push_back(flows);
        first_event(s, simt::lane_track(lane), tr::EventKind::slice_begin).flows_in.push_back(flows++);
        release_tick = -1;
      }
      add_event(s, lane, tr::EventKind::slice_begin, end);
    }
  }
  if (const int holder = run.holder_after.empty() ? -1 : run.holder_after.back(); holder >= 0)
    add_event(t.steps.back(), holder, tr::EventKind::slice_end, static_cast<int64_t>(t.steps.size()));
}

// The first flow id no event of the trace uses yet.
int next_flow(const tr::Trace& t) {
  int next = 0;
  for (const tr::Step& s : t.steps)
    for (const tr::Event& e : s.events)
      for (int f : e.flows_out) next = std::max(next, f + 1);
  return next;
}

// The moment the lesson is about: a lane that holds the lock waits while the warp runs the lanes
// that spin for it, so it cannot reach its release. Marked at the first such tick of each hold,
// inside the lane's wait, and joined by a flow to its taking of the lock.
void add_waiting_holders(const LockRun& run, tr::Trace& t) {
  int flow = next_flow(t);
  size_t took_at = 0;
  bool marked = true;  // whether the current hold has its moment (no hold yet: nothing to mark)
  for (size_t tick = 0; tick < t.steps.size(); ++tick) {
    const int holder = run.holder_before(tick);
    const simt::Issue& issue = run.recording.ticks[tick].issue;
    const bool waits = holder >= 0 && !simt::has_lane(issue.active, holder) &&
                       !simt::has_lane(run.recording.warp_before(tick).exited, holder);
    if (waits && !marked) {
      const int track = simt::lane_track(holder);
      std::vector<tr::Event>& taken = t.steps[took_at].events;
      const auto take = std::find_if(taken.begin(), taken.end(), [&](const tr::Event& e) {
        return e.track == track && e.kind == tr::EventKind::slice_begin &&
               e.category == tr::Category::critical;
      });
      if (take == taken.end()) throw std::logic_error("a hold without its taking of the lock");
      take->flows_out.push_back(flow);
      const int pc = simt::next_pc_of(run.recording.stack_before(tick), holder);
      tr::Event moment{
          track,
          tr::EventKind::instant,
          static_cast<int64_t>(tick),
          "lane " + std::to_string(holder) + " holds the lock and waits at pc " + std::to_string(pc),
          tr::Category::waiting_holder,
          0,
          {},
          {flow++}};
      std::vector<tr::Event>& events = t.steps[tick].events;
      events.insert(std::next(std::find_if(events.begin(), events.end(),
                                           [&](const tr::Event& e) {
                                             return e.track == track && e.kind == tr::EventKind::slice_begin;
                                           })),
                    moment);
      marked = true;
    }
    if (run.taken_by[tick] >= 0) took_at = tick, marked = false;
  }
}

std::vector<std::string> notices(const LockRun& run) {
  std::vector<std::string> out = {
      "Modelled, not measured: a host C++ model of the pre-Volta lockstep scheduler produced this trace; no "
      "GPU ran it. Times are ticks of one warp instruction each.",
      "The model's program (sources[1]) transcribes " + run.kernel.name +
          " without the watchdog poll and the recorder calls of kernels.cuh."};
  const simt::RunResult& r = run.recording.result;
  if (r.outcome == simt::Outcome::deadlocked)
    out.push_back("The model stops at the first repeated state: the state after instruction " +
                  std::to_string(r.instructions) + " is the state after instruction " +
                  std::to_string(r.cycle_start) + ", so instructions " + std::to_string(r.cycle_start + 1) +
                  "\u2013" + std::to_string(r.instructions) +
                  " would repeat forever. Slices still open there end with the trace.");
  return out;
}

}  // namespace

tr::Trace lock_trace(const LockRun& run, const TraceHeader& header, const Findings& findings) {
  tr::Trace t;
  t.lesson_id = "deadlock-lock";
  t.lesson_title = header.title;
  t.technique = "L3";
  t.variant = header.variant;
  t.producer = {tr::ProducerKind::model, {}, kModelDescription, "deadlock-lock-model", header.recorded_at};
  t.clock = {"model: one warp instruction per tick", 1, "the first instruction", tr::TimeUnit::tick};
  t.parameters = {
      {"blocks", 1}, {"warps", 1}, {"lanes", simt::kLanes}, {"step_bound", double(header.step_bound)}};
  t.sources = header.sources;
  t.launches = {{0, run.kernel.name, -1, -1, 1, simt::kLanes}};
  simt::add_steps(
      run.recording, [&](size_t tick, int lane) { return active_lane_category(run, tick, lane); }, 0, t);
  for (size_t tick = 0; tick < t.steps.size(); ++tick) t.steps[tick].note = note_of(run, tick);
  add_lock_holders(run, t);
  add_waiting_holders(run, t);
  t.claims = findings.claims;
  if (!header.facts_of.empty()) add_run_facts(run, header.facts_of, t);
  t.notices = notices(run);
  t.exit_code = findings.as_expected ? 0 : 1;
  return t;
}

}  // namespace l3::model
