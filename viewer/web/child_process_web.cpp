// A browser runs no programs: Run on this GPU and lessons' options say so instead.
#include "model/child_process.hpp"

namespace gridlock::viewer {

namespace {
constexpr const char* kNoPrograms =
    "a browser cannot run a lesson: run it with the desktop viewer on a machine with the lessons built and a "
    "GPU";
}

ChildProcess::~ChildProcess() = default;

bool ChildProcess::start(const std::vector<std::string>&) {
  error_ = kNoPrograms;
  return false;
}

std::vector<std::string> ChildProcess::poll_lines() { return {}; }

bool ChildProcess::running() { return false; }

void ChildProcess::cancel(int) {}

void ChildProcess::reap(bool) {}

std::string run_to_end(const std::vector<std::string>&, int& exit_code, int) {
  exit_code = -1;
  return kNoPrograms;
}

}  // namespace gridlock::viewer
