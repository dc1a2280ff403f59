// What every lesson's main() shares: options, the device, claims with verdicts, the trace, the
// report and the exit code. A lesson supplies its description, its kernel source and a body.
#pragma once

#include <functional>
#include <string>

#include "cli.hpp"
#include "trace/trace.hpp"

namespace gridlock {

// The kernel source embedded at build time (AddLesson.cmake generates it from kernels.cuh).
struct KernelSource {
  const char* path;   // inside the repository
  const char* text;
};

class LessonRun {
 public:
  LessonRun(LessonOptions options, trace::Trace trace) : options_(std::move(options)), trace_(std::move(trace)) {}

  const LessonOptions& options() const { return options_; }
  trace::Trace& trace() { return trace_; }
  const trace::Device& device() const { return trace_.producer.device; }

  // A new step whose label is a phase comment of the kernel; its lines are found in the source.
  // Throws std::logic_error when the kernel has no such comment.
  trace::Step& add_step(const std::string& label, const std::string& detail, const std::string& note);

  // A claim of the documentation and the verdict the measurement gives.
  void claim(const std::string& id, const std::string& statement, bool holds,
             const std::string& measurement, const std::string& reason = "");
  void claim_not_observable(const std::string& id, const std::string& statement,
                            const std::string& reason);

  // A check of the lesson's own result failed: the run ends with exit code 1.
  void check_failed(const std::string& what);
  bool checks_passed() const { return checks_passed_; }

 private:
  LessonOptions options_;
  trace::Trace trace_;
  bool checks_passed_ = true;
};

struct LessonInfo {
  LessonDescription description;
  const char* technique;   // TECHNIQUES.md entry
  KernelSource source;
};

// Parses the command line, opens the GPU, runs the body, prints the claims and timings, writes
// the trace if --trace was given, and returns the exit code of DESIGN.md.
int run_lesson(int argc, char** argv, const LessonInfo& info,
               const std::function<void(LessonRun&)>& body);

}  // namespace gridlock
