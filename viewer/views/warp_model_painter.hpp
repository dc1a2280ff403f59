// Painting a model's warp step by step (the lock view of a model trace): a grid of the warp's
// lanes (rows) over its steps (columns) coloured by what each lane did, the lock's holder
// outlined, the current step marked, the steps that repeat forever bracketed as the deadlock; and
// beside it the SIMT reconvergence stack after the current step.
#pragma once

#include <imgui.h>

#include "model/lock_run.hpp"
#include "render/pixel_layer.hpp"
#include "style.hpp"

namespace gridlock::viewer {

ImU32 lane_state_colour(LaneState state);

// The grid inside [min, max]; `step` is the current step, -1 draws every step as current
// (thumbnails). The cells go into `cells` where it is given (a step and a lane each: thousands).
// With `curtain` (a question open) the steps after `step` and the repeat are left out. Returns the
// step under `mouse`, or -1.
int paint_warp_grid(ImDrawList* list, const Fonts& fonts, const WarpModel& model, int step, ImVec2 min,
                    ImVec2 max, ImVec2 mouse, bool labels, PixelLayer* cells = nullptr, bool curtain = false);

// The stack after `step`, top first, with each entry's lanes as 32 cells, from `at` down; returns
// the height used.
float paint_warp_stack(ImDrawList* list, const Fonts& fonts, const WarpModel& model, int step, ImVec2 at,
                       float width);

// The lane states, the holder's outline and the deadlock bracket as swatches with names.
void draw_warp_legend(bool deadlocked, bool short_names = false);

}  // namespace gridlock::viewer
