// The step timeline.
#include "panels/timeline_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "format.hpp"
#include "views/timeline_painter.hpp"

namespace gridlock::viewer {

namespace {

// A round tick spacing: 1, 2 or 5 times a power of ten, giving about `count` ticks.
double tick_spacing(double span, int count) {
  const double raw = span / std::max(count, 1);
  const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * power) return m * power;
  return 10.0 * power;
}

void refresh(TimelinePanelState& state, const trace::Trace& trace, int step) {
  if (state.step == step) return;
  state.step = step;
  state.timeline = step_timeline(trace, step);
  state.categories = categories_in(state.timeline);
  state.busiest.clear();
  state.busiest_ns = -1;
  for (const TimelineRow& row : state.timeline.rows) {
    const int64_t work = work_ns(row);
    if (work > state.busiest_ns) {
      state.busiest_ns = work;
      state.busiest = row.name;
    }
  }
}

std::string clock_text(const trace::Clock& clock) {
  std::string text =
      "Times come from " + (clock.source.empty() ? std::string("an unnamed clock") : clock.source);
  text += clock.resolution_ns > 0
              ? ", which advances in steps of " + format_duration(static_cast<double>(clock.resolution_ns))
              : " (resolution not stated)";
  if (!clock.origin.empty()) text += ";\nt = 0 is " + clock.origin;
  return text + ".";
}

void summary_line(const TimelinePanelState& state, const trace::Trace& trace) {
  const StepTimeline& tl = state.timeline;
  ImGui::Text("%s from the first event to the last",
              format_duration(static_cast<double>(tl.end_ns - tl.begin_ns)).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", clock_text(trace.clock).c_str());
  if (state.busiest_ns <= 0) return;
  ImGui::SameLine();
  ImGui::TextDisabled("\xC2\xB7  longest at work: %s (%s)", state.busiest.c_str(),
                      format_duration(static_cast<double>(state.busiest_ns)).c_str());
}

// The categories of the step as swatches with names, then counters and flows where present.
void legend(const TimelinePanelState& state, const Fonts& fonts) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float size = fonts.ui->FontSize * 0.8f;
  const float h = ImGui::GetTextLineHeight();
  float x = ImGui::GetCursorScreenPos().x;
  const float y = ImGui::GetCursorScreenPos().y, end = x + ImGui::GetContentRegionAvail().x;
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
  for (trace::Category c : state.categories) item(colour::category(c), trace::to_string(c), false);
  const StepTimeline& tl = state.timeline;
  if (std::any_of(tl.rows.begin(), tl.rows.end(), [](const TimelineRow& r) { return !r.counters.empty(); }))
    item(colour::counter, "counter", true);
  if (!tl.flows.empty()) item(colour::flow, "flow", true);
  ImGui::Dummy(ImVec2(1, h));
}

// Where the rows go.
struct RowLayout {
  ImVec2 at;
  float label_w, axis_h, row_h;
  TimeAxis axis;
  float row_top(std::size_t r) const { return at.y + axis_h + row_h * static_cast<float>(r); }
  float rows_bottom(std::size_t rows) const { return row_top(rows); }
};

void paint_axis(const RowLayout& g, std::size_t rows, const Fonts& fonts) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const double span = g.axis.span_ns;
  const double spacing = tick_spacing(span, std::max(2, static_cast<int>((g.axis.x1 - g.axis.x0) / 110)));
  const float small = fonts.ui->FontSize * 0.8f;
  for (double t = 0; t <= span + 1e-9; t += spacing) {
    const float x = g.axis.x0 + static_cast<float>(t / span) * (g.axis.x1 - g.axis.x0);
    list->AddLine(ImVec2(x, g.at.y + g.axis_h - 4), ImVec2(x, g.rows_bottom(rows)), colour::grid);
    list->AddText(fonts.ui, small, ImVec2(x + 2, g.at.y), colour::text_dim, format_duration(t).c_str());
  }
}

