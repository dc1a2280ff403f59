// The playback bar.
#include "panels/controls_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/step_text.hpp"
#include "panels/scrubber_markers.hpp"

namespace gridlock::viewer {

bool draw_icon_button(const char* id, Icon icon, float size, const char* tip, bool enabled) {
  ImGui::PushID(id);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool pressed = ImGui::InvisibleButton("##icon", ImVec2(size, size)) && enabled;
  const bool hovered = ImGui::IsItemHovered();
  const bool held = ImGui::IsItemActive();
  if (hovered && tip) ImGui::SetTooltip("%s", tip);
  ImGui::PopID();

  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImU32 back = ImGui::GetColorU32(!enabled  ? ImGuiCol_FrameBg
                                        : held    ? ImGuiCol_ButtonActive
                                        : hovered ? ImGuiCol_ButtonHovered
                                                  : ImGuiCol_Button);
  list->AddRectFilled(at, ImVec2(at.x + size, at.y + size), back, 6.0f);
  const ImU32 ink = enabled ? colour::text : colour::text_faint;
  const float c = size * 0.5f, r = size * 0.22f;
  const ImVec2 m(at.x + c, at.y + c);
  auto right_triangle = [&](float x, float half) {
    list->AddTriangleFilled(ImVec2(x - half, m.y - r), ImVec2(x - half, m.y + r), ImVec2(x + half, m.y), ink);
  };
  auto left_triangle = [&](float x, float half) {
    list->AddTriangleFilled(ImVec2(x + half, m.y - r), ImVec2(x + half, m.y + r), ImVec2(x - half, m.y), ink);
  };
  auto bar = [&](float x) { list->AddRectFilled(ImVec2(x - 1.8f, m.y - r), ImVec2(x + 1.8f, m.y + r), ink); };
  switch (icon) {
    case Icon::first:
      bar(m.x - r * 0.9f);
      left_triangle(m.x + r * 0.2f, r * 0.8f);
      break;
    case Icon::back:
      left_triangle(m.x, r * 0.8f);
      break;
    case Icon::play:
      right_triangle(m.x + r * 0.1f, r);
      break;
    case Icon::pause:
      list->AddRectFilled(ImVec2(m.x - r * 0.8f, m.y - r), ImVec2(m.x - r * 0.25f, m.y + r), ink);
      list->AddRectFilled(ImVec2(m.x + r * 0.25f, m.y - r), ImVec2(m.x + r * 0.8f, m.y + r), ink);
      break;
    case Icon::forward:
      right_triangle(m.x, r * 0.8f);
      break;
    case Icon::last:
      right_triangle(m.x - r * 0.2f, r * 0.8f);
      bar(m.x + r * 0.9f);
      break;
  }
  return pressed;
}

std::string speed_text(double speed) {
  char text[32];
  if (speed < 1.0)
    std::snprintf(text, sizeof text, "%.2g\xC3\x97", speed);
  else
    std::snprintf(text, sizeof text, "%g\xC3\x97", speed);
  return text;
}

float speed_width() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcTextSize("speed 0.25\xC3\x97").x + 2 * ImGui::GetFrameHeight() + 4 * style.ItemSpacing.x +
         2 * style.FramePadding.x + 12;
}

