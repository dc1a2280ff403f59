// Exporting what the window shows for slides: the current view as a PNG, and the animation
// (each step, or each moment of a comparison) as numbered PNG frames, an animated GIF, or a video
// through ffmpeg where it is on the PATH. Renders off-screen with the window's own frame.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "headless.hpp"
#include "model/export_range.hpp"

namespace gridlock::viewer {

struct ExportTargets {
  ExportKind kind = ExportKind::png;
  std::string path;  // the PNG, GIF or video file; for frames, the folder (made when missing)
  int width = 1600, height = 900;
  double frames_per_second = 2.0;  // one step per frame
};

// One move of the shown trace (a seek) per exported frame.
using Move = std::function<void()>;

class FrameSink;

// An export made a frame at a time, so that a window (or a browser page) keeps drawing between
// frames: start() renders one frame (so that a trace opened just before is shown), asks `plan`
// for the moves and opens the file; each advance() makes the next move and writes its frame;
// finish() closes the file.
class AnimationExport {
 public:
  AnimationExport();
  ~AnimationExport();
  AnimationExport(const AnimationExport&) = delete;
  AnimationExport& operator=(const AnimationExport&) = delete;

  // Returns "" when the export is under way, else the reason it cannot be.
  std::string start(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                    const ExportTargets& targets);
  // Makes the next move and writes its frame. Returns "" or the reason the export failed.
  std::string advance(const RenderFrame& render);
  bool done() const { return next_ >= moves_.size(); }
  // Closes the file. Returns "" on success, else the reason; on success `summary` says what was
  // written.
  std::string finish(std::string& summary);

 private:
  ExportTargets targets_;
  OffscreenTarget target_;
  std::vector<Move> moves_;
  std::size_t next_ = 0;
  std::unique_ptr<FrameSink> sink_;
};

// The whole export at once (the command line's): start(), every advance(), finish().
std::string export_animation(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                             const ExportTargets& targets, std::string& summary);

// "NAME-00012.png" in `folder`: frame `index` (counted from 0) of an export.
std::string frame_file(const std::string& folder, int index);

}  // namespace gridlock::viewer
