// Frame-by-frame export: PNG frames, GIF (model/gif_writer.hpp) and ffmpeg's standard input.
#include "export_animation.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "model/gif_writer.hpp"
#include "model/lesson_cli.hpp"
#include "render/offscreen.hpp"

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

constexpr int kSettleFrames = 4;  // ImGui's auto-sized windows settle on the second frame
constexpr int kFramesPerMove = 2;
constexpr float kSecondsPerFrame = 0.5f;  // long enough for growing edges to finish; playback is paused

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

}  // namespace

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream folders(path);
  for (std::string folder; std::getline(folders, folder, ':');) {
    const fs::path candidate = fs::path(folder.empty() ? "." : folder) / program;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

std::string frame_file(const std::string& folder, int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%05d.png", index);
  return (fs::path(folder) / name).string();
}

std::string export_animation(const RenderFrame& render, const std::function<std::vector<Move>()>& plan,
                             const ExportTargets& targets, std::string& summary) {
  OffscreenTarget target;
  if (!target.create(targets.width, targets.height)) return target.error();
  render(&target, kSecondsPerFrame);
  std::vector<Move> moves = plan();
  if (targets.kind == ExportKind::png) moves = {[] {}};  // the view as it is
  if (moves.empty()) return "the range holds no steps";
  FrameSink sink(targets);
  if (std::string error = sink.open(); !error.empty()) return error;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    moves[k]();
    for (int i = 0; i < (k == 0 ? kSettleFrames : kFramesPerMove); ++i) render(&target, kSecondsPerFrame);
    glFinish();
    if (std::string error = sink.add(target.read_rgb()); !error.empty()) return error;
  }
  if (std::string error = sink.close(); !error.empty()) return error;
  const std::string size = std::to_string(targets.width) + "x" + std::to_string(targets.height);
  summary = targets.kind == ExportKind::png
                ? "wrote " + targets.path + " (" + size + ")"
                : "wrote " + std::to_string(sink.count()) + " frames of " + size + " to " + targets.path;
  return {};
}

}  // namespace gridlock::viewer
