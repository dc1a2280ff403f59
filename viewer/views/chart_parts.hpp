// What the inter-block charts (barrier, ticket and Gantt views) share: the summary lines over a
// chart, a legend of swatches, a hatched box for time a block did not exist, and the row of a
// chart under the pointer.
#pragma once

#include <imgui.h>

#include <string>
#include <utility>
#include <vector>

#include "style.hpp"

namespace gridlock::viewer {

// A bold first line and a dim second one, as ImGui text, wrapped where the space is narrow.
void chart_summary(const Fonts& fonts, const std::string& first, const std::string& second);

// Swatches with names, left to right, one text line high, as one item.
void chart_legend(const std::vector<std::pair<ImU32, std::string>>& entries);

// A box with diagonal lines: time in which a block had not started.
void paint_hatched(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 lines);

// The index of the row under y when `count` rows of height `h` start at y0, or -1.
int chart_row_at(float y, float y0, float h, std::size_t count);

}  // namespace gridlock::viewer
