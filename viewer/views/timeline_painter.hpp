// Painting timeline rows into an ImGui draw list: slices coloured by their category, instants as
// marks, counters as step lines, flows as arrows. Used by the timeline panel and by the gallery's
// thumbnails.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "model/timeline.hpp"

namespace gridlock::viewer {

// Where a step's time goes across the screen: begin_ns at x0, the step's last event at x1.
struct TimeAxis {
  int64_t begin_ns = 0;
  double span_ns = 1;
  float x0 = 0, x1 = 1;
  float x_of(int64_t t) const {
    return x0 + static_cast<float>(static_cast<double>(t - begin_ns) / span_ns) * (x1 - x0);
  }
  int64_t t_at(float x) const {
    return begin_ns + static_cast<int64_t>((x - x0) / (x1 - x0) * static_cast<float>(span_ns));
  }
};

// The axis of the whole of `timeline` between x0 and x1.
TimeAxis time_axis(const StepTimeline& timeline, float x0, float x1);

// One row's slices, counters and (with `marks`; too small to read in a miniature) instants,
// between y0 and y1.
void paint_timeline_row(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1,
                        bool marks = true);

// The flows whose both ends are in view: `row_centre[r]` is the y of row r's middle, and a row
// outside the list's clip rectangle counts as out of view.
void paint_flows(ImDrawList* list, const TimeAxis& axis, const StepTimeline& timeline,
                 const std::vector<float>& row_centre);

}  // namespace gridlock::viewer
