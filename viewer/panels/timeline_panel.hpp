// The current step on the clock: one row per warp (or block, stream, lock), its slices as bars
// (work in the warp's colour, waiting at a barrier in grey), instants as ticks.
#pragma once

#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// Fills the current window with the timeline of `step`.
void draw_timeline_panel(const trace::Trace& trace, int step, const Fonts& fonts);

}  // namespace gridlock::viewer
