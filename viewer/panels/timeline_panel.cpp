// The step timeline.
#include "panels/timeline_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "format.hpp"
#include "views/timeline_painter.hpp"

namespace gridlock::viewer {

namespace {

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
  text += clock.resolution_ns > 0 ? ", which advances in steps of " +
                                        format_duration(static_cast<double>(clock.resolution_ns), clock.unit)
                                  : " (resolution not stated)";
  if (!clock.origin.empty()) text += ";\nt = 0 is " + clock.origin;
  return text + ".";
}

void summary_line(const TimelinePanelState& state, const trace::Trace& trace) {
  const StepTimeline& tl = state.timeline;
  ImGui::Text("%s from the first event to the last",
              format_duration(static_cast<double>(tl.end_ns - tl.begin_ns), tl.unit).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", clock_text(trace.clock).c_str());
  if (state.busiest_ns <= 0) return;
  ImGui::SameLine();
  ImGui::TextDisabled("\xC2\xB7  longest at work: %s (%s)", state.busiest.c_str(),
                      format_duration(static_cast<double>(state.busiest_ns)).c_str());
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
  paint_time_ticks(ImGui::GetWindowDrawList(), fonts, g.axis, g.at.y, g.at.y + g.axis_h - 4,
                   g.rows_bottom(rows), g.axis.begin_ns);
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

void hover(const RowLayout& g, const StepTimeline& tl) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (!ImGui::IsWindowHovered() || mouse.x < g.axis.x0 - 4 || mouse.x > g.axis.x1 + 4) return;
  if (mouse.y < g.row_top(0) || mouse.y >= g.rows_bottom(tl.rows.size())) return;
  const auto r = static_cast<std::size_t>((mouse.y - g.row_top(0)) / g.row_h);
  if (r < tl.rows.size()) timeline_row_tooltip(g.axis, tl.rows[r], tl.rows[r].name, mouse.x, tl.begin_ns);
}

}  // namespace

void draw_timeline_panel(TimelinePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts) {
  refresh(state, trace, step);
  const StepTimeline& tl = state.timeline;
  if (tl.empty()) {
    ImGui::TextDisabled(trace.steps.empty() ? "This trace has no steps: it holds timings only."
                                            : "This step records no events.");
    return;
  }
  summary_line(state, trace);
  draw_timeline_legend(
      fonts, state.categories,
      std::any_of(tl.rows.begin(), tl.rows.end(), [](const TimelineRow& r) { return !r.counters.empty(); }),
      !tl.flows.empty(), ImGui::GetContentRegionAvail().x);

  // It stands on its panel's fill: no fill of its own.
  ImGui::BeginChild("timeline-rows", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
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
