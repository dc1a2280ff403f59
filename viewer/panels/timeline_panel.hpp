// The current step on the clock: one row per warp (or block, stream, lock), its slices as bars
// (work in the warp's colour, waiting at a barrier in grey), instants as ticks.
#pragma once

#include <cstdint>
#include <string>

#include "model/timeline.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// What the panel keeps between frames, per open trace: the timeline of the step last shown, so
// the events are paired into slices once per step rather than once per frame.
struct TimelinePanelState {
  int step = -1;
  StepTimeline timeline;
  std::string busiest;       // the row with the most work (not waiting) in that step
  int64_t busiest_ns = -1;
};

// Fills the current window with the timeline of `step`.
void draw_timeline_panel(TimelinePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts);

// One row's bars and ticks between x0 and x1 (the whole of the timeline's span) and y0 and y1.
// `marks`: whether instants get their ticks (too small to read in a miniature).
void paint_timeline_row(ImDrawList* list, const StepTimeline& timeline, const TimelineRow& row, float x0,
                        float x1, float y0, float y1, bool marks = true);

}  // namespace gridlock::viewer