namespace {

// Type size for the phase labels over the scrubber: smaller, down to a limit, where they would
// not all fit side by side in `width`.
float phase_label_size(const trace::Trace& trace, const Fonts& fonts, float width) {
  const float normal = fonts.ui->FontSize * 0.8f, smallest = fonts.ui->FontSize * 0.62f;
  constexpr float kGap = 10.0f;
  float text = 0, gaps = 0;
  std::string previous;
  for (std::size_t k = 0; k < trace.steps.size(); ++k) {
    const std::string phase(trace::phase_of(trace.steps[k].label));
    if (k > 0 && phase == previous) continue;
    previous = phase;
    text += fonts.ui->CalcTextSizeA(normal, FLT_MAX, 0, phase.c_str()).x;
    gaps += k > 0 ? kGap : 0.0f;
  }
  if (text + gaps <= width || text <= 0) return normal;
  return std::max(smallest, normal * (width - gaps) / text);
}

// The scrubber: a track with a dot per step, a marker where a phase starts, and a handle; under
// the track, the lane of event markers (panels/scrubber_markers.hpp).
void scrubber(Playback& playback, const trace::Trace& trace, const std::vector<EventMarker>& markers,
              const Fonts& fonts, float width) {
  const float height = ImGui::GetFrameHeight() + 16.0f;
  const float lane = marker_lane_height(fonts, markers);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##scrubber", ImVec2(width, height + lane));
  const bool hovered = ImGui::IsItemHovered();
  const int n = static_cast<int>(trace.steps.size());
  const ScrubberAxis axis{at.x + 12, at.x + width - 12, n};
  const float x0 = axis.x0, x1 = axis.x1, y = at.y + height - 12;
  // The step under the pointer; in the marker lane, the marked step whose triangle it is on.
  const float lane_top = y + 12.0f;
  auto step_under = [&](ImVec2 mouse) {
    const int marked = mouse.y >= lane_top - 2.0f ? marker_step_near(markers, axis, mouse.x, fonts) : -1;
    return marked >= 0 ? marked : axis.step_at(mouse.x);
  };
  if (ImGui::IsItemActive() && n > 0) {
    const int target = step_under(ImGui::GetIO().MousePos);
    if (target != playback.step()) playback.seek(target);
  }

  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddLine(ImVec2(x0, y), ImVec2(x1, y), colour::grid, 4.0f);
  const float spacing = n > 1 ? (x1 - x0) / static_cast<float>(n - 1) : x1 - x0;
  // The handle: at the step, moved on by how far the time has run through its window.
  const float along = playback.at_last() ? 0.0f : static_cast<float>(playback.step_fraction()) * spacing;
  const float hx = axis.x_of(playback.step()) + (n > 1 ? along : 0.0f);
  list->AddLine(ImVec2(x0, y), ImVec2(hx, y), colour::dst, 4.0f);
  const float label_size = phase_label_size(trace, fonts, width - 16.0f);
  float label_end = -FLT_MAX;  // labels move right rather than overlap
  std::string previous;
  for (int k = 0; k < n; ++k) {
    const trace::Step& step = trace.steps[static_cast<std::size_t>(k)];
    const std::string phase(trace::phase_of(step.label));
    const float x = axis.x_of(k);
    const bool starts_phase = k == 0 || phase != previous;
    previous = phase;
    if (starts_phase) {
      list->AddLine(ImVec2(x, y - 14), ImVec2(x, y + 6), colour::highlight_mark, 2.0f);
      const ImVec2 size = fonts.ui->CalcTextSizeA(label_size, FLT_MAX, 0, phase.c_str());
      const float tx = std::min(std::max(x - 2.0f, label_end + 10.0f), at.x + width - size.x);
      if (tx >= label_end + 10.0f) {
        list->AddText(fonts.ui, label_size, ImVec2(tx, y - 16 - label_size), colour::highlight_mark,
                      phase.c_str());
        label_end = tx + size.x;
      }
    }
    const bool has_instant = std::any_of(step.events.begin(), step.events.end(), [](const trace::Event& e) {
      return e.kind == trace::EventKind::instant;
    });
    if (spacing >= 5.0f || starts_phase) {
      const ImU32 c = k <= playback.step() ? colour::dst : colour::text_faint;
      list->AddCircleFilled(ImVec2(x, y), has_instant ? 4.5f : 3.0f, c);
    }
  }
  // Launch boundaries: a blue bar through the track where another launch begins.
  for (int k : launch_starts(trace)) {
    const float x = 0.5f * (axis.x_of(k - 1) + axis.x_of(k));
    list->AddRectFilled(ImVec2(x - 1.5f, y - 11), ImVec2(x + 1.5f, y + 11), colour::category_kernel, 1.0f);
  }
  draw_marker_lane(list, markers, axis, lane_top, playback.step(), fonts);

  list->AddCircleFilled(ImVec2(hx, y), 9.0f, colour::accent);
  list->AddCircle(ImVec2(hx, y), 9.0f, colour::dst, 0, 2.5f);
  if (hovered && n > 0) {
    const int k = step_under(ImGui::GetIO().MousePos);
    const std::string launch = launch_text(trace, k);
    ImGui::BeginTooltip();
    ImGui::Text("%s: %s", step_position(k, n).c_str(),
                step_name(trace.steps[static_cast<std::size_t>(k)]).c_str());
    if (!launch.empty()) ImGui::TextUnformatted(launch.c_str());
    marker_tooltip_lines(markers, k);
    ImGui::EndTooltip();
  }
}

}  // namespace

