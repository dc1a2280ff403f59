// Painting the whole-run timeline's rows, labels, flows and cursor.
#include "views/run_timeline_painter.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "format.hpp"
#include "render/pixel_layer.hpp"

namespace gridlock::viewer {

namespace {

constexpr float kIndent = 12.0f;  // per nesting level, at scale 1

bool is_collapsed(const RunPaint& p, int row) {
  return static_cast<std::size_t>(row) < p.collapsed.size() && p.collapsed[static_cast<std::size_t>(row)] &&
         p.run.is_group(row);
}

void paint_summary(ImDrawList* list, const TimeAxis& axis, const std::vector<SummarySpan>& spans, float y0,
                   float y1) {
  const float left = list->GetClipRectMin().x, right = list->GetClipRectMax().x;
  RowRects rects(list, std::min(2.0f, 0.3f * (y1 - y0)));
  for (const SummarySpan& s : spans) {
    const float a = axis.x_of(s.begin_ns), b = std::max(axis.x_of(s.end_ns), a + 1.0f);
    if (b < left || a > right) continue;
    rects.add(std::max(a, left - 2), std::min(b, right + 2), y0, y1,
              colour::with_alpha(colour::category(s.category), 0.8f));
  }
}

// A small triangle: pointing right (closed) or down (open).
void fold_mark(ImDrawList* list, ImVec2 centre, float r, bool closed, ImU32 c) {
  if (closed)
    list->AddTriangleFilled(ImVec2(centre.x - 0.5f * r, centre.y - r),
                            ImVec2(centre.x - 0.5f * r, centre.y + r), ImVec2(centre.x + 0.8f * r, centre.y),
                            c);
  else
    list->AddTriangleFilled(ImVec2(centre.x - r, centre.y - 0.5f * r),
                            ImVec2(centre.x + r, centre.y - 0.5f * r), ImVec2(centre.x, centre.y + 0.8f * r),
                            c);
}

}  // namespace

int RunLayout::at(float y) const {
  const auto after = std::upper_bound(top.begin(), top.end(), y);
  if (after == top.begin()) return -1;
  const int i = static_cast<int>(after - top.begin()) - 1;
  return y < top[static_cast<std::size_t>(i)] + height[static_cast<std::size_t>(i)] ? i : -1;
}

float run_row_height(const RunTimeline& run, int row, float base, float scale) {
  const RunRow& r = run.rows[static_cast<std::size_t>(row)];
  return r.events.counters.empty() ? base : std::max(3.0f * base, 40.0f * scale);
}

RunLayout layout_run_rows(const RunTimeline& run, const std::vector<int>& rows, float y0, float base,
                          float scale, float group_h) {
  RunLayout g;
  g.rows = rows;
  g.base_h = base;
  float y = y0;
  for (int r : rows) {
    const float h = std::max(run_row_height(run, r, base, scale), run.is_group(r) ? group_h : 0.0f);
    g.top.push_back(y);
    g.height.push_back(h);
    y += h;
  }
  return g;
}

std::string run_row_label(const RunTimeline& run, int row, int64_t t) {
  const RunRow& r = run.rows[static_cast<std::size_t>(row)];
  if (r.events.counters.empty()) return r.name;
  const std::optional<double> value = counter_value_at(r.events.counters.front(), t);
  return value ? r.name + " = " + counter_value_text(r.events.counters.front(), *value) : r.name;
}

void paint_run_rows(const RunPaint& p, const RunLayout& g) {
  const float clip_top = p.list->GetClipRectMin().y, clip_bottom = p.list->GetClipRectMax().y;
  const bool marks = g.base_h >= 7.0f;
  for (std::size_t i = 0; i < g.rows.size(); ++i) {
    const float y0 = g.top[i], h = g.height[i];
    if (y0 + h < clip_top || y0 > clip_bottom) continue;
    const int r = g.rows[i];
    const RunRow& row = p.run.rows[static_cast<std::size_t>(r)];
    const float gap = h >= 6.0f ? 1.0f : 0.0f;
    if (p.run.is_group(r))
      fill_rect(p.list, ImVec2(g.gutter_x0, y0), ImVec2(g.plot_x1, y0 + h), colour::current_row);
    if (r == p.hovered)
      fill_rect(p.list, ImVec2(g.gutter_x0, y0), ImVec2(g.plot_x1, y0 + h),
                colour::with_alpha(colour::dst, 0.12f));
    if (is_collapsed(p, r)) paint_summary(p.list, g.axis, row.summary, y0 + gap, y0 + h - gap);
    paint_timeline_row(p.list, g.axis, row.events, y0 + gap, y0 + h - gap,
                       marks || !row.events.instants.empty());
  }
}

void paint_run_labels(const RunPaint& p, const RunLayout& g) {
  const float scale = ui_scale(p.fonts);
  const float full = std::round(p.fonts.ui->FontSize * 0.8f),
              smallest = std::round(p.fonts.ui->FontSize * 0.64f);
  const float clip_top = p.list->GetClipRectMin().y, clip_bottom = p.list->GetClipRectMax().y;
  p.list->PushClipRect(ImVec2(g.gutter_x0, clip_top), ImVec2(g.plot_x0 - 4.0f, clip_bottom), true);
  // On thin rows the groups' names go first: "SM 0 ... SM 3" reads as a sample, not as rows.
  const bool groups = std::any_of(g.rows.begin(), g.rows.end(), [&](int r) { return p.run.is_group(r); });
  float last = -FLT_MAX;  // the centre of the last label drawn on thin rows
  for (std::size_t i = 0; i < g.rows.size(); ++i) {
    const float y0 = g.top[i], h = g.height[i];
    if (y0 + h < clip_top - 20.0f || y0 > clip_bottom + 20.0f) continue;
    const int r = g.rows[i];
    const float cy = y0 + 0.5f * h;
    const bool fits = h - 2.0f >= smallest;
    if (!fits && (cy - last < smallest + 3.0f || (groups && !p.run.is_group(r)))) continue;
    last = cy;
    const float size = fits ? std::min(full, h - 2.0f) : smallest;
    const RunRow& row = p.run.rows[static_cast<std::size_t>(r)];
    const bool group = p.run.is_group(r);
    const float x = g.gutter_x0 + 4.0f + kIndent * scale * static_cast<float>(row.depth);
    const ImU32 ink = r == p.hovered || group ? colour::text : colour::text_dim;
    if (group) fold_mark(p.list, ImVec2(x + 4.0f, cy), std::min(4.5f, 0.4f * size), is_collapsed(p, r), ink);
    const std::string text = run_row_label(p.run, r, p.cursor_ns);
    const float ty = std::max(cy - 0.5f * size, std::min(clip_top, cy));  // the first name stays whole
    p.list->AddText(p.fonts.ui, size, ImVec2(x + (group ? 12.0f : 0.0f), ty), ink, text.c_str());
    if (!fits)  // a tick pointing at the row the name belongs to
      p.list->AddLine(ImVec2(g.plot_x0 - 14.0f, cy), ImVec2(g.plot_x0 - 4.0f, cy), colour::text_faint, 1.0f);
  }
  p.list->PopClipRect();
}

void paint_run_flows(const RunPaint& p, const RunLayout& g) {
  if (p.run.flows.empty()) return;
  std::vector<float> centre(p.run.rows.size(), NAN);
  for (std::size_t i = 0; i < g.rows.size(); ++i)
    centre[static_cast<std::size_t>(g.rows[i])] = g.top[i] + 0.5f * g.height[i];
  const float clip_top = p.list->GetClipRectMin().y, clip_bottom = p.list->GetClipRectMax().y;
  // Of many flows, the current step's; a step that starts none (a summary after the kernel) shows
  // them all, fainter, unless there are too many to tell apart.
  const bool own =
      std::any_of(p.run.flows.begin(), p.run.flows.end(), [&](const RunFlow& f) { return f.step == p.step; });
  const bool crowded = p.run.flows.size() > kManyFlows && !p.all_flows;
  const bool many = crowded && (own || p.run.flows.size() > 4 * kManyFlows);
  // Flows into a moment (what the moment contradicts) last, in the moments' colour and thicker.
  for (const bool moments : {false, true})
    for (const RunFlow& f : p.run.flows) {
      if (f.to_moment != moments) continue;
      const int a = shown_row(p.run, p.collapsed, f.from_row), b = shown_row(p.run, p.collapsed, f.to_row);
      const bool lit = p.hovered >= 0 && (a == p.hovered || b == p.hovered);
      if (many && !lit && f.step != p.step) continue;
      const float ya = centre[static_cast<std::size_t>(a)], yb = centre[static_cast<std::size_t>(b)];
      if (a == b || std::isnan(ya) || std::isnan(yb)) continue;
      if (std::max(ya, yb) < clip_top || std::min(ya, yb) > clip_bottom) continue;
      const float alpha = lit ? 1.0f : p.hovered >= 0 ? 0.15f : crowded ? (many ? 0.6f : 0.45f) : 0.85f;
      paint_flow(p.list, ImVec2(g.axis.x_of(f.from_ns), ya), ImVec2(g.axis.x_of(f.to_ns), yb),
                 colour::with_alpha(moments ? colour::category_moment : colour::flow, alpha),
                 moments ? 2.6f : 1.6f);
    }
}

void paint_time_cursor(ImDrawList* list, const TimeAxis& axis, int64_t t, float y0, float y1, bool curtain) {
  const float x = std::clamp(axis.x_of(t), axis.x0 - 1.0f, axis.x1 + 1.0f);
  if (x < axis.x1)
    list->AddRectFilled(ImVec2(x, y0), ImVec2(axis.x1 + 8.0f, y1),
                        colour::with_alpha(colour::canvas, curtain ? 1.0f : 0.62f));
  if (curtain && x + 12.0f < axis.x1) {
    const char* text = "what comes next: hidden until R";
    const float w = ImGui::CalcTextSize(text).x;
    if (x + 12.0f + w < axis.x1) list->AddText(ImVec2(x + 12.0f, y0 + 4.0f), colour::text_dim, text);
  }
  if (x >= axis.x0 && x <= axis.x1) list->AddLine(ImVec2(x, y0), ImVec2(x, y1), colour::highlight_mark, 1.5f);
}

void run_row_tooltip(const RunPaint& p, const TimeAxis& axis, int row, float mx) {
  const RunRow& r = p.run.rows[static_cast<std::size_t>(row)];
  if (timeline_row_tooltip(axis, r.events, r.name, mx)) return;
  if (!p.run.is_group(row)) return;
  const int nested = r.end - row - 1;
  int64_t begin = INT64_MAX, end = INT64_MIN;
  for (const SummarySpan& s : r.summary) {
    begin = std::min(begin, s.begin_ns);
    end = std::max(end, s.end_ns);
  }
  std::string text = r.name + ": " + format_count(nested, "track") + " nested";
  if (begin <= end)
    text += "\nbusy between " + format_duration(static_cast<double>(begin)) + " and " +
            format_duration(static_cast<double>(end));
  text += is_collapsed(p, row) ? "\nclick its name to open it" : "\nclick its name to fold it";
  ImGui::SetTooltip("%s", text.c_str());
}

std::string kind_name(trace::TrackKind kind, bool plural) {
  const std::string name = kind == trace::TrackKind::sm ? "SM" : trace::to_string(kind);
  return plural ? name + "s" : name;
}

}  // namespace gridlock::viewer
