// A recorded lockstep run as trace steps: the memory words, registers and SIMT stack as buffers;
// the warp, its lanes and the memory words as tracks; one step per warp instruction issued, on a
// clock that advances one tick per instruction.
#pragma once

#include <functional>

#include "simt/recording.hpp"
#include "trace/trace.hpp"

namespace gridlock::simt {

// Track ids: the warp, then its 32 lanes (children of the warp), then one per memory word.
inline constexpr int kWarpTrack = 0;
inline constexpr int lane_track(int lane) { return 1 + lane; }
inline constexpr int word_track(int word) { return 1 + kLanes + word; }

// The category of what an active lane does in a tick, in the lesson's terms (work, spin, ...).
using ActiveLaneCategory = std::function<trace::Category(size_t tick, int lane)>;

// Declares the run's buffers and tracks in `t` and appends one step per tick, from t = tick to
// tick + 1. The label is the instruction's phase, with its lines in t.sources[0]; the detail names
// the pc, the instruction, the active lanes and the stack depth it was issued at. Snapshots and
// operations show every value that changed: the instruction's transfers, and the scheduler's
// writes to the stack (pcs copied from the constants, masks summed from the lane bits). The warp
// and each lane get a slice per tick: an active lane runs the instruction (category from
// `category`), a masked-off lane waits at the pc its path resumes at (wait), an exited lane has
// none. A memory word's track gets a counter at the start and whenever the word changes. Notes
// are left to the lesson. Throws std::invalid_argument for a phase that is not exactly one phase
// comment of t.sources[0].
void add_steps(const Recording& run, const ActiveLaneCategory& category, int launch, trace::Trace& t);

}  // namespace gridlock::simt
