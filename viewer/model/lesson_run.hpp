// Running the lesson of a shown trace on this machine's GPU: finding its executable, learning its
// options from it, running it in the background with chosen values, and where the new trace goes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/child_process.hpp"
#include "model/lesson_cli.hpp"

namespace gridlock::viewer {

// Where lesson executables are looked for, in order: a configured folder (--lesson-bin), the
// GRIDLOCK_LESSON_BIN environment variable, the viewer's own folder, ../bin beside it, and the
// build/bin of the source tree.
struct LessonBinSearch {
  std::vector<std::string> folders;
};

// The executable named `program` in the first folder that holds one; empty when none does.
std::string find_lesson_executable(const LessonBinSearch& search, const std::string& program);

// What a lesson offers, as `EXE --describe-options` prints it.
struct LessonInterface {
  std::string executable;
  std::vector<LessonOption> options;
  std::string error;  // why it could not be learnt; empty when it was
};
LessonInterface learn_lesson(const std::string& executable);

// The new trace's path: FOLDER/PROGRAM[.VARIANT]-YYYYMMDD-HHMMSS.json.
std::string new_trace_path(const std::string& folder, const std::string& program, const std::string& variant);

// One run of a lesson, polled once per frame.
class LessonRun {
 public:
  enum class State { idle, running, done, failed, no_gpu, cancelled };

  // Starts `argv` (its last argument is the trace it writes). False with message() when it
  // cannot be started.
  bool start(const std::vector<std::string>& argv, const std::string& trace_path);
  // Reads new output and notices the end. Returns true on the frame the run ends.
  bool poll();
  void cancel();

  State state() const { return state_; }
  bool running() const { return state_ == State::running; }
  const std::vector<std::string>& lines() const { return lines_; }
  const std::string& trace_path() const { return trace_path_; }
  const std::string& command_line() const { return command_line_; }
  // How the run ended, in one sentence ("no usable GPU: …" quotes the lesson's own reason).
  const std::string& message() const { return message_; }
  int exit_code() const { return exit_code_; }

 private:
  void finish();

  std::unique_ptr<ChildProcess> child_;
  State state_ = State::idle;
  std::vector<std::string> lines_;
  std::string trace_path_, command_line_, message_;
  int exit_code_ = -1;
};

}  // namespace gridlock::viewer
