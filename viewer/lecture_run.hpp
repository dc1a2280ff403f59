// The lecture from the command line: read and checked before any window opens (--lecture,
// --check-lecture, --stop), and the window written to a PNG at every stop reached
// (--lecture-shots).
#pragma once

#include <string>
#include <vector>

#include "app.hpp"
#include "headless.hpp"
#include "lecture_stops.hpp"
#include "options.hpp"

struct GLFWwindow;

namespace gridlock::viewer {

// Reads options.lecture against the first of `index_files` that exists (--lessons, when it names
// a file, goes first) and checks every stop. Returns -1 to go on, else the exit code: 2 on a
// problem (each printed with its line), 0 after --check-lecture has listed the stops.
int prepare_lecture(const Options& options, const std::vector<std::string>& index_files,
                    ResolvedLecture& lecture);

// --lecture-shots: once a stop is shown and its views have settled, the window's picture goes to
// stop-NN.png in the folder.
class StopShots {
 public:
  explicit StopShots(std::string folder) : folder_(std::move(folder)) {}
  // Whether a stop is shown that has not been shot yet: the loop keeps drawing until it is.
  bool waiting(const App& app) const {
    return !folder_.empty() && app.lecture_stop() >= 0 && (!shot_ || app.lecture_stop() != stop_);
  }
  void after_frame(GLFWwindow* window, App& app, const RenderFrame& render);

 private:
  std::string folder_;
  int stop_ = -1, frames_ = 0;
  bool shot_ = false;
};

}  // namespace gridlock::viewer
