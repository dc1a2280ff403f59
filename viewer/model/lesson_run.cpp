// Finding, learning and running a lesson executable.
#include "model/lesson_run.hpp"

#include <unistd.h>

#include <ctime>
#include <filesystem>

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {

constexpr int kExitNoDevice = 77;  // lessons/common/exit_codes.hpp

std::string first_line_with(const std::vector<std::string>& lines, const std::string& word) {
  for (const std::string& line : lines)
    if (line.find(word) != std::string::npos) return line;
  return lines.empty() ? std::string() : lines.front();
}

}  // namespace

std::string find_lesson_executable(const LessonBinSearch& search, const std::string& program) {
  if (program.empty() || program.find('/') != std::string::npos) return {};
  for (const std::string& folder : search.folders) {
    if (folder.empty()) continue;
    const fs::path candidate = fs::path(folder) / program;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0)
      return fs::weakly_canonical(candidate, ec).string();
  }
  return {};
}

LessonInterface learn_lesson(const std::string& executable) {
  LessonInterface lesson;
  lesson.executable = executable;
  int code = -1;
  const std::string described = run_to_end({executable, "--describe-options"}, code);
  if (code != 0) {
    lesson.error = executable + " --describe-options failed (exit " + std::to_string(code) + ")";
    return lesson;
  }
  lesson.options = parse_described_options(described, executable + " --describe-options", &lesson.error);
  return lesson;
}

std::string new_trace_path(const std::string& folder, const std::string& program,
                           const std::string& variant) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  std::string name = program + (variant.empty() ? "" : "." + variant) + "-" + stamp + ".json";
  return (fs::path(folder) / name).string();
}

bool LessonRun::start(const std::vector<std::string>& argv, const std::string& trace_path) {
  if (running()) return false;
  child_ = std::make_unique<ChildProcess>();
  lines_.clear();
  trace_path_ = trace_path;
  command_line_ = shell_line(argv);
  exit_code_ = -1;
  std::error_code ec;
  fs::create_directories(fs::path(trace_path).parent_path(), ec);
  fs::remove(trace_path, ec);
  if (!child_->start(argv)) {
    state_ = State::failed;
    message_ = child_->error();
    return false;
  }
  state_ = State::running;
  message_ = "running";
  return true;
}

bool LessonRun::poll() {
  if (state_ != State::running) return false;
  for (std::string& line : child_->poll_lines()) lines_.push_back(std::move(line));
  if (child_->running()) return false;
  for (std::string& line : child_->poll_lines()) lines_.push_back(std::move(line));
  finish();
  return true;
}

void LessonRun::cancel() {
  if (state_ != State::running) return;
  child_->cancel();
  for (std::string& line : child_->poll_lines()) lines_.push_back(std::move(line));
  finish();
}

void LessonRun::finish() {
  exit_code_ = child_->exit_code();
  std::error_code ec;
  if (child_->cancelled()) {
    state_ = State::cancelled;
    message_ = "cancelled";
  } else if (exit_code_ == kExitNoDevice) {
    state_ = State::no_gpu;
    message_ = "no usable GPU: " + first_line_with(lines_, "no usable CUDA device");
  } else if (!fs::is_regular_file(trace_path_, ec)) {
    state_ = State::failed;
    message_ = "the lesson exited with " + std::to_string(exit_code_) + " and wrote no trace";
  } else {
    state_ = State::done;
    message_ = exit_code_ == 0 ? "done"
                               : "done, but a check of the lesson failed (exit " +
                                     std::to_string(exit_code_) + "); its trace says which";
  }
}

}  // namespace gridlock::viewer
