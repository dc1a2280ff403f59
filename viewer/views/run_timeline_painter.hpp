// Painting the whole-run timeline (views/timeline_view.cpp): rows nested in groups with a gutter
// of labels and fold marks, collapsed groups as summaries, flows across rows, the time cursor
// with what lies after it dimmed. Geometry first (RunLayout), then paint_* into a draw list.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

#include "model/run_timeline.hpp"
#include "style.hpp"
#include "views/timeline_painter.hpp"

namespace gridlock::viewer {

// Where a run of rows goes on screen, top to bottom.
struct RunLayout {
  float gutter_x0 = 0;  // labels from here to plot_x0
  float plot_x0 = 0, plot_x1 = 0;
  TimeAxis axis;
  std::vector<int> rows;   // indices into RunTimeline::rows
  std::vector<float> top;  // each row's top, pixels
  std::vector<float> height;
  float base_h = 10;  // a plain row's height
  float bottom() const { return top.empty() ? 0.0f : top.back() + height.back(); }
  // The entry (index into rows) under y, or -1.
  int at(float y) const;
};

// The height of `row` when plain rows are `base` high: rows with counters are taller.
float run_row_height(const RunTimeline& run, int row, float base, float scale);

// Lays `rows` out from `y0` down; group rows at least `group_h` high (room for their names).
RunLayout layout_run_rows(const RunTimeline& run, const std::vector<int>& rows, float y0, float base,
                          float scale, float group_h = 0.0f);

// The text a row's label shows in the gutter: its name; a counter row adds its value at `t`.
std::string run_row_label(const RunTimeline& run, int row, int64_t t);

struct RunPaint {
  const RunTimeline& run;
  const Collapsed& collapsed;
  const Fonts& fonts;
  ImDrawList* list;
  int64_t cursor_ns = 0;
  int hovered = -1;        // the row under the pointer, -1: none
  int step = -1;           // the current step: of many flows, only its own are drawn
  bool all_flows = false;  // draw every flow however many there are
};

// Row backgrounds (group rows shaded), each row's events, and a collapsed group's summary.
void paint_run_rows(const RunPaint& p, const RunLayout& g);

// The gutter: names indented by depth, fold marks on groups. Rows too thin for text get a name
// where there is room since the last, with a tick pointing at its row.
void paint_run_labels(const RunPaint& p, const RunLayout& g);

// The flows between shown rows (an end inside a collapsed group goes to the group's row); those
// of the hovered row stand out. Of more than kManyFlows, only the current step's are drawn (and
// the hovered row's), unless all_flows, or the step starts none and there are at most 4 * kManyFlows
// (then all of them, fainter).
inline constexpr std::size_t kManyFlows = 60;
void paint_run_flows(const RunPaint& p, const RunLayout& g);

// The cursor line from y0 to y1, and a veil over what lies after it.
// With `curtain` (a question open: model/questions.hpp) what lies after `t` is covered whole.
void paint_time_cursor(ImDrawList* list, const TimeAxis& axis, int64_t t, float y0, float y1,
                       bool curtain = false);

// The tooltip for the pointer at x = mx over `row`: its events, or a collapsed group's summary.
void run_row_tooltip(const RunPaint& p, const TimeAxis& axis, int row, float mx);

// "SM" for sm tracks, the kind's name otherwise; with `plural`, "SMs", "blocks".
std::string kind_name(trace::TrackKind kind, bool plural);

}  // namespace gridlock::viewer
