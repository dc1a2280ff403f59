// The Export menu: the current view as a PNG, and the animation (every step, or a range of steps)
// as PNG frames, a GIF or a video, written into the viewer's folder under the trace's name.
#pragma once

#include <optional>
#include <string>

#include "model/export_range.hpp"

namespace gridlock::viewer {

struct ExportMenuState {
  bool all_steps = true;
  int first = 1, last = 1;  // 1-based, as the window counts steps
};

struct ExportRequest {
  ExportKind kind = ExportKind::png;
  std::string path;
  ExportRange range;
};

// Draws the menu's items (inside an open menu). `stem`: the file name to use without extension
// (empty: nothing is shown, the items are disabled); `steps`: the shown trace's step count.
std::optional<ExportRequest> draw_export_menu(ExportMenuState& state, const std::string& folder,
                                              const std::string& stem, int steps);

}  // namespace gridlock::viewer
