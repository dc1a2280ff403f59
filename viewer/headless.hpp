// The runs without a person watching: --screenshot (one frame to a PNG) and --bench-frames
// (frame-time statistics).
#pragma once

#include <imgui.h>

#include <functional>
#include <string>

#include "render/offscreen.hpp"

namespace gridlock::viewer {

// Renders one whole frame: into `target` at its size when it is given, else to the window.
using RenderFrame = std::function<void(const OffscreenTarget* target, float seconds)>;

// Renders a few frames off-screen (ImGui's auto-sized windows settle on the second) and writes
// the last as a PNG. Returns the exit code: 0, or 1 with a message on stderr.
int take_screenshot(const RenderFrame& render, const std::string& path, int width, int height);

// --layout-report: what the last frame rendered drew (layout_check.hpp), as text in `path`.
// Returns the exit code: 0, or 1 with a message on stderr.
int write_layout_report(const std::string& path, ImVec2 display);

// Renders `frames` frames to the window as fast as it can and prints frame-time statistics
// (mean, median, 95th percentile, min, max) naming the GL renderer. Returns the exit code.
// `keep_going` is asked before every frame (false when the window is closed).
int benchmark(const RenderFrame& render, int frames, const std::function<bool()>& keep_going);

}  // namespace gridlock::viewer
