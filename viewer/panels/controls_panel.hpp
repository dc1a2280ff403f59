// Playback controls: first, back, play/pause, forward, last; a scrubber with a marker where
// each phase (trace::phase_of the step label) starts and a bar where another launch begins, its
// handle moving on through each step's time window while playing, and under it the lesson's
// important events (panels/scrubber_markers.hpp) with their legend; the speed. Keys: Space, ←/→,
// Home/End, −/+. Compare mode's controls (panels/compare_controls.hpp) take the same keys.
#pragma once

#include <string>
#include <vector>

#include "model/event_markers.hpp"
#include "model/key_events.hpp"
#include "model/playback.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// "0.25×", "2×".
std::string speed_text(double speed);

// The controls across the current window's width: one row, or with markers or in a narrow window
// two (the buttons and the markers' legend, then the scrubber across the width). `pages_jump`:
// whether PageDown / PageUp jump between markers (the legend says so).
void draw_controls(Playback& playback, const trace::Trace& trace, const std::vector<EventMarker>& markers,
                   bool pages_jump, const Fonts& fonts);
// The height draw_controls needs in a window `width` wide, padding included.
float controls_height(const Playback& playback, const std::vector<EventMarker>& markers, const Fonts& fonts,
                      float width);

enum class Icon { first, back, play, pause, forward, last };

// A square button with a drawn icon (no font glyphs needed); true when pressed and enabled.
bool draw_icon_button(const char* id, Icon icon, float size, const char* tip, bool enabled = true);

// First, back, play/pause, forward, last, for a Playback or a CompareCursor (anything with these
// members), on one line.
template <class Cursor>
void draw_transport(Cursor& c, float size, bool can_play) {
  if (draw_icon_button("first", Icon::first, size, "first step (Home)", !c.at_first())) c.first();
  ImGui::SameLine(0, 6);
  if (draw_icon_button("back", Icon::back, size, "step back (\xE2\x86\x90)", !c.at_first())) c.back();
  ImGui::SameLine(0, 6);
  if (draw_icon_button("play", c.playing() ? Icon::pause : Icon::play, size,
                       c.playing() ? "pause (Space)" : "play (Space)", can_play))
    c.toggle();
  ImGui::SameLine(0, 6);
  if (draw_icon_button("forward", Icon::forward, size, "step forward (\xE2\x86\x92)", !c.at_last()))
    c.forward();
  ImGui::SameLine(0, 6);
  if (draw_icon_button("last", Icon::last, size, "last step (End)", !c.at_last())) c.last();
}

// "speed − 1× +" on the current line.
template <class Cursor>
void draw_speed(Cursor& c) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("speed");
  ImGui::SameLine();
  if (ImGui::Button("\xE2\x88\x92##slower")) c.slower();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("slower (\xE2\x88\x92)");
  ImGui::SameLine();
  ImGui::TextUnformatted(speed_text(c.speed()).c_str());
  ImGui::SameLine();
  if (ImGui::Button("+##faster")) c.faster();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("faster (+)");
}

// The width draw_speed takes.
float speed_width();

// Applies this frame's playback keys to a Playback or a CompareCursor. Does nothing while a text
// field has the keyboard.
template <class Cursor>
void handle_playback_keys(Cursor& c) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  // Key events, not key states: a tap shorter than a frame (a clicker's) still counts.
  auto pressed = [](ImGuiKey key, bool repeat) {
    return frame_keys().pressed(ImGui::GetKeyIndex(key), repeat);
  };
  if (pressed(ImGuiKey_Space, false)) c.toggle();
  if (pressed(ImGuiKey_RightArrow, true) || pressed(ImGuiKey_PageDown, true)) c.forward();
  if (pressed(ImGuiKey_LeftArrow, true) || pressed(ImGuiKey_PageUp, true)) c.back();
  if (pressed(ImGuiKey_Home, false)) c.first();
  if (pressed(ImGuiKey_End, false)) c.last();
  for (ImWchar ch : io.InputQueueCharacters) {
    if (ch == '+' || ch == '=') c.faster();
    if (ch == '-' || ch == '_') c.slower();
  }
}

}  // namespace gridlock::viewer
