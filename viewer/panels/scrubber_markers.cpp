// Event markers under the scrubber, their legend and their keys.
#include "panels/scrubber_markers.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "model/key_events.hpp"

namespace gridlock::viewer {

float ScrubberAxis::x_of(int step) const {
  if (steps <= 1) return 0.5f * (x0 + x1);
  return x0 + (x1 - x0) * static_cast<float>(step) / static_cast<float>(steps - 1);
}

int ScrubberAxis::step_at(float x) const {
  if (steps <= 1) return 0;
  const int k = static_cast<int>(std::lround((x - x0) / (x1 - x0) * static_cast<float>(steps - 1)));
  return std::clamp(k, 0, steps - 1);
}

ImU32 marker_colour(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::ticket:
      return colour::not_observable;  // the yellow of the timeline's tickets, darker in the light theme
    case MarkerKind::lock:
      return colour::category_critical;
    case MarkerKind::lost_update:
    case MarkerKind::stale_read:
    case MarkerKind::double_fetch:
    case MarkerKind::overlap:
    case MarkerKind::waiting_holder:
      return colour::category_moment;  // the moments a lesson exists for, as loud as the timeline's
    case MarkerKind::merge:
      return colour::confirmed;
    case MarkerKind::barrier:
      return colour::confirmed;  // the barrier view's "released"
    case MarkerKind::signal:
      return colour::code_number;
    case MarkerKind::deadlock:
      return colour::src;  // the barrier view's "gave up"
  }
  return colour::text;
}

namespace {

// Half the width of a marker's triangle, by the interface's scale.
float half_width(const Fonts& fonts) { return 5.0f * ui_scale(fonts); }

// A triangle pointing at the track, its tip at (x, tip): up from below, or down from above.
void triangle(ImDrawList* list, float x, float tip, float half, ImU32 c, bool down = false) {
  const float base = down ? tip - 1.6f * half : tip + 1.6f * half;
  list->AddTriangleFilled(ImVec2(x, tip), ImVec2(x + half, base), ImVec2(x - half, base), c);
}

// The markers of each step, side by side around the step's x: the offset of marker i of n.
float offset(int i, int n, float half) {
  return (static_cast<float>(i) - 0.5f * static_cast<float>(n - 1)) * 2.1f * half;
}

}  // namespace

float marker_lane_height(const Fonts& fonts, const std::vector<EventMarker>& markers) {
  return markers.empty() ? 0.0f : 1.6f * half_width(fonts) * 1.3f + 6.0f;
}

float marker_legend_height(const Fonts& fonts) { return fonts.ui->FontSize; }

void draw_marker_lane(ImDrawList* list, const std::vector<EventMarker>& markers, const ScrubberAxis& axis,
                      float top, int current_step, const Fonts& fonts) {
  const float half = half_width(fonts);
  for (std::size_t i = 0; i < markers.size();) {
    std::size_t end = i;
    while (end < markers.size() && markers[end].step == markers[i].step) ++end;
    const int n = static_cast<int>(end - i);
    const bool current = markers[i].step == current_step;
    const float h = current ? half * 1.3f : half;
    for (std::size_t j = i; j < end; ++j) {
      const float x = axis.x_of(markers[j].step) + offset(static_cast<int>(j - i), n, h);
      if (current) triangle(list, x, top - 1.0f, h + 1.5f, colour::accent);
      triangle(list, x, top, h, marker_colour(markers[j].kind));
    }
    i = end;
  }
}

void draw_marker_triangle(ImDrawList* list, float x, float tip, bool down, MarkerKind kind, bool current,
                          const Fonts& fonts) {
  const float half = current ? 1.3f * half_width(fonts) : half_width(fonts);
  if (current) triangle(list, x, tip + (down ? 1.0f : -1.0f), half + 1.5f, colour::accent, down);
  triangle(list, x, tip, half, marker_colour(kind), down);
}

float marker_reach(const Fonts& fonts) { return 1.6f * half_width(fonts); }

float marker_spacing(const Fonts& fonts) { return 2.1f * half_width(fonts); }

int marker_step_near(const std::vector<EventMarker>& markers, const ScrubberAxis& axis, float x,
                     const Fonts& fonts) {
  const float reach = marker_reach(fonts);
  int best = -1;
  float best_d = FLT_MAX;
  for (const EventMarker& m : markers) {
    const float d = std::fabs(axis.x_of(m.step) - x);
    if (d <= reach && d < best_d) {
      best = m.step;
      best_d = d;
    }
  }
  return best;
}

void marker_tooltip_lines(const std::vector<EventMarker>& markers, int step) {
  for (const EventMarker& m : markers) {
    if (m.step != step) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(marker_colour(m.kind)));
    ImGui::Text("\xE2\x96\xB2 %s: %s", marker_name(m.kind), m.label.c_str());
    ImGui::PopStyleColor();
    if (!m.detail.empty()) ImGui::TextDisabled("   %s", m.detail.c_str());
  }
}

