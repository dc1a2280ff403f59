// Exporting what the window shows for slides: the current view as a PNG, and the animation
// (each step, or each moment of a comparison) as numbered PNG frames, an animated GIF, or a video
// through ffmpeg where it is on the PATH. Renders off-screen with the window's own frame.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "headless.hpp"

namespace gridlock::viewer {

enum class ExportKind { png, frames, gif, video };

struct ExportTargets {
  ExportKind kind = ExportKind::png;
  std::string path;  // the PNG, GIF or video file; for frames, the folder (made when missing)
  int width = 1600, height = 900;
  double frames_per_second = 2.0;  // one step per frame
};

// One move of the shown trace (a seek) per exported frame.
using Move = std::function<void()>;

// Renders one frame (so that a trace opened just before is shown), asks `plan` for the moves,
// then makes each and writes a frame after it. Returns "" on success, else the reason; on
// success `summary` says what was written.
std::string export_animation(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                             const ExportTargets& targets, std::string& summary);

// The path of `program` on the PATH; empty when it is not there.
std::string find_on_path(const std::string& program);

// "NAME-00012.png" in `folder`: frame `index` (counted from 0) of an export.
std::string frame_file(const std::string& folder, int index);

}  // namespace gridlock::viewer
