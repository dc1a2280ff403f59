// The compare playback bar.
#include "panels/compare_controls.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <optional>

#include "format.hpp"
#include "model/step_text.hpp"
#include "panels/controls_panel.hpp"
#include "panels/scrubber_markers.hpp"

namespace gridlock::viewer {

namespace {

// Each side's markers beyond its step ticks: side 0's above the track pointing down, side 1's
// below pointing up; a side's markers at one time side by side. Returns the markers under the
// pointer at `mouse_x` (or none when it is not over the scrubber).
std::vector<const CompareMarker*> draw_markers(ImDrawList* list, const CompareCursor& c,
                                               const std::vector<CompareMarker>& markers, float y,
                                               const std::function<float(int64_t)>& x_of,
                                               std::optional<float> mouse_x, const Fonts& fonts) {
  std::vector<const CompareMarker*> under;
  const float spacing = marker_spacing(fonts), reach = marker_reach(fonts);
  for (std::size_t i = 0; i < markers.size();) {
    std::size_t end = i;
    while (end < markers.size() && markers[end].side == markers[i].side &&
           markers[end].shared_ns == markers[i].shared_ns)
      ++end;
    const int side = markers[i].side;
    const float x_mid = x_of(markers[i].shared_ns);
    for (std::size_t j = i; j < end; ++j) {
      const CompareMarker& m = markers[j];
      const float x = x_mid + (static_cast<float>(j - i) - 0.5f * static_cast<float>(end - i - 1)) * spacing;
      const bool current = c.step(side) == m.marker.step;
      draw_marker_triangle(list, x, side == 0 ? y - 14.0f : y + 14.0f, side == 0, m.marker.kind, current,
                           fonts);
      if (mouse_x && std::fabs(*mouse_x - x) <= reach) under.push_back(&m);
    }
    i = end;
  }
  return under;
}

void time_scrubber(CompareCursor& c, const std::array<std::string, 2>& sides,
                   const std::vector<CompareMarker>& markers, float width, const Fonts& fonts,
                   trace::TimeUnit unit) {
  const float height = ImGui::GetFrameHeight() + 16.0f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##time-scrubber", ImVec2(width, height));
  const float x0 = at.x + 12, x1 = at.x + width - 12, y = at.y + 0.5f * height;
  const double span = std::max<double>(1.0, static_cast<double>(c.end_ns() - c.begin_ns()));
  auto x_of = [&](int64_t t) { return x0 + static_cast<float>((t - c.begin_ns()) / span) * (x1 - x0); };
  auto t_at = [&](float x) {
    return c.begin_ns() + static_cast<int64_t>(std::llround((x - x0) / (x1 - x0) * span));
  };
  const bool hovered = ImGui::IsItemHovered();
  const float mouse_x = ImGui::GetIO().MousePos.x;

  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddLine(ImVec2(x0, y), ImVec2(x1, y), colour::grid, 4.0f);
  const float hx = x_of(c.time_ns());
  list->AddLine(ImVec2(x0, y), ImVec2(hx, y), colour::text_dim, 4.0f);
  for (int side = 0; side < 2; ++side) {
    const StepTimes& times = c.times(side);
    const float dir = side == 0 ? -1.0f : 1.0f;
    for (int k = 1; k < times.step_count(); ++k) {
      const float x = x_of(c.map(side).to_shared(times.entry_ns(k)));
      list->AddLine(ImVec2(x, y + dir * 4), ImVec2(x, y + dir * 12),
                    colour::sides[static_cast<std::size_t>(side)], 2.0f);
    }
  }
  const std::vector<const CompareMarker*> under =
      draw_markers(list, c, markers, y, x_of, hovered ? std::optional<float>(mouse_x) : std::nullopt, fonts);
  // A press on a marker goes to its time; a drag elsewhere scrubs.
  if (ImGui::IsItemActivated() && !under.empty()) {
    c.seek_time(under.front()->shared_ns);
  } else if (ImGui::IsItemActive() && (under.empty() || ImGui::IsMouseDragging(ImGuiMouseButton_Left))) {
    c.seek_time(t_at(std::clamp(mouse_x, x0, x1)));
  }
  list->AddCircleFilled(ImVec2(hx, y), 9.0f, colour::accent);
  list->AddCircle(ImVec2(hx, y), 9.0f, colour::highlight_mark, 0, 2.5f);
  if (hovered) {
    const int64_t t = t_at(std::clamp(mouse_x, x0, x1));
    ImGui::BeginTooltip();
    ImGui::Text("t = %s", format_duration(static_cast<double>(t), unit).c_str());
    for (int side = 0; side < 2; ++side)
      ImGui::Text(
          "%s: %s", sides[static_cast<std::size_t>(side)].c_str(),
          step_position(c.times(side).step_at(c.map(side).to_side(t)), c.times(side).step_count()).c_str());
    for (const CompareMarker* m : under) {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(marker_colour(m->marker.kind)), "%s, %s: %s",
                         sides[static_cast<std::size_t>(m->side)].c_str(), marker_name(m->marker.kind),
                         m->marker.label.c_str());
      if (!m->marker.detail.empty()) ImGui::TextDisabled("  %s", m->marker.detail.c_str());
    }
    if (!markers.empty()) ImGui::TextDisabled("] or N: next marker, [ or Shift+N: previous");
    ImGui::EndTooltip();
  }
}

}  // namespace

void draw_compare_controls(CompareCursor& c, const std::array<std::string, 2>& sides,
                           const std::vector<CompareMarker>& markers, const Fonts& fonts,
                           trace::TimeUnit unit) {
  const float size = ImGui::GetFrameHeight() + 8.0f;
  const float scrub_h = ImGui::GetFrameHeight() + 16.0f;
  const float top = ImGui::GetCursorPosY();
  ImGui::SetCursorPosY(top + 0.5f * std::max(0.0f, scrub_h - size));
  draw_transport(c, size, c.end_ns() > c.begin_ns());
  ImGui::SameLine(0, 16);
  const float y_text = top + 0.5f * (scrub_h - fonts.bold->FontSize);
  ImGui::SetCursorPosY(y_text);
  ImGui::PushFont(fonts.bold);
  const float text_x = ImGui::GetCursorPosX();
  const std::string widest = "t = " + format_duration(static_cast<double>(c.end_ns()), unit) + "00";
  const float text_w = ImGui::CalcTextSize(widest.c_str()).x;
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::highlight_mark), "t = %s",
                     format_duration(static_cast<double>(c.time_ns()), unit).c_str());
  ImGui::PopFont();
  ImGui::SameLine(text_x + text_w + 12);
  ImGui::SetCursorPosY(top);
  time_scrubber(c, sides, markers, std::max(80.0f, ImGui::GetContentRegionAvail().x - speed_width()), fonts,
                unit);
  ImGui::SameLine(0, 12);
  ImGui::SetCursorPosY(top + 0.5f * (scrub_h - ImGui::GetFrameHeight()));
  draw_speed(c);
}

}  // namespace gridlock::viewer
