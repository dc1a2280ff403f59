// "Run on this GPU": a window that re-runs the shown trace's lesson with values chosen in it, in
// the background, showing the lesson's output as it comes, and hands the new trace back to be
// compared with the recorded one. Without the lesson's executable, or once the lesson said it has
// no usable GPU (exit 77), the Run button is disabled and says why.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/document.hpp"
#include "model/lesson_run.hpp"
#include "style.hpp"

namespace gridlock::viewer {

struct RunPanelConfig {
  LessonBinSearch search;
  std::string runs_folder;              // where new traces are written
  bool start_at_once = false;           // start a run as soon as the window has learnt the lesson
  int cancel_after_lines = 0;           // > 0: cancel a run once it has printed this many lines
  std::vector<std::string> set_values;  // NAME=VALUE, over the recorded values
  std::string no_programs;              // set: no lesson can run where the viewer runs, and why
};

struct RunPanelState {
  RunPanelConfig config;
  bool open = false;
  std::string program;  // the lesson the window was set up for
  std::string recorded_path;
  LessonInterface lesson;
  LessonValues values;
  std::string unavailable;  // why the Run button is disabled; empty when it is not
  LessonRun run;
  bool follow_output = true;
};

// Opens the window for `document`'s lesson (learning it again when the lesson changed).
void open_run_panel(RunPanelState& state, const Document& document);

// What a finished run hands back: the recorded trace and the new one, to be compared.
struct RunOutcome {
  std::string recorded, fresh;
};

// Polls the run and draws the window when it is open. Returns the traces to compare on the frame
// a run ends with a trace.
std::optional<RunOutcome> draw_run_panel(RunPanelState& state, const Fonts& fonts);

}  // namespace gridlock::viewer
