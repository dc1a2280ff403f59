// What the charts (barrier, ticket, Gantt and timings views) share: the summary lines over a
// chart, a legend of swatches, a hatched box for time a block did not exist, the row of a chart
// under the pointer, a dashed reference line, and a label cut to the room it has.
#pragma once

#include <imgui.h>

#include <string>
#include <utility>
#include <vector>

#include "style.hpp"

namespace gridlock::viewer {

// A bold first line and a dim second one, as ImGui text, wrapped where the space is narrow.
void chart_summary(const Fonts& fonts, const std::string& first, const std::string& second);

// Swatches with names, left to right, as one item: one text line high, or more where they do not
// fit side by side in the width left.
void chart_legend(const std::vector<std::pair<ImU32, std::string>>& entries);
// The height chart_legend takes in `width` pixels.
float chart_legend_height(const std::vector<std::pair<ImU32, std::string>>& entries, float width);

// A box with diagonal lines: time in which a block had not started.
void paint_hatched(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 lines);
// Rows thinner than this get the hatching's average colour instead of its lines.
constexpr float kHatchedRowPx = 5.0f;

// The index of the row under y when `count` rows of height `h` start at y0, or -1.
int chart_row_at(float y, float y0, float h, std::size_t count);

// A vertical dashed line from y0 down to y1 at x.
void paint_dashed_vline(ImDrawList* list, float x, float y0, float y1, ImU32 c, float dash, float thickness);

// `text` as it fits max_width at `size`: whole, or cut at a character with an ellipsis after it
// (empty where not even one character and the ellipsis fit).
std::string cut_to_width(const ImFont* font, float size, const std::string& text, float max_width);

// Text at `at`, cut with an ellipsis where it is wider than max_width; returns the width drawn.
float paint_fitted_text(ImDrawList* list, ImFont* font, float size, ImVec2 at, ImU32 c,
                        const std::string& text, float max_width);

}  // namespace gridlock::viewer
