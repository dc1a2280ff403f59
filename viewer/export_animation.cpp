// Frame-by-frame export: PNG frames, GIF (model/gif_writer.hpp) and ffmpeg's standard input.
#include "export_animation.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "model/gif_writer.hpp"
#include "model/lesson_cli.hpp"
#include "model/paths.hpp"
#include "render/offscreen.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

constexpr int kSettleFrames = 4;  // ImGui's auto-sized windows settle on the second frame
constexpr int kFramesPerMove = 2;
constexpr float kSecondsPerFrame = 0.5f;  // long enough for growing edges to finish; playback is paused

}  // namespace

// Where the frames go: PNG files, the GIF encoder, or ffmpeg's input.
class FrameSink {
 public:
  explicit FrameSink(const ExportTargets& targets) : targets_(targets) {}
  ~FrameSink() {
    if (ffmpeg_) pclose(ffmpeg_);
  }

  std::string open() {
    std::error_code ec;
    switch (targets_.kind) {
      case ExportKind::png:
        return {};
      case ExportKind::frames:
        fs::create_directories(targets_.path, ec);
        return fs::is_directory(targets_.path, ec) ? "" : "cannot make the folder " + targets_.path;
      case ExportKind::gif: {
        const int delay = static_cast<int>(100.0 / targets_.frames_per_second + 0.5);
        return gif_.open(targets_.path, targets_.width, targets_.height, delay) ? "" : gif_.error();
      }
      case ExportKind::video:
        return open_ffmpeg();
    }
    return {};
  }

  std::string add(const std::vector<std::uint8_t>& rgb) {
    const int index = count_++;
    switch (targets_.kind) {
      case ExportKind::png:
        return write_png(targets_.path, targets_.width, targets_.height, rgb)
                   ? ""
                   : "cannot write " + targets_.path;
      case ExportKind::frames: {
        const std::string file = frame_file(targets_.path, index);
        return write_png(file, targets_.width, targets_.height, rgb) ? "" : "cannot write " + file;
      }
      case ExportKind::gif:
        return gif_.add_frame(rgb) ? "" : gif_.error();
      case ExportKind::video:
        return std::fwrite(rgb.data(), 1, rgb.size(), ffmpeg_) == rgb.size() ? "" : "ffmpeg stopped reading";
    }
    return {};
  }

  std::string close() {
    if (targets_.kind == ExportKind::gif && !gif_.close()) return gif_.error();
    if (targets_.kind == ExportKind::video && ffmpeg_) {
      const int status = pclose(ffmpeg_);
      ffmpeg_ = nullptr;
      if (status != 0) return "ffmpeg failed (status " + std::to_string(status) + ")";
    }
    return {};
  }

  int count() const { return count_; }

 private:
  std::string open_ffmpeg() {
    const std::string ffmpeg = find_on_path("ffmpeg");
    if (ffmpeg.empty()) return "ffmpeg is not on the PATH: install it to export video";
    std::ostringstream rate;
    rate << targets_.frames_per_second;
    const std::string size = std::to_string(targets_.width) + "x" + std::to_string(targets_.height);
    const std::string line =
        shell_line({ffmpeg, "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", size,
                    "-r", rate.str(), "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt",
                    "yuv420p", targets_.path});
    ffmpeg_ = popen(line.c_str(), "w");
    return ffmpeg_ ? "" : "cannot start ffmpeg";
  }

  const ExportTargets& targets_;
  GifWriter gif_;
  std::FILE* ffmpeg_ = nullptr;
  int count_ = 0;
};

std::string frame_file(const std::string& folder, int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%05d.png", index);
  return (fs::path(folder) / name).string();
}

AnimationExport::AnimationExport() = default;
AnimationExport::~AnimationExport() = default;

std::string AnimationExport::start(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                                   const ExportTargets& targets) {
  targets_ = targets;
  if (!target_.create(targets_.width, targets_.height)) return target_.error();
  render(&target_, kSecondsPerFrame);
  moves_ = plan();
  if (targets_.kind == ExportKind::png) moves_ = {[] {}};  // the view as it is
  if (moves_.empty()) return "the range holds no steps";
  sink_ = std::make_unique<FrameSink>(targets_);
  return sink_->open();
}

std::string AnimationExport::advance(const RenderFrame& render) {
  if (done()) return {};
  const std::size_t k = next_++;
  moves_[k]();
  for (int i = 0; i < (k == 0 ? kSettleFrames : kFramesPerMove); ++i) render(&target_, kSecondsPerFrame);
  glFinish();
  return sink_->add(target_.read_rgb());
}

std::string AnimationExport::finish(std::string& summary) {
  if (std::string error = sink_->close(); !error.empty()) return error;
  const std::string size = std::to_string(targets_.width) + "x" + std::to_string(targets_.height);
  summary = targets_.kind == ExportKind::png
                ? "wrote " + targets_.path + " (" + size + ")"
                : "wrote " + std::to_string(sink_->count()) + " frames of " + size + " to " + targets_.path;
  return {};
}

std::string export_animation(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                             const ExportTargets& targets, std::string& summary) {
  AnimationExport animation;
  if (std::string error = animation.start(render, plan, targets); !error.empty()) return error;
  while (!animation.done())
    if (std::string error = animation.advance(render); !error.empty()) return error;
  return animation.finish(summary);
}

}  // namespace gridlock::viewer
