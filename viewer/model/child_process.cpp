// fork/exec with one pipe for stdout and stderr, read without blocking.
#include "model/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace gridlock::viewer {

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && running()) cancel(200);
  if (fd_ >= 0) close(fd_);
}

bool ChildProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty() || pid_ > 0) {
    error_ = argv.empty() ? "nothing to run" : "a program is already running";
    return false;
  }
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) {
    error_ = std::string("cannot make a pipe: ") + std::strerror(errno);
    return false;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    error_ = std::string("cannot start a process: ") + std::strerror(errno);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return false;
  }
  if (pid == 0) {  // the child: its own group, so that cancelling reaches its children too
    setpgid(0, 0);
    dup2(pipe_fds[1], STDOUT_FILENO);
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execv(args[0], args.data());
    const std::string message = std::string("cannot run ") + argv[0] + ": " + std::strerror(errno) + "\n";
    (void)!write(STDERR_FILENO, message.data(), message.size());
    _exit(127);
  }
  setpgid(pid, pid);  // also here: whichever runs first
  close(pipe_fds[1]);
  fd_ = pipe_fds[0];
  fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  exit_code_ = -1;
  cancelled_ = false;
  partial_.clear();
  return true;
}

std::vector<std::string> ChildProcess::poll_lines() {
  std::vector<std::string> lines;
  bool ended = false;
  if (fd_ >= 0) {
    char buffer[4096];
    for (;;) {
      const ssize_t got = read(fd_, buffer, sizeof buffer);
      if (got > 0) {
        partial_.append(buffer, static_cast<std::size_t>(got));
        continue;
      }
      if (got == 0) ended = true;  // every writer closed the pipe
      break;
    }
  }
  std::size_t begin = 0;
  for (std::size_t i = 0; i < partial_.size(); ++i) {
    if (partial_[i] != '\n' && partial_[i] != '\r') continue;
    if (i > begin) lines.push_back(partial_.substr(begin, i - begin));
    begin = i + 1;
  }
  partial_.erase(0, begin);
  if (ended) {
    if (!partial_.empty()) lines.push_back(partial_);
    partial_.clear();
    close(fd_);
    fd_ = -1;
  }
  return lines;
}

void ChildProcess::reap(bool wait) {
  if (pid_ <= 0) return;
  int status = 0;
  const pid_t done = waitpid(pid_, &status, wait ? 0 : WNOHANG);
  if (done != pid_) return;
  exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  pid_ = -1;
}

bool ChildProcess::running() {
  reap(false);
  return pid_ > 0;
}

void ChildProcess::cancel(int grace_ms) {
  if (!running()) return;
  cancelled_ = true;
  kill(-pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
  while (running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    reap(true);
  }
}

std::string run_to_end(const std::vector<std::string>& argv, int& exit_code, int timeout_ms) {
  ChildProcess child;
  exit_code = -1;
  if (!child.start(argv)) return child.error();
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    for (const std::string& line : child.poll_lines()) text += line + "\n";
    if (!child.running()) break;
    if (std::chrono::steady_clock::now() > deadline) {
      child.cancel(100);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (const std::string& line : child.poll_lines()) text += line + "\n";
  exit_code = child.exit_code();
  return text;
}

}  // namespace gridlock::viewer
