// The scrubber's event markers on screen: a lane of small coloured triangles under the track, one
// per marker (the kinds of one step side by side), their lines in the scrubber's tooltip, a
// legend beside the playback buttons, and the keys that jump between them: ] and [, N and
// Shift+N, and M to let a clicker's PageDown / PageUp jump instead of step; in compare mode, the
// triangles of both sides on the shared time scrubber and the same ] [ N keys.
#pragma once

#include <imgui.h>

#include <vector>

#include "model/compare_markers.hpp"
#include "model/event_markers.hpp"
#include "model/playback.hpp"
#include "style.hpp"

namespace gridlock::viewer {

// Where the scrubber puts its steps: step 0 at x0, the last at x1 (a lone step in the middle).
struct ScrubberAxis {
  float x0 = 0, x1 = 1;
  int steps = 0;
  float x_of(int step) const;
  int step_at(float x) const;  // the nearest step, clamped into range
};

// The marker's colour in the current theme: the timeline's colour where it shows the same
// events (tickets are atomics, the lock is critical), a verdict's where it means one.
ImU32 marker_colour(MarkerKind kind);

// Height the marker lane adds under the scrubber's track; 0 when there are no markers.
float marker_lane_height(const Fonts& fonts, const std::vector<EventMarker>& markers);
// Height of the legend's line.
float marker_legend_height(const Fonts& fonts);

// Draws the lane (markers in step order, as event_markers gives them), its top edge at `top`.
// The current step's markers are drawn larger, outlined.
void draw_marker_lane(ImDrawList* list, const std::vector<EventMarker>& markers, const ScrubberAxis& axis,
                      float top, int current_step, const Fonts& fonts);

// One marker's triangle, its tip at (x, tip), pointing up at the track from below or, `down`, from
// above; the current step's larger and outlined. Compare mode's scrubber draws each side's so.
void draw_marker_triangle(ImDrawList* list, float x, float tip, bool down, MarkerKind kind, bool current,
                          const Fonts& fonts);
// How far from its x a triangle answers the pointer; how far apart a step's triangles stand.
float marker_reach(const Fonts& fonts);
float marker_spacing(const Fonts& fonts);

// The step of the marker whose triangle is nearest to x, within the triangle's reach, or -1: a
// click or the pointer on a triangle means its step, though steps lie closer than triangles.
int marker_step_near(const std::vector<EventMarker>& markers, const ScrubberAxis& axis, float x,
                     const Fonts& fonts);

// Inside an open tooltip: a line per marker of `step`, in its colour (name: label), and its detail.
void marker_tooltip_lines(const std::vector<EventMarker>& markers, int step);

// One line at the cursor, at most `width` wide: a swatch and name per kind present (the meaning in
// each one's tooltip), then as much of the keys' hint as fits (all keys in its tooltip).
// `pages_jump`: whether PageDown / PageUp jump between markers now.
void draw_marker_legend(const std::vector<EventMarker>& markers, bool pages_jump, const Fonts& fonts,
                        float width);

// This frame's marker keys: ] or N the next marker, [ or Shift+N the previous, M switches
// `pages_jump`; while it is on, PageDown / PageUp jump too and are taken from the frame, so that
// the playback keys do not also step. Nothing while a text field has the keyboard.
void handle_marker_keys(Playback& playback, const std::vector<EventMarker>& markers, bool& pages_jump);

// Compare mode's marker keys: ] or N the next marker of either side, [ or Shift+N the previous.
void handle_compare_marker_keys(CompareCursor& cursor, const std::vector<CompareMarker>& markers);

}  // namespace gridlock::viewer