void paint_rows(const RowLayout& g, const StepTimeline& tl, const Fonts& fonts) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  // Rows shrink to fit the panel, down to a few pixels; their names then go on every k-th row.
  const std::size_t label_every = static_cast<std::size_t>(std::ceil(11.0f / g.row_h));
  const float font = std::min(fonts.ui->FontSize * 0.8f, std::max(g.row_h, 11.0f));
  std::vector<float> centres;
  for (std::size_t r = 0; r < tl.rows.size(); ++r) {
    const float y0 = g.row_top(r), y1 = y0 + g.row_h - 2;
    centres.push_back(0.5f * (y0 + y1));
    if (r % label_every == 0)
      list->AddText(fonts.ui, font, ImVec2(g.at.x, y0 + 0.5f * (g.row_h - font) - 1), colour::text_dim,
                    tl.rows[r].name.c_str());
    paint_timeline_row(list, g.axis, tl.rows[r], y0, y1);
  }
  paint_flows(list, g.axis, tl, centres);
}

// The tooltip for what lies under the pointer in row r: an instant, else a counter's value, else
// a slice (the innermost).
void row_tooltip(const RowLayout& g, const StepTimeline& tl, std::size_t r, float mx) {
  const TimelineRow& row = tl.rows[r];
  const auto since = [&](int64_t t) { return format_duration(static_cast<double>(t - tl.begin_ns)); };
  for (const TimelineInstant& i : row.instants) {
    if (std::fabs(g.axis.x_of(i.t_ns) - mx) > 5.0f) continue;
    ImGui::SetTooltip("%s: %s (%s)\nvalue %s, at %s", row.name.c_str(), i.name.c_str(),
                      trace::to_string(i.category), format_value(i.value, false).c_str(),
                      since(i.t_ns).c_str());
    return;
  }
  const int64_t t = g.axis.t_at(mx);
  for (const CounterSeries& c : row.counters) {
    const CounterSample* at = nullptr;
    for (const CounterSample& s : c.samples)
      if (s.t_ns <= t) at = &s;
    if (!at) continue;
    ImGui::SetTooltip("%s: %s = %s\nsince %s", row.name.c_str(), c.name.c_str(),
                      format_value(at->value, false).c_str(), since(at->t_ns).c_str());
    return;
  }
  const TimelineSlice* found = nullptr;
  for (const TimelineSlice& s : row.slices)
    if (mx >= g.axis.x_of(s.begin_ns) &&
        mx <= std::max(g.axis.x_of(s.end_ns), g.axis.x_of(s.begin_ns) + 1.5f) &&
        (!found || s.depth > found->depth))
      found = &s;
  if (!found) return;
  ImGui::SetTooltip("%s: %s (%s)\n%s, from %s to %s", row.name.c_str(), found->name.c_str(),
                    trace::to_string(found->category),
                    format_duration(static_cast<double>(found->end_ns - found->begin_ns)).c_str(),
                    since(found->begin_ns).c_str(), since(found->end_ns).c_str());
}

void hover(const RowLayout& g, const StepTimeline& tl) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (!ImGui::IsWindowHovered() || mouse.x < g.axis.x0 - 4 || mouse.x > g.axis.x1 + 4) return;
  if (mouse.y < g.row_top(0) || mouse.y >= g.rows_bottom(tl.rows.size())) return;
  const auto r = static_cast<std::size_t>((mouse.y - g.row_top(0)) / g.row_h);
  if (r < tl.rows.size()) row_tooltip(g, tl, r, mouse.x);
}

}  // namespace

void draw_timeline_panel(TimelinePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts) {
  refresh(state, trace, step);
  const StepTimeline& tl = state.timeline;
  if (tl.empty()) {
    ImGui::TextDisabled("This step records no events.");
    return;
  }
  summary_line(state, trace);
  legend(state, fonts);

  ImGui::BeginChild("timeline-rows", ImVec2(0, 0), false);
  RowLayout g;
  g.at = ImGui::GetCursorScreenPos();
  g.label_w = ImGui::CalcTextSize("block 00").x + 16;
  g.axis_h = ImGui::GetTextLineHeight() + 6;
  const float fit = (ImGui::GetContentRegionAvail().y - g.axis_h - 6) / static_cast<float>(tl.rows.size());
  g.row_h = std::clamp(fit, 5.0f, std::max(ImGui::GetTextLineHeight() * 0.8f, 12.0f));
  const float width = ImGui::GetContentRegionAvail().x;
  g.axis = time_axis(tl, g.at.x + g.label_w, g.at.x + width - 12);
  paint_axis(g, tl.rows.size(), fonts);
  paint_rows(g, tl, fonts);
  ImGui::Dummy(ImVec2(width, g.rows_bottom(tl.rows.size()) - g.at.y + 4));
  hover(g, tl);
  ImGui::EndChild();
}

}  // namespace gridlock::viewer
