// Painting timeline rows, flows, time ticks, the legend and row tooltips.
#include "views/timeline_painter.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "format.hpp"
#include "render/pixel_layer.hpp"
#include "trace/moment.hpp"

namespace gridlock::viewer {

namespace {

// Slices that meet or overlap on screen (within a pixel), one after the other in the row with the
// same depth and category, are painted as one rectangle; only rectangles wide enough to show it
// get rounded corners. Zoomed out, thousands of slices fall on a few hundred pixels, and a
// rounded, anti-aliased rectangle is dozens of triangles where a plain one is two: on a software
// renderer the triangles, not the pixels, were most of a frame.
// Each depth merged on its own, the outer depths painted first (a slice lies inside its parent).
void paint_slices(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float inset_step = std::min(2.0f, (y1 - y0) * 0.15f);
  const float rounding = std::min(2.0f, 0.3f * (y1 - y0));
  const float left = list->GetClipRectMin().x, right = list->GetClipRectMax().x;
  int deepest = 0;
  for (const TimelineSlice& s : row.slices) deepest = std::max(deepest, s.depth);
  for (int depth = 0; depth <= deepest; ++depth) {
    RowRects rects(list, rounding);
    const float inset = static_cast<float>(depth) * inset_step;
    for (const TimelineSlice& s : row.slices) {
      if (s.depth != depth) continue;
      const float a = axis.x_of(s.begin_ns), b = std::max(axis.x_of(s.end_ns), a + 1.5f);
      if (b < left || a > right) continue;
      rects.add(std::max(a, left - 4), std::min(b, right + 4), y0 + inset, y1 - inset,
                colour::category(s.category));
    }
  }
}

// Each counter as a step line across the row, scaled to its own range (a constant counter runs
// through the middle), with a dot at every sample where the samples lie apart.
void paint_counters(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float pad = std::min(3.0f, 0.2f * (y1 - y0));
  const float left = list->GetClipRectMin().x, right = list->GetClipRectMax().x;
  for (const CounterSeries& c : row.counters) {
    auto y_of = [&](double v) {
      const double t = c.max > c.min ? (v - c.min) / (c.max - c.min) : 0.5;
      return y1 - pad - static_cast<float>(t) * (y1 - y0 - 2 * pad);
    };
    const float spread = c.samples.size() > 1
                             ? (axis.x_of(c.samples.back().t_ns) - axis.x_of(c.samples.front().t_ns)) /
                                   static_cast<float>(c.samples.size() - 1)
                             : 100.0f;
    const bool dots = spread >= 6.0f;
    // The step line as one polyline, with the samples that fall in one pixel column reduced to
    // the first, lowest, highest and last value there (the shape stays; the triangles do not
    // grow with the samples).
    std::vector<ImVec2> path;
    float column = -FLT_MAX, low = 0, high = 0, last_y = 0;
    auto close_column = [&] {
      if (column == -FLT_MAX) return;
      if (low != high) {
        path.push_back(ImVec2(column, low));
        path.push_back(ImVec2(column, high));
      }
      path.push_back(ImVec2(column, last_y));
    };
    auto add = [&](float x, float y) {
      const float px = std::floor(x);
      if (px != column) {
        close_column();
        path.push_back(ImVec2(x, y));
        column = px;
        low = high = last_y = y;
        return;
      }
      low = std::min(low, y);
      high = std::max(high, y);
      last_y = y;
    };
    for (std::size_t i = 0; i < c.samples.size(); ++i) {
      const CounterSample& s = c.samples[i];
      const float x = axis.x_of(s.t_ns), y = y_of(s.value);
      const float next = i + 1 < c.samples.size() ? axis.x_of(c.samples[i + 1].t_ns) : std::max(axis.x1, x);
      if (next < left || x > right) continue;
      add(std::max(x, left - 2), y);
      add(std::min(next, right + 2), y);
      if (dots) list->AddCircleFilled(ImVec2(x, y), 2.5f, colour::counter);
    }
    close_column();
    if (path.size() >= 2)
      list->AddPolyline(path.data(), static_cast<int>(path.size()), colour::counter, 0, 1.5f);
  }
}

// An instant: a thin line through the row and a triangle on top, in its category's colour.
void paint_instant_mark(ImDrawList* list, float x, float y0, float y1, float half, ImU32 fill) {
  list->AddLine(ImVec2(x, y0), ImVec2(x, y1), colour::accent, 1.5f);
  const ImVec2 a(x - half, y0 - 1), b(x + half, y0 - 1), c(x, y0 + 1.4f * half);
  list->AddTriangleFilled(a, b, c, fill);
  list->AddTriangle(a, b, c, colour::accent, 1.0f);
}

// A moment: a diamond twice an instant's size on the row's middle, outlined, so that the decisive
// instant is the first thing the eye finds in a busy row.
void paint_moment_mark(ImDrawList* list, float x, float y0, float y1, float half, ImU32 fill) {
  const float r = 2.0f * half, y = 0.5f * (y0 + y1);
  list->AddLine(ImVec2(x, y0), ImVec2(x, y1), colour::accent, 1.5f);
  const ImVec2 top(x, y - r), right(x + r, y), bottom(x, y + r), left(x - r, y);
  list->AddQuadFilled(top, right, bottom, left, fill);
  list->AddQuad(top, right, bottom, left, colour::accent, 2.0f);
}

// The row's instants, moments last so that nothing is painted over them. Instants closer than a
// pixel to the last one drawn, of its category, would paint the same marks again: skipped (a
// zoomed-out row of a busy lock holds thousands).
void paint_instants(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1) {
  const float half = std::clamp(0.35f * (y1 - y0), 3.0f, 6.0f);
  const float left = list->GetClipRectMin().x, right = list->GetClipRectMax().x;
  for (const bool moments : {false, true}) {
    float last_x = -FLT_MAX;
    trace::Category last_category = trace::Category::other;
    for (const TimelineInstant& i : row.instants) {
      if (trace::is_moment(i.category) != moments) continue;
      const float x = axis.x_of(i.t_ns);
      if (x < left - 2 * half || x > right + 2 * half) continue;
      if (std::fabs(x - last_x) < 1.0f && i.category == last_category) continue;
      last_x = x;
      last_category = i.category;
      if (moments)
        paint_moment_mark(list, x, y0, y1, half, colour::category(i.category));
      else
        paint_instant_mark(list, x, y0, y1, half, colour::category(i.category));
    }
  }
}

bool in_clip(ImDrawList* list, float y) {
  return y >= list->GetClipRectMin().y && y <= list->GetClipRectMax().y;
}

std::string since(int64_t t, int64_t origin, trace::TimeUnit unit) {
  return format_duration(static_cast<double>(t - origin), unit);
}

}  // namespace

TimeAxis time_axis(const StepTimeline& timeline, float x0, float x1) {
  TimeAxis axis;
  axis.begin_ns = timeline.begin_ns;
  axis.span_ns = std::max<double>(1.0, static_cast<double>(timeline.end_ns - timeline.begin_ns));
  axis.x0 = x0;
  axis.x1 = x1;
  axis.unit = timeline.unit;
  return axis;
}

TimeAxis time_axis(const TimeRange& range, float x0, float x1, trace::TimeUnit unit) {
  TimeAxis axis;
  axis.unit = unit;
  axis.begin_ns = static_cast<int64_t>(std::floor(range.begin));
  axis.span_ns = std::max(1e-3, range.end - static_cast<double>(axis.begin_ns));
  axis.x0 = x0;
  axis.x1 = x1;
  return axis;
}

void RowRects::add(float a, float b, float y0, float y1, ImU32 colour) {
  if (run_.open && colour == run_.colour && y0 == run_.y0 && y1 == run_.y1 && a <= run_.b + 1.0f &&
      b >= run_.a - 1.0f) {
    run_.a = std::min(run_.a, a);
    run_.b = std::max(run_.b, b);
    return;
  }
  flush();
  run_ = Run{a, b, y0, y1, colour, true};
}

void RowRects::flush() {
  if (!run_.open) return;
  run_.open = false;
  fill_rect(list_, ImVec2(run_.a, run_.y0), ImVec2(run_.b, run_.y1), run_.colour,
            run_.b - run_.a >= 4.0f * rounding_ + 2.0f ? rounding_ : 0.0f);
}

void paint_timeline_row(ImDrawList* list, const TimeAxis& axis, const TimelineRow& row, float y0, float y1,
                        bool marks) {
  paint_slices(list, axis, row, y0, y1);
  paint_counters(list, axis, row, y0, y1);
  if (marks) paint_instants(list, axis, row, y0, y1);
}

void paint_flow(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float thickness) {
  // A curve leaving and entering horizontally; the arrow head points along its last stretch.
  const float bend = std::max(12.0f, 0.4f * std::fabs(b.x - a.x));
  const ImVec2 c1(a.x + bend, a.y), c2(b.x - bend, b.y);
  list->AddBezierCubic(a, c1, c2, b, colour, thickness, 16);
  list->AddCircleFilled(a, 2.5f, colour);
  const float head = 6.0f;
  list->AddTriangleFilled(b, ImVec2(b.x - head, b.y - 0.6f * head), ImVec2(b.x - head, b.y + 0.6f * head),
                          colour);
}

void paint_flows(ImDrawList* list, const TimeAxis& axis, const StepTimeline& timeline,
                 const std::vector<float>& row_centre) {
  // Flows into a moment last, thicker and in the moments' colour: what the moment contradicts.
  for (const bool to_moments : {false, true})
    for (const TimelineFlow& f : timeline.flows) {
      if (f.to_moment != to_moments) continue;
      if (f.from_row >= row_centre.size() || f.to_row >= row_centre.size()) continue;
      const ImVec2 a(axis.x_of(f.from_ns), row_centre[f.from_row]);
      const ImVec2 b(axis.x_of(f.to_ns), row_centre[f.to_row]);
      if (!in_clip(list, a.y) || !in_clip(list, b.y)) continue;
      paint_flow(list, a, b, to_moments ? colour::category_moment : colour::flow, to_moments ? 2.6f : 1.6f);
    }
}

void paint_time_ticks(ImDrawList* list, const Fonts& fonts, const TimeAxis& axis, float y_label, float y_top,
                      float y_bottom, int64_t origin, bool labels, float labels_from_x) {
  const double spacing = tick_spacing(
      axis.span_ns, std::max(2, static_cast<int>((axis.x1 - axis.x0) / (110.0f * ui_scale(fonts)))));
  const float small = fonts.ui->FontSize * 0.8f;
  const double first = std::ceil(static_cast<double>(axis.begin_ns - origin) / spacing) * spacing;
  for (double t = first; t <= static_cast<double>(axis.begin_ns - origin) + axis.span_ns + 1e-9;
       t += spacing) {
    const float x = axis.x_of(origin + static_cast<int64_t>(std::llround(t)));
    fill_rect(list, ImVec2(x - 0.5f, y_top), ImVec2(x + 0.5f, y_bottom), colour::grid);
    if (labels && x + 3 >= labels_from_x)
      list->AddText(fonts.ui, small, ImVec2(x + 3, y_label), colour::text_dim,
                    format_tick(t, spacing, axis.unit).c_str());
  }
}

void draw_timeline_legend(const Fonts& fonts, const std::vector<trace::Category>& categories, bool counters,
                          bool flows, float width) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float size = fonts.ui->FontSize * 0.8f;
  const float h = ImGui::GetTextLineHeight();
  float x = ImGui::GetCursorScreenPos().x;
  const float y = ImGui::GetCursorScreenPos().y, end = x + width;
  auto item = [&](ImU32 swatch, const char* text, bool line) {
    const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, text).x;
    if (x + 18 + w > end) return;
    if (line)
      list->AddLine(ImVec2(x, y + 0.5f * h), ImVec2(x + 14, y + 0.5f * h), swatch, 2.0f);
    else
      list->AddRectFilled(ImVec2(x, y + 0.25f * h), ImVec2(x + 14, y + 0.75f * h), swatch, 2.0f);
    list->AddText(fonts.ui, size, ImVec2(x + 18, y + 0.5f * (h - size)), colour::text_dim, text);
    x += 18 + w + 14;
  };
  for (trace::Category c : categories) item(colour::category(c), trace::to_string(c), false);
  if (counters) item(colour::counter, "counter", true);
  if (flows) item(colour::flow, "flow", true);
  ImGui::Dummy(ImVec2(width, h));
}

