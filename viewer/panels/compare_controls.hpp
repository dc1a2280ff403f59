// Compare mode's playback bar: first, back, play/pause, forward, last over the shared time; the
// time; a scrubber over both runs' span with each side's step changes marked in its colour
// (side 0 above the track, side 1 below) and, beyond those ticks, each side's event markers
// (model/compare_markers.hpp; hover one for what it marks, click it to go there); the speed.
// The keys are those of single playback, and ] [ N jump between the markers.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "model/compare.hpp"
#include "model/compare_markers.hpp"
#include "style.hpp"

namespace gridlock::viewer {

// One row of controls across the current window's width. `sides`: the two sides' labels; `unit`:
// what the shared clock (side 0's) counts.
void draw_compare_controls(CompareCursor& cursor, const std::array<std::string, 2>& sides,
                           const std::vector<CompareMarker>& markers, const Fonts& fonts,
                           trace::TimeUnit unit);

}  // namespace gridlock::viewer
