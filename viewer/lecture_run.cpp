// Reading a lecture from the command line, and shooting its stops.
#include "lecture_run.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace gridlock::viewer {

namespace {

// The lesson index a lecture names its lessons in: --lessons where it is a file, else the first of
// `index_files` that exists. Empty when none is found.
std::string lecture_index(const Options& options, const std::vector<std::string>& index_files) {
  std::error_code ec;
  if (!options.lessons.empty() && std::filesystem::is_regular_file(options.lessons, ec))
    return options.lessons;
  for (const std::string& p : index_files)
    if (!p.empty() && std::filesystem::is_regular_file(p, ec)) return p;
  return {};
}

}  // namespace

int prepare_lecture(const Options& options, const std::vector<std::string>& index_files,
                    ResolvedLecture& lecture) {
  if (options.lecture.empty()) return -1;
  const std::string index = lecture_index(options, index_files);
  if (index.empty()) {
    std::cerr
        << "gridlock-viewer: --lecture needs the lesson index (lesson-index.txt); give it with --lessons\n";
    return 2;
  }
  lecture = load_lecture(options.lecture, index);
  for (const std::string& problem : lecture.problems) std::cerr << "gridlock-viewer: " << problem << "\n";
  if (!lecture.problems.empty()) return 2;
  if (options.stop > static_cast<int>(lecture.stops.size())) {
    std::cerr << "gridlock-viewer: --stop " << options.stop << ": " << options.lecture << " has "
              << lecture.stops.size() << " stops\n";
    return 2;
  }
  if (!options.check_lecture) return -1;
  std::cout << lecture.title << "\n";
  for (const ResolvedStop& stop : lecture.stops) {
    std::cout << "stop " << stop.number << ": " << stop.title << "\n";
    for (const std::string& path : stop.paths) std::cout << "  " << path << "\n";
    for (const StopClaim& claim : stop.claims)
      std::cout << "  " << stop.claim_id << " " << trace::to_string(claim.verdict) << " in " << claim.side
                << "\n";
  }
  return 0;
}

void StopShots::after_frame(GLFWwindow* window, App& app, const RenderFrame& render) {
  if (folder_.empty() || app.lecture_stop() < 0) return;
  if (app.lecture_stop() != stop_) {
    stop_ = app.lecture_stop();
    frames_ = 0;
    shot_ = false;
  }
  constexpr int kSettleFrames = 10, kMostFrames = 300;  // a view that keeps moving is shot anyway
  if (shot_ || ++frames_ < kSettleFrames || (app.animating() && frames_ < kMostFrames)) return;
  int width = 0, height = 0;
  glfwGetFramebufferSize(window, &width, &height);
  char name[32];
  std::snprintf(name, sizeof name, "stop-%02d.png", stop_ + 1);
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  take_screenshot(render, (std::filesystem::path(folder_) / name).string(), width, height);
  shot_ = true;
}

}  // namespace gridlock::viewer
