// The viewer's look: fonts, ImGui style and the colours every view and panel shares.
// Chosen for a lecture projector: large type, a dark background, few strong colours.
#pragma once

#include <imgui.h>

#include <array>

#include "model/presenter_settings.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct Fonts {
  ImFont* ui = nullptr;  // body text
  ImFont* bold = nullptr;
  ImFont* heading = nullptr;         // panel and section titles
  ImFont* caption = nullptr;         // the current step's label above the tree
  ImFont* caption_detail = nullptr;  // the step's detail beside the label
  ImFont* mono = nullptr;            // kernel source, numbers in the tree
  bool fallback = false;             // no TrueType font was found; ImGui's own font is used
};

// Loads the fonts at `scale` times their normal size into the ImGui font atlas. Must run after
// ImGui::CreateContext and before the first frame.
Fonts load_fonts(float scale);

// How much larger than the normal 17-pixel body text the fonts are (the --scale option).
inline float ui_scale(const Fonts& fonts) { return fonts.ui->FontSize / 17.0f; }

// Applies the colour scheme (the colour:: values below and ImGui's) and the spacing at `scale`
// to the current ImGui context.
void apply_style(float scale, Theme theme = Theme::dark);
// Sets the colour:: values of `theme` (apply_style does it too); no ImGui context needed.
void set_theme_colours(Theme theme);

namespace colour {
// The theme sets these (set_theme_colours); the values here are the dark theme's.
inline ImU32 background = IM_COL32(21, 23, 29, 255);
inline ImU32 canvas = IM_COL32(16, 18, 23, 255);
inline ImU32 panel = IM_COL32(28, 31, 38, 255);
inline ImU32 grid = IM_COL32(52, 57, 68, 255);
inline ImU32 text = IM_COL32(230, 233, 240, 255);
inline ImU32 text_dim = IM_COL32(140, 147, 162, 255);
inline ImU32 text_faint = IM_COL32(88, 94, 108, 255);
inline ImU32 accent = IM_COL32(255, 255, 255, 255);
inline ImU32 current_row = IM_COL32(255, 255, 255, 14);
inline ImU32 dst = IM_COL32(79, 163, 255, 255);  // the element that accumulates
inline ImU32 src = IM_COL32(255, 159, 67, 255);  // the element folded into it
inline ImU32 past_edge = IM_COL32(150, 160, 180, 60);
inline ImU32 highlight_line = IM_COL32(255, 200, 60, 46);
inline ImU32 highlight_mark = IM_COL32(255, 200, 60, 255);
inline ImU32 confirmed = IM_COL32(61, 220, 132, 255);
inline ImU32 contradicted = IM_COL32(255, 92, 92, 255);
inline ImU32 not_observable = IM_COL32(255, 200, 87, 255);
inline ImU32 silent_failure =
    IM_COL32(236, 120, 255, 255);  // confirmed, and the point is a silent wrong result
inline ImU32 error = IM_COL32(255, 105, 105, 255);
inline ImU32 model_banner = IM_COL32(255, 190, 60, 255);
inline ImU32 model_banner_text = IM_COL32(30, 22, 5, 255);
inline ImU32 code_comment = IM_COL32(120, 170, 120, 255);
inline ImU32 code_phase = IM_COL32(255, 205, 90, 255);
inline ImU32 code_keyword = IM_COL32(198, 146, 255, 255);
inline ImU32 code_number = IM_COL32(120, 200, 255, 255);
inline ImU32 line_number = IM_COL32(90, 97, 112, 255);

// Warps alternate through these, so neighbouring warps always differ.
inline constexpr std::array<ImU32, 4> warps = {IM_COL32(46, 196, 182, 255), IM_COL32(155, 123, 255, 255),
                                               IM_COL32(96, 211, 108, 255), IM_COL32(240, 110, 170, 255)};

// Timeline slices and instants by what their time was spent on (trace::Category). Work is the
// teal of the first warp; waiting is grey, so that work stands out; the rest are distinct.
inline constexpr ImU32 category_work = IM_COL32(46, 196, 182, 255);
inline constexpr ImU32 category_barrier = IM_COL32(95, 102, 118, 255);
inline constexpr ImU32 category_wait = IM_COL32(122, 112, 150, 255);
inline constexpr ImU32 category_spin = IM_COL32(235, 87, 87, 255);
inline constexpr ImU32 category_critical = IM_COL32(155, 123, 255, 255);
inline constexpr ImU32 category_atomic = IM_COL32(250, 196, 60, 255);
inline constexpr ImU32 category_kernel = IM_COL32(79, 140, 255, 255);
inline constexpr ImU32 category_copy = IM_COL32(96, 211, 108, 255);
inline constexpr ImU32 category_sync = IM_COL32(140, 150, 175, 255);
inline constexpr ImU32 category_host = IM_COL32(200, 160, 110, 255);
inline constexpr ImU32 category_other = IM_COL32(170, 172, 180, 255);
inline constexpr ImU32 category_ticket = IM_COL32(255, 214, 102, 255);
// The moments a lesson is about: one loud colour, so that they are the first thing seen.
inline constexpr ImU32 category_moment = IM_COL32(255, 64, 129, 255);
ImU32 category(trace::Category c);
inline ImU32 counter = IM_COL32(235, 238, 245, 230);  // counter lines in the timeline
inline ImU32 flow = IM_COL32(255, 200, 60, 220);      // flow arrows between events
inline ImU32 notice = IM_COL32(255, 190, 60, 255);    // the trace's notices
// Compare mode's two sides: their labels and their marks on the shared time scrubber.
inline constexpr std::array<ImU32, 2> sides = {IM_COL32(79, 163, 255, 255), IM_COL32(255, 159, 67, 255)};

// The heat map for values, low to high, evenly spaced stops. The heat strip shader receives
// these as uniforms, so the boxes drawn here and the strips drawn on the GPU agree.
struct Rgb {
  float r, g, b;
};
inline constexpr std::array<Rgb, 5> heat_stops = {Rgb{0.11f, 0.15f, 0.38f}, Rgb{0.16f, 0.38f, 0.72f},
                                                  Rgb{0.12f, 0.63f, 0.63f}, Rgb{0.56f, 0.80f, 0.34f},
                                                  Rgb{0.99f, 0.88f, 0.30f}};
inline constexpr Rgb heat_missing = {0.22f, 0.24f, 0.28f};

// t in 0..1 (clamped) through heat_stops; a negative t is a node with no value.
ImU32 heat(float t, float alpha = 1.0f);
// Black or white, whichever reads better on `background`.
ImU32 text_on(ImU32 background);
// `colour` with its alpha multiplied by `alpha` (clamped to 0..1).
ImU32 with_alpha(ImU32 colour, float alpha);
}  // namespace colour

}  // namespace gridlock::viewer