namespace {

constexpr float kMinScrubber = 10.0f;  // font sizes: the narrowest scrubber beside the buttons

// Where the controls go in a window `width` wide (its padding included): the buttons, the step
// counter and the speed on one row with the scrubber between them; or, with markers (their lane
// goes under the scrubber) or where the scrubber would be too narrow there, the scrubber on a row
// of its own, the speed beside it where the first row cannot hold it.
struct ControlsLayout {
  bool two_rows = false;
  bool speed_on_top = true;  // in two rows: the speed on the first row
  float button = 0;          // a transport button's side
  float counter = 0;         // "step 12 of 12": the widest step position, in bold
};

ControlsLayout controls_layout(const Playback& playback, const std::vector<EventMarker>& markers,
                               const Fonts& fonts, float width) {
  ControlsLayout l;
  l.button = ImGui::GetFrameHeight() + 8.0f;
  const float content = width - 2.0f * ImGui::GetStyle().WindowPadding.x;
  const float transport = 5.0f * l.button + 4.0f * 6.0f;
  l.counter = fonts.bold
                  ->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, 0.0f,
                                  step_position(playback.last_step(), playback.step_count()).c_str())
                  .x;
  const float first_row = transport + 16.0f + l.counter + 16.0f + speed_width();
  l.two_rows = !markers.empty() || first_row + kMinScrubber * ImGui::GetFontSize() > content;
  l.speed_on_top = first_row <= content;
  return l;
}

}  // namespace

float controls_height(const Playback& playback, const std::vector<EventMarker>& markers, const Fonts& fonts,
                      float width) {
  const float frame = ImGui::GetFrameHeight(), padding = 2.0f * ImGui::GetStyle().WindowPadding.y;
  if (!controls_layout(playback, markers, fonts, width).two_rows)
    return frame + 0.8f * ImGui::GetFontSize() + padding + 10.0f;
  return (frame + 8.0f) + ImGui::GetStyle().ItemSpacing.y + (frame + 16.0f) +
         marker_lane_height(fonts, markers) + padding;
}

void draw_controls(Playback& playback, const trace::Trace& trace, const std::vector<EventMarker>& markers,
                   bool pages_jump, const Fonts& fonts) {
  const ControlsLayout layout = controls_layout(playback, markers, fonts, ImGui::GetWindowWidth());
  const float size = layout.button;
  const float scrub_h = ImGui::GetFrameHeight() + 16.0f;
  const float row_y = ImGui::GetCursorPosY();
  if (!layout.two_rows) ImGui::SetCursorPosY(row_y + std::max(0.0f, scrub_h - size));
  draw_transport(playback, size, playback.step_count() > 1 || playback.times().window(0).duration() > 0);
  ImGui::SameLine(0, 16);

  const float y_text = ImGui::GetCursorPosY() + 0.5f * (size - fonts.bold->FontSize);
  ImGui::SetCursorPosY(y_text);
  // "step 6 of 12", as wide as the widest position so that what follows keeps its place.
  ImGui::PushFont(fonts.bold);
  const float counter_x = ImGui::GetCursorPosX();
  ImGui::TextUnformatted(step_position(playback.step(), playback.step_count()).c_str());
  ImGui::PopFont();
  ImGui::SameLine(counter_x + layout.counter + 16);

  const float speed_w = speed_width();
  const float speed_y = y_text - 0.5f * (ImGui::GetFrameHeight() - fonts.bold->FontSize);
  if (layout.two_rows) {
    // The legend between the counter and the speed; the scrubber gets the next row (and the
    // speed, where the first row has no room for it).
    const float legend_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    const float speed_x = layout.speed_on_top ? std::max(legend_x, right - (speed_w - 12.0f)) : right;
    if (!markers.empty()) {
      ImGui::SetCursorPosY(y_text + 0.5f * (fonts.bold->FontSize - marker_legend_height(fonts)));
      draw_marker_legend(markers, pages_jump, fonts, std::max(0.0f, speed_x - legend_x - 8.0f));
    }
    if (layout.speed_on_top) {
      ImGui::SetCursorPos(ImVec2(speed_x, speed_y));
      draw_speed(playback);
    }
    const float scrub_y = row_y + size + ImGui::GetStyle().ItemSpacing.y;
    ImGui::SetCursorPos(ImVec2(ImGui::GetWindowContentRegionMin().x, scrub_y));
    const float room = ImGui::GetContentRegionAvail().x;
    scrubber(playback, trace, markers, fonts, layout.speed_on_top ? room : std::max(80.0f, room - speed_w));
    if (!layout.speed_on_top) {
      ImGui::SameLine(0, 12);
      ImGui::SetCursorPosY(scrub_y + scrub_h - ImGui::GetFrameHeight() - 6.0f);
      draw_speed(playback);
    }
    return;
  }
  const float scrub_w = std::max(80.0f, ImGui::GetContentRegionAvail().x - speed_w);
  ImGui::SetCursorPosY(y_text - (scrub_h - fonts.bold->FontSize) + 2);
  scrubber(playback, trace, markers, fonts, scrub_w);
  ImGui::SameLine(0, 12);
  ImGui::SetCursorPosY(speed_y);
  draw_speed(playback);
}

}  // namespace gridlock::viewer
