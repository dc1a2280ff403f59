// The current step on the clock: one row per warp (or block, stream, lock), its slices as bars
// coloured by category, instants as marks, counters as step lines, flows as arrows; a legend of
// the categories the step uses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/timeline.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// What the panel keeps between frames, per open trace: the timeline of the step last shown, so
// the events are paired into slices once per step rather than once per frame.
struct TimelinePanelState {
  int step = -1;
  StepTimeline timeline;
  std::vector<trace::Category> categories;  // in the step, for the legend
  std::string busiest;                      // the row with the most work (not waiting) in that step
  int64_t busiest_ns = -1;
};

// Fills the current window with the timeline of `step`.
void draw_timeline_panel(TimelinePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts);

}  // namespace gridlock::viewer
