// A program run in the background: its output (stdout and stderr together) read line by line
// without blocking, its exit status, and cancelling it. POSIX.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace gridlock::viewer {

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess();  // kills a program still running and waits for it
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts argv[0] (a path) with `argv` in a process group of its own. False (with error())
  // when it cannot be started; a program that cannot be executed exits with 127.
  bool start(const std::vector<std::string>& argv);
  // Reads what the program wrote since the last call, without waiting; returns the whole lines
  // (a carriage return ends a line too). Once the program has exited, also its last partial line.
  std::vector<std::string> poll_lines();
  // Whether the program is still running (reaps it when it has exited).
  bool running();
  // Asks the program and its children to stop (SIGTERM), and kills them (SIGKILL) when they
  // have not stopped after `grace_ms`. Returns once the program has exited.
  void cancel(int grace_ms = 1000);
  // The exit code; -1 while running; 128 + N after signal N.
  int exit_code() const { return exit_code_; }
  bool cancelled() const { return cancelled_; }
  const std::string& error() const { return error_; }

 private:
  void reap(bool wait);

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string partial_;
  int exit_code_ = -1;
  bool cancelled_ = false;
  std::string error_;
};

// Runs argv to its end (for --describe-options), killing it after `timeout_ms`.
// Returns its output; `exit_code` receives its exit code (-1 when it could not be started).
std::string run_to_end(const std::vector<std::string>& argv, int& exit_code, int timeout_ms = 5000);

}  // namespace gridlock::viewer