bool timeline_row_tooltip(const TimeAxis& axis, const TimelineRow& row, const std::string& name, float mx,
                          int64_t origin) {
  for (const TimelineInstant& i : row.instants) {
    if (std::fabs(axis.x_of(i.t_ns) - mx) > 5.0f) continue;
    ImGui::SetTooltip("%s: %s (%s)\nvalue %s, at %s", name.c_str(), i.name.c_str(),
                      trace::to_string(i.category), format_value(i.value, false).c_str(),
                      since(i.t_ns, origin, axis.unit).c_str());
    return true;
  }
  const int64_t t = axis.t_at(mx);
  for (const CounterSeries& c : row.counters) {
    const CounterSample* at = nullptr;
    for (const CounterSample& s : c.samples)
      if (s.t_ns <= t) at = &s;
    if (!at) continue;
    ImGui::SetTooltip("%s: %s = %s\nsince %s", name.c_str(), c.name.c_str(),
                      counter_value_text(c, at->value).c_str(), since(at->t_ns, origin, axis.unit).c_str());
    return true;
  }
  const TimelineSlice* found = nullptr;
  for (const TimelineSlice& s : row.slices)
    if (mx >= axis.x_of(s.begin_ns) - 1.0f &&
        mx <= std::max(axis.x_of(s.end_ns), axis.x_of(s.begin_ns) + 1.5f) + 1.0f &&
        (!found || s.depth > found->depth))
      found = &s;
  if (!found) return false;
  std::string values;
  if (found->begin_value != 0 || found->end_value != 0)
    values = "\nvalue " + format_value(found->begin_value, false) + " at the begin, " +
             format_value(found->end_value, false) + " at the end";
  ImGui::SetTooltip("%s: %s (%s)\n%s, from %s to %s%s", name.c_str(), found->name.c_str(),
                    trace::to_string(found->category),
                    format_duration(static_cast<double>(found->end_ns - found->begin_ns), axis.unit).c_str(),
                    since(found->begin_ns, origin, axis.unit).c_str(),
                    since(found->end_ns, origin, axis.unit).c_str(), values.c_str());
  return true;
}

}  // namespace gridlock::viewer
