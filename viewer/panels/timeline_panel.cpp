// The step timeline.
#include "panels/timeline_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

namespace gridlock::viewer {

namespace {

bool is_wait(const std::string& name) { return name.rfind("wait", 0) == 0; }

std::string ns_text(double ns) {
  char text[32];
  if (std::fabs(ns) >= 1e6)
    std::snprintf(text, sizeof text, "%.2f ms", ns / 1e6);
  else if (std::fabs(ns) >= 1e3)
    std::snprintf(text, sizeof text, "%.2f \xC2\xB5s", ns / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f ns", ns);
  return text;
}

// A round tick spacing: 1, 2 or 5 times a power of ten, giving about `count` ticks.
double tick_spacing(double span, int count) {
  const double raw = span / std::max(count, 1);
  const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * power) return m * power;
  return 10.0 * power;
}

}  // namespace

void paint_timeline_row(ImDrawList* list, const StepTimeline& tl, const TimelineRow& row, float x0, float x1,
                        float y0, float y1, bool marks) {
  const double span = std::max<double>(1.0, static_cast<double>(tl.end_ns - tl.begin_ns));
  auto x_of = [&](int64_t t) {
    return x0 + static_cast<float>(static_cast<double>(t - tl.begin_ns) / span) * (x1 - x0);
  };
  const ImU32 work = colour::warps[static_cast<std::size_t>(std::max(row.warp, 0)) % colour::warps.size()];
  const float inset_step = std::min(2.0f, (y1 - y0) * 0.15f);
  for (const TimelineSlice& s : row.slices) {
    const float a = x_of(s.begin_ns), b = std::max(x_of(s.end_ns), a + 1.5f);
    const float inset = static_cast<float>(s.depth) * inset_step;
    const ImU32 c = is_wait(s.name) ? IM_COL32(95, 102, 118, 255) : work;
    list->AddRectFilled(ImVec2(a, y0 + inset), ImVec2(b, y1 - inset), c, std::min(2.0f, 0.3f * (y1 - y0)));
  }
  if (!marks) return;
  for (const TimelineInstant& i : row.instants) {
    const float x = x_of(i.t_ns);
    list->AddTriangleFilled(ImVec2(x - 4, y0), ImVec2(x + 4, y0), ImVec2(x, y1), colour::highlight_mark);
  }
}

namespace {

void refresh(TimelinePanelState& state, const trace::Trace& trace, int step) {
  if (state.step == step) return;
  state.step = step;
  state.timeline = step_timeline(trace, step);
  state.busiest.clear();
  state.busiest_ns = -1;
  for (const TimelineRow& row : state.timeline.rows) {
    int64_t work = 0;
    for (const TimelineSlice& s : row.slices)
      if (!is_wait(s.name) && s.depth == 0) work += s.end_ns - s.begin_ns;
    if (work > state.busiest_ns) {
      state.busiest_ns = work;
      state.busiest = row.name;
    }
  }
}

}  // namespace

void draw_timeline_panel(TimelinePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts) {
  refresh(state, trace, step);
  const StepTimeline& tl = state.timeline;
  if (tl.empty()) {
    ImGui::TextDisabled("This step records no events.");
    return;
  }
  const double span = std::max<double>(1.0, static_cast<double>(tl.end_ns - tl.begin_ns));
  const std::string& busiest = state.busiest;
  const int64_t longest = state.busiest_ns;
  ImGui::Text("%s from the first event to the last", ns_text(span).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("\xC2\xB7  longest at work: %s (%s)", busiest.c_str(),
                      ns_text(static_cast<double>(longest)).c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Times come from %%globaltimer, which advances in steps of about 32 ns.");

  ImGui::BeginChild("timeline-rows", ImVec2(0, 0), false);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float label_w = ImGui::CalcTextSize("warp 00").x + 16;
  const float axis_h = ImGui::GetTextLineHeight() + 6;
  // Rows shrink to fit the panel, down to a few pixels; their names then go on every k-th row.
  const float fit = (ImGui::GetContentRegionAvail().y - axis_h - 6) / static_cast<float>(tl.rows.size());
  const float row_h = std::clamp(fit, 5.0f, std::max(ImGui::GetTextLineHeight() * 0.8f, 12.0f));
  const std::size_t label_every = static_cast<std::size_t>(std::ceil(11.0f / row_h));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float x0 = at.x + label_w, x1 = at.x + width - 12;
  auto x_of = [&](int64_t t) {
    return x0 + static_cast<float>(static_cast<double>(t - tl.begin_ns) / span) * (x1 - x0);
  };

  // Axis with round ticks.
  const double spacing = tick_spacing(span, std::max(2, static_cast<int>((x1 - x0) / 110)));
  const float small = fonts.ui->FontSize * 0.8f;
  const float rows_bottom = at.y + axis_h + row_h * static_cast<float>(tl.rows.size());
  for (double t = 0; t <= span + 1e-9; t += spacing) {
    const float x = x0 + static_cast<float>(t / span) * (x1 - x0);
    list->AddLine(ImVec2(x, at.y + axis_h - 4), ImVec2(x, rows_bottom), colour::grid);
    list->AddText(fonts.ui, small, ImVec2(x + 2, at.y), colour::text_dim, ns_text(t).c_str());
  }

  const float font = std::min(fonts.ui->FontSize * 0.8f, std::max(row_h, 11.0f));
  for (std::size_t r = 0; r < tl.rows.size(); ++r) {
    const TimelineRow& row = tl.rows[r];
    const float y0 = at.y + axis_h + row_h * static_cast<float>(r);
    const float y1 = y0 + row_h - 2;
    if (r % label_every == 0)
      list->AddText(fonts.ui, font, ImVec2(at.x, y0 + 0.5f * (row_h - font) - 1), colour::text_dim,
                    row.name.c_str());
    paint_timeline_row(list, tl, row, x0, x1, y0, y1);
  }
  ImGui::Dummy(ImVec2(width, rows_bottom - at.y + 4));

  // What is under the pointer.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsWindowHovered() && mouse.x >= x0 && mouse.x <= x1 && mouse.y >= at.y + axis_h &&
      mouse.y < rows_bottom) {
    const std::size_t r = static_cast<std::size_t>((mouse.y - at.y - axis_h) / row_h);
    if (r < tl.rows.size()) {
      for (const TimelineSlice& s : tl.rows[r].slices) {
        if (mouse.x >= x_of(s.begin_ns) && mouse.x <= std::max(x_of(s.end_ns), x_of(s.begin_ns) + 1.5f)) {
          ImGui::SetTooltip("%s: %s\n%s, from %s to %s", tl.rows[r].name.c_str(), s.name.c_str(),
                            ns_text(static_cast<double>(s.end_ns - s.begin_ns)).c_str(),
                            ns_text(static_cast<double>(s.begin_ns - tl.begin_ns)).c_str(),
                            ns_text(static_cast<double>(s.end_ns - tl.begin_ns)).c_str());
          break;
        }
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace gridlock::viewer
