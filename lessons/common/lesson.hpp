// What every lesson's main() shares: options, the device, claims with verdicts, the run's clock,
// the trace, the report and the exit code. A lesson supplies its defaults and a body; its
// identity (id, title, technique, kernel source) is generated from its CMakeLists.txt.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "common/record/run_clock.hpp"
#include "common/sources/sources.hpp"
#include "trace/trace.hpp"

namespace gridlock {

// Who the lesson is: written once, in the lesson's gridlock_add_lesson() call; AddLesson.cmake
// generates lesson_info.hpp, which defines `kLesson` from it and embeds kernels.cuh.
// Thrown by a lesson body when this machine cannot run what was asked (a variant that records two
// GPUs on a machine with one): the runner prints the reason and exits kExitNoDevice, as ctest's skip.
class NotOnThisMachine : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LessonIdentity {
  const char* id;
  const char* title;
  const char* technique;    // TECHNIQUES.md entry
  const char* source_path;  // kernels.cuh, inside the repository
  const char* source_text;
  // The other lessons/ files with device code the kernel compiles with, carried in the trace
  // beside it (generated from the compiler's dependency list); nullptr: none.
  const std::vector<sources::CarriedSource>* carried = nullptr;
  // The lines of the kernel file and of the carried files that only record (from the compiler's
  // line tables); nullptr: none known.
  const std::vector<sources::RecordingLines>* recording = nullptr;
};

// A documented claim, declared once per lesson and referred to when its verdict is given.
struct ClaimSpec {
  const char* id;         // "<technique>.<name>", e.g. "R1.sum"
  const char* statement;  // what the documentation says, restated
};

class LessonRun {
 public:
  LessonRun(LessonOptions options, trace::Trace trace)
      : options_(std::move(options)), trace_(std::move(trace)) {}

  const LessonOptions& options() const { return options_; }
  trace::Trace& trace() { return trace_; }
  const trace::Device& device() const { return trace_.producer.devices.front(); }
  RunClock& clock() { return clock_; }

  // A new step whose label is a phase comment of the kernel; its lines are found in the source.
  // Throws std::logic_error when the kernel has no such comment, or has it twice.
  trace::Step& add_step(const std::string& label, const std::string& detail, const std::string& note,
                        int launch = -1);
  // Every step labelled `label` also lights region `region` ("// lesson-begin REGION") of the
  // carried source whose path ends in `file`: the technique code the phase runs, in the file that
  // holds it ("locks/common/locks.cuh", "documented-lock"). Throws std::logic_error when no
  // carried source has that region.
  void light(const std::string& label, const std::string& file, const std::string& region);
  // Declares a kernel launch that steps belong to; returns its id.
  int add_launch(const std::string& kernel, int64_t grid, int block);

  // The verdict on a claim: confirmed when it holds, contradicted (with the measurement) when not.
  void claim(const ClaimSpec& claim, bool holds, const std::string& measurement,
             const std::string& reason = "");
  void claim_not_observable(const ClaimSpec& claim, const std::string& reason);

  // A check of the lesson's own result failed: the run ends with exit code 1.
  void check_failed(const std::string& what);
  bool checks_passed() const { return checks_passed_; }

 private:
  LessonOptions options_;
  trace::Trace trace_;
  RunClock clock_;
  std::vector<std::pair<std::string, trace::SourceLines>> lights_;  // label -> lines it lights
  bool checks_passed_ = true;
};

// Parses the command line, checks that the --trace path can be written, opens the GPU, refuses a
// run that needs more device memory than is free (LessonDefaults::device_bytes), runs the body,
// prints the claims and timings, writes the trace if --trace was given, and returns the exit code
// of DESIGN.md: every usage error (2) comes before any GPU work. Any exception the body throws
// becomes a message and exit code 1.
int run_lesson(int argc, char** argv, const LessonIdentity& lesson, const LessonDefaults& defaults,
               const std::function<void(LessonRun&)>& body);

}  // namespace gridlock
