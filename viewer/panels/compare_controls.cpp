// The compare playback bar.
#include "panels/compare_controls.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "format.hpp"
#include "model/step_text.hpp"
#include "panels/controls_panel.hpp"

namespace gridlock::viewer {

namespace {

void time_scrubber(CompareCursor& c, const std::array<std::string, 2>& sides, float width) {
  const float height = ImGui::GetFrameHeight() + 16.0f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##time-scrubber", ImVec2(width, height));
  const float x0 = at.x + 12, x1 = at.x + width - 12, y = at.y + 0.5f * height;
  const double span = std::max<double>(1.0, static_cast<double>(c.end_ns() - c.begin_ns()));
  auto x_of = [&](int64_t t) { return x0 + static_cast<float>((t - c.begin_ns()) / span) * (x1 - x0); };
  auto t_at = [&](float x) {
    return c.begin_ns() + static_cast<int64_t>(std::llround((x - x0) / (x1 - x0) * span));
  };
  if (ImGui::IsItemActive()) c.seek_time(t_at(std::clamp(ImGui::GetIO().MousePos.x, x0, x1)));

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
  list->AddCircleFilled(ImVec2(hx, y), 9.0f, colour::accent);
  list->AddCircle(ImVec2(hx, y), 9.0f, colour::highlight_mark, 0, 2.5f);
  if (ImGui::IsItemHovered()) {
    const int64_t t = t_at(std::clamp(ImGui::GetIO().MousePos.x, x0, x1));
    std::string tip = "t = " + format_duration(static_cast<double>(t));
    for (int side = 0; side < 2; ++side)
      tip += "\n" + sides[static_cast<std::size_t>(side)] + ": " +
             step_position(c.times(side).step_at(c.map(side).to_side(t)), c.times(side).step_count());
    ImGui::SetTooltip("%s", tip.c_str());
  }
}

}  // namespace

void draw_compare_controls(CompareCursor& c, const std::array<std::string, 2>& sides, const Fonts& fonts) {
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
  const std::string widest = "t = " + format_duration(static_cast<double>(c.end_ns())) + "00";
  const float text_w = ImGui::CalcTextSize(widest.c_str()).x;
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::highlight_mark), "t = %s",
                     format_duration(static_cast<double>(c.time_ns())).c_str());
  ImGui::PopFont();
  ImGui::SameLine(text_x + text_w + 12);
  ImGui::SetCursorPosY(top);
  time_scrubber(c, sides, std::max(80.0f, ImGui::GetContentRegionAvail().x - speed_width()));
  ImGui::SameLine(0, 12);
  ImGui::SetCursorPosY(top + 0.5f * (scrub_h - ImGui::GetFrameHeight()));
  draw_speed(c);
}

}  // namespace gridlock::viewer
