// Painting timeline rows and the flows between them.
#include "views/timeline_painter.hpp"

#include <algorithm>
#include <cmath>

#include "style.hpp"

namespace gridlock::viewer {

namespace {

void paint_slices(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float inset_step = std::min(2.0f, (y1 - y0) * 0.15f);
  const float rounding = std::min(2.0f, 0.3f * (y1 - y0));
  for (const TimelineSlice& s : row.slices) {
    const float a = axis.x_of(s.begin_ns), b = std::max(axis.x_of(s.end_ns), a + 1.5f);
    const float inset = static_cast<float>(s.depth) * inset_step;
    list->AddRectFilled(ImVec2(a, y0 + inset), ImVec2(b, y1 - inset), colour::category(s.category), rounding);
  }
}

// Each counter as a step line across the row, scaled to its own range (a constant counter runs
// through the middle), with a dot at every sample.
void paint_counters(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float pad = std::min(2.0f, 0.2f * (y1 - y0));
  for (const CounterSeries& c : row.counters) {
    auto y_of = [&](double v) {
      const double t = c.max > c.min ? (v - c.min) / (c.max - c.min) : 0.5;
      return y1 - pad - static_cast<float>(t) * (y1 - y0 - 2 * pad);
    };
    for (std::size_t i = 0; i < c.samples.size(); ++i) {
      const CounterSample& s = c.samples[i];
      const float x = axis.x_of(s.t_ns), y = y_of(s.value);
      const float next = i + 1 < c.samples.size() ? axis.x_of(c.samples[i + 1].t_ns) : axis.x1;
      list->AddLine(ImVec2(x, y), ImVec2(next, y), colour::counter, 1.5f);
      if (i + 1 < c.samples.size())
        list->AddLine(ImVec2(next, y), ImVec2(next, y_of(c.samples[i + 1].value)), colour::counter, 1.0f);
      list->AddCircleFilled(ImVec2(x, y), 2.5f, colour::counter);
    }
  }
}

// A thin line through the row and a triangle on top, in the instant's category colour.
void paint_instants(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float half = std::clamp(0.35f * (y1 - y0), 3.0f, 6.0f);
  for (const TimelineInstant& i : row.instants) {
    const float x = axis.x_of(i.t_ns);
    list->AddLine(ImVec2(x, y0), ImVec2(x, y1), colour::accent, 1.5f);
    const ImVec2 a(x - half, y0 - 1), b(x + half, y0 - 1), c(x, y0 + 1.4f * half);
    list->AddTriangleFilled(a, b, c, colour::category(i.category));
    list->AddTriangle(a, b, c, colour::accent, 1.0f);
  }
}

bool in_clip(ImDrawList* list, float y) {
  return y >= list->GetClipRectMin().y && y <= list->GetClipRectMax().y;
}

}  // namespace

TimeAxis time_axis(const StepTimeline& timeline, float x0, float x1) {
  TimeAxis axis;
  axis.begin_ns = timeline.begin_ns;
  axis.span_ns = std::max<double>(1.0, static_cast<double>(timeline.end_ns - timeline.begin_ns));
  axis.x0 = x0;
  axis.x1 = x1;
  return axis;
}

void paint_timeline_row(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1,
                        bool marks) {
  paint_slices(list, axis, row, y0, y1);
  paint_counters(list, axis, row, y0, y1);
  if (marks) paint_instants(list, axis, row, y0, y1);
}

void paint_flows(ImDrawList* list, const TimeAxis& axis, const StepTimeline& timeline,
                 const std::vector<float>& row_centre) {
  for (const TimelineFlow& f : timeline.flows) {
    if (f.from_row >= row_centre.size() || f.to_row >= row_centre.size()) continue;
    const ImVec2 a(axis.x_of(f.from_ns), row_centre[f.from_row]);
    const ImVec2 b(axis.x_of(f.to_ns), row_centre[f.to_row]);
    if (!in_clip(list, a.y) || !in_clip(list, b.y)) continue;
    // A curve leaving and entering horizontally; the arrow head points along its last stretch.
    const float bend = std::max(12.0f, 0.4f * std::fabs(b.x - a.x));
    const ImVec2 c1(a.x + bend, a.y), c2(b.x - bend, b.y);
    list->AddBezierCubic(a, c1, c2, b, colour::flow, 1.8f);
    list->AddCircleFilled(a, 3.0f, colour::flow);
    const float head = 7.0f;
    list->AddTriangleFilled(b, ImVec2(b.x - head, b.y - 0.6f * head), ImVec2(b.x - head, b.y + 0.6f * head),
                            colour::flow);
  }
}

}  // namespace gridlock::viewer
