// Painting timelines into an ImGui draw list: slices coloured by their category, instants as
// ticks, counters as step graphs, flows as arrows, the time axis, the legend and the tooltip of a
// row. Shared by the whole-run timeline view, the step timeline panel and the thumbnails.
#pragma once

#include <imgui.h>

#include <cfloat>
#include <cstdint>
#include <string>
#include <vector>

#include "model/time_range.hpp"
#include "model/timeline.hpp"
#include "style.hpp"

namespace gridlock::viewer {

// Where time goes across the screen: begin_ns at x0, begin_ns + span_ns at x1.
struct TimeAxis {
  int64_t begin_ns = 0;
  double span_ns = 1;
  float x0 = 0, x1 = 1;
  trace::TimeUnit unit = trace::TimeUnit::ns;  // what the clock counts: the labels say it
  float x_of(int64_t t) const {
    return x0 + static_cast<float>(static_cast<double>(t - begin_ns) / span_ns) * (x1 - x0);
  }
  int64_t t_at(float x) const {
    return begin_ns + static_cast<int64_t>(static_cast<double>(x - x0) / (x1 - x0) * span_ns);
  }
};

// The axis of the whole of `timeline` between x0 and x1.
TimeAxis time_axis(const StepTimeline& timeline, float x0, float x1);
// The axis of a range between x0 and x1, on a clock that counts `unit`.
TimeAxis time_axis(const TimeRange& range, float x0, float x1, trace::TimeUnit unit = trace::TimeUnit::ns);

// Rectangles along one row, painted merged where they meet or overlap on screen (within a
// pixel) and share a colour and height; rounded only where wide enough to show it. Zoomed out,
// thousands of slices fall on a few hundred pixels, and a rounded, anti-aliased rectangle is
// dozens of triangles where a plain one is two: on a software renderer the triangles, not the
// pixels, were most of a frame. Rectangles must come in order of their left edges.
class RowRects {
 public:
  RowRects(ImDrawList* list, float rounding) : list_(list), rounding_(rounding) {}
  ~RowRects() { flush(); }
  RowRects(const RowRects&) = delete;
  RowRects& operator=(const RowRects&) = delete;
  void add(float a, float b, float y0, float y1, ImU32 colour);
  void flush();

 private:
  struct Run {
    float a = 0, b = 0, y0 = 0, y1 = 0;
    ImU32 colour = 0;
    bool open = false;
  };
  ImDrawList* list_;
  float rounding_;
  Run run_;
};

// One row's slices, counters and (with `marks`; too small to read in a miniature or a row a few
// pixels high) instants, between y0 and y1. What lies left or right of the list's clip
// rectangle is skipped.
void paint_timeline_row(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1,
                        bool marks = true);

// A flow arrow from a to b: a curve leaving and entering horizontally, a dot at its start.
void paint_flow(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float thickness = 1.6f);

// The flows whose both ends are in view: `row_centre[r]` is the y of row r's middle, and a row
// outside the list's clip rectangle counts as out of view.
void paint_flows(ImDrawList* list, const TimeAxis& axis, const StepTimeline& timeline,
                 const std::vector<float>& row_centre);

// Tick lines from y_top to y_bottom at round times, with `labels` at y_label: the time since
// the clock's origin, or since `origin` when it is given. No label begins left of `labels_from_x`
// (where the cursor's time is written).
void paint_time_ticks(ImDrawList* list, const Fonts& fonts, const TimeAxis& axis, float y_label, float y_top,
                      float y_bottom, int64_t origin = 0, bool labels = true, float labels_from_x = -FLT_MAX);

// The categories as swatches with names, then "counter" and "flow" where present, left to right
// from the cursor as far as `width` allows; one text line high, as one item.
void draw_timeline_legend(const Fonts& fonts, const std::vector<trace::Category>& categories, bool counters,
                          bool flows, float width);

// The tooltip for what lies under x = mx in a row: an instant, else a counter's value, else the
// innermost slice. Times read from `origin`. False when nothing is there.
bool timeline_row_tooltip(const TimeAxis& axis, const TimelineRow& row, const std::string& name, float mx,
                          int64_t origin = 0);

}  // namespace gridlock::viewer
