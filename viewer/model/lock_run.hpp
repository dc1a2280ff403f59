// What a lock view shows, derived once from a trace: the lanes that fight over a lock (a row per
// block, warp or thread that holds or spins), who held the lock when, the hand-offs between
// holders, how hard the others spun per time bucket, and the shared words' values over time.
// For a model of the lockstep scheduler (WarpModel): each lane's state at every step, the SIMT
// reconvergence stack, and the step from which the warp repeats itself forever. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/run_timeline.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// One stretch of time a lane held the lock (its critical slices merged where they touch).
struct LockHold {
  int lane = 0;  // index into LockRun::lanes
  int64_t begin_ns = 0, end_ns = 0;
};

// The lock passing from one lane to the next.
struct LockHandoff {
  int from_lane = 0, to_lane = 0;
  int64_t from_ns = 0, to_ns = 0;
};

struct LockRun {
  RunTimeline run;
  std::vector<int> lanes;               // rows of run: leaf tracks with critical or spin slices, in run order
  std::vector<std::string> lane_names;  // the row's name, with its block's where the tracks are threads
  std::vector<LockHold> holds;          // in order of their begin
  std::vector<LockHandoff> handoffs;    // the flows into holds on other lanes, else successive holds
  std::vector<int> counters;            // rows of run that hold counters (the shared words)
  int64_t begin_ns = 0, end_ns = 0;
  bool modelled = false;      // produced by a model, not measured on a GPU
  int64_t spin_attempts = 0;  // over every spin slice (each counts its value, at least 1)
};

// Whether a trace shows a lock being held: slices of category critical (a lock track alone is not
// enough: a variant that takes no lock may still declare one; spinning alone may be a barrier).
bool has_lock(const trace::Trace& trace);

LockRun lock_run(const trace::Trace& trace);

// The lane holding the lock at t, or -1 when nobody does.
int owner_at(const LockRun& lock, int64_t t);

// What lane `lane` (an index into lock.lanes) does at `t`, in words for a tooltip: "holds the
// lock 1.16 ms – 1.17 ms", "spins on the lock: 12 attempts from 1.02 ms", or its slice's name;
// empty when it does nothing recorded then.
std::string lane_state_text(const LockRun& lock, int lane, int64_t t);

// Spin attempts per lane and time bucket: each spin slice spreads its attempts (its value, at
// least 1) evenly over its time; cells[lane * buckets + b], and all lanes together in total[b].
struct SpinHeat {
  int buckets = 0;
  int64_t begin_ns = 0, end_ns = 0;
  std::vector<double> cells;
  std::vector<double> total;
  double cell_max = 0, total_max = 0;
  double at(int lane, int bucket) const {
    return cells[static_cast<std::size_t>(lane) * static_cast<std::size_t>(buckets) +
                 static_cast<std::size_t>(bucket)];
  }
};
SpinHeat spin_heat(const LockRun& lock, int buckets, int64_t begin_ns, int64_t end_ns);

// A lane's part in one step of a model's warp.
enum class LaneState { inactive, work, critical, spin, wait };

struct StackEntry {
  int pc = 0;
  uint32_t mask = 0;    // the lanes on this path
  int reconverge = -1;  // the pc where they join the entry below; -1: none (the bottom)
};

struct WarpStep {
  std::string instruction;           // what the warp issued (the warp track's slice)
  int64_t begin_ns = 0, end_ns = 0;  // its tick
  std::vector<LaneState> lanes;      // per lane
  std::vector<bool> holds_lock;      // per lane: in a critical slice that lasts past the tick
  std::vector<StackEntry> stack;     // after the step, bottom first
};

struct WarpModel {
  std::string warp;  // the warp track's name
  int lane_count = 0;
  std::vector<WarpStep> steps;
  // The whole state (every buffer: stack, registers, memory) after step cycle_end equals the
  // state after step cycle_start - 1, so steps cycle_start..cycle_end repeat forever and no lane
  // can progress: the deadlock. -1: the state never repeats.
  int cycle_start = -1, cycle_end = -1;
  bool deadlocked() const { return cycle_start >= 0; }
};

// Whether a trace is a model's run of one warp with its reconvergence stack recorded (buffers
// named "stack: pc", "stack: active mask", "stack: reconvergence pc").
bool has_warp_model(const trace::Trace& trace);

WarpModel warp_model(const trace::Trace& trace);

const char* lane_state_name(LaneState state);

}  // namespace gridlock::viewer