void draw_marker_legend(const std::vector<EventMarker>& markers, bool pages_jump, const Fonts& fonts,
                        float width) {
  if (markers.empty()) return;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float half = half_width(fonts), gap = 12.0f * ui_scale(fonts);
  const std::vector<MarkerKind> kinds = kinds_present(markers);
  // Every kind must show: smaller type, down to a limit, where they would not fit; below that
  // the swatches alone, each naming its kind in its tooltip; nothing where even they do not fit.
  float size = marker_legend_height(fonts), needed = 0;
  for (MarkerKind kind : kinds)
    needed += 2.8f * half + gap + fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, marker_name(kind)).x;
  const bool names = needed * 0.7f <= width;
  if (needed > width) size = std::max(0.7f * size, size * width / needed);
  if (!names && static_cast<float>(kinds.size()) * (2.8f * half) > width) return;
  ImVec2 at = ImGui::GetCursorScreenPos();
  at.y += 0.5f * (marker_legend_height(fonts) - size);
  const float right = at.x + width;
  for (MarkerKind kind : kinds) {
    const char* name = marker_name(kind);
    const float w = 2.8f * half + (names ? fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, name).x + gap : 0.0f);
    ImGui::SetCursorScreenPos(at);
    ImGui::InvisibleButton(name, ImVec2(w, size));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", name, marker_meaning(kind));
    triangle(list, at.x + half, at.y + 0.5f * size - 0.8f * half, half, marker_colour(kind));
    if (names) list->AddText(fonts.ui, size, ImVec2(at.x + 2.8f * half, at.y), colour::text_dim, name);
    at.x += w;
  }
  // The keys, as much of the hint as fits after the kinds.
  const char* const hints[] = {
      pages_jump ? "[ ]  PageUp PageDown: previous / next event" : "[ ]  previous / next event",
      pages_jump ? "[ ]  PgUp PgDn" : "[ ]  jump", pages_jump ? "PgUp PgDn" : "[ ]"};
  for (const char* hint : hints) {
    const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, hint).x;
    if (at.x + w > right) continue;
    ImGui::SetCursorScreenPos(at);
    ImGui::InvisibleButton("##marker-keys", ImVec2(w, size));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "] or N: the next marked event\n[ or Shift+N: the previous one\nM: PageDown and PageUp "
          "(a clicker's keys) %s",
          pages_jump ? "jump between marked events now; M again: they step" : "jump between them too");
    list->AddText(fonts.ui, size, at, pages_jump ? colour::text : colour::text_dim, hint);
    break;
  }
}

namespace {

struct MarkerKeys {
  bool next = false, previous = false;
};

// This frame's ] and N (next), [ and Shift+N (previous); none while a text field has the keyboard.
MarkerKeys read_marker_keys() {
  MarkerKeys want;
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return want;
  for (ImWchar ch : io.InputQueueCharacters) {
    want.next = want.next || ch == ']';
    want.previous = want.previous || ch == '[';
  }
  const int modifiers = KeyEvents::kCtrl | KeyEvents::kAlt | KeyEvents::kSuper;
  for (const KeyEvent& e : frame_keys().frame()) {
    if (e.key != 'N' || (e.mods & modifiers) != 0) continue;
    (e.mods & KeyEvents::kShift ? want.previous : want.next) = true;
  }
  return want;
}

}  // namespace

void handle_marker_keys(Playback& playback, const std::vector<EventMarker>& markers, bool& pages_jump) {
  if (ImGui::GetIO().WantTextInput) return;
  KeyEvents& keys = frame_keys();
  auto [next, previous] = read_marker_keys();
  if (keys.pressed('M')) pages_jump = !pages_jump;
  if (pages_jump) {
    // At the last marker the clicker goes on stepping, so the talk never gets stuck.
    const int down = ImGui::GetKeyIndex(ImGuiKey_PageDown), up = ImGui::GetKeyIndex(ImGuiKey_PageUp);
    if (keys.pressed(down, true) && next_marker_step(markers, playback.step()) >= 0) {
      next = true;
      keys.consume(down);
    }
    if (keys.pressed(up, true) && previous_marker_step(markers, playback.step()) >= 0) {
      previous = true;
      keys.consume(up);
    }
  }
  if (next) jump_to_next_marker(playback, markers);
  if (previous) jump_to_previous_marker(playback, markers);
}

void handle_compare_marker_keys(CompareCursor& cursor, const std::vector<CompareMarker>& markers) {
  const MarkerKeys want = read_marker_keys();
  if (want.next) jump_to_next_marker(cursor, markers);
  if (want.previous) jump_to_previous_marker(cursor, markers);
}

}  // namespace gridlock::viewer
