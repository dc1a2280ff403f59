// deadlock-lock-model OUTPUT_DIR: runs L3's two kernels in the model of the pre-Volta lockstep
// scheduler (no GPU needed) and writes their traces: deadlock-lock.lockstep.json (the documented
// kernel, which deadlocks) and deadlock-lock.lockstep-inside-the-loop.json (the lock inside the
// spin loop, which completes). Exit codes: 0 both behave as the claims say, 1 one does not (or a
// file could not be read or written), 2 usage error or an OUTPUT_DIR that cannot be written
// (checked before the model runs; nothing is written then). The model's spins are bounded by a
// number of steps, not by time: it never waits on a clock, so GRIDLOCK_WATCHDOG_MS does not apply.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "common/sources/files.hpp"
#include "common/sources/recording_lines.hpp"
#include "common/trace_path.hpp"
#include "findings.hpp"
#include "lock_trace.hpp"

namespace {

namespace tr = gridlock::trace;
using l3::model::Findings;
using l3::model::LockRun;
using l3::model::TraceHeader;

constexpr int64_t kStepBound = 10000;
constexpr const char* kKernelsFile = "lessons/locks/deadlock-lock/kernels.cuh";
constexpr const char* kUsage =
    "usage: deadlock-lock-model OUTPUT_DIR\n"
    "  runs L3's kernels in the model of the pre-Volta lockstep scheduler and writes\n"
    "  OUTPUT_DIR/deadlock-lock.lockstep.json and OUTPUT_DIR/deadlock-lock.lockstep-inside-the-loop.json\n";

// A source file of the repository, read now, so the trace carries the text it was made from.
tr::Source read_source(const std::string& path_in_repo) {
  const std::string path = std::string(GRIDLOCK_SOURCE_DIR) + "/" + path_in_repo;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return {path_in_repo, text.str(), tr::source_hash(text.str())};
}

// The lesson's kernel file with the lines that only record, as the GPU lesson's build found them in
// its line tables (none when that build's PTX is not there).
tr::Source kernel_source() {
  tr::Source kernel = read_source(kKernelsFile);
  std::string ptx;
  if (gridlock::sources::read_text(GRIDLOCK_LESSON_PTX, ptx)) {
    const auto lines = gridlock::sources::recording_lines_in_repository(ptx, GRIDLOCK_SOURCE_DIR);
    if (const auto found = lines.find(kKernelsFile); found != lines.end()) kernel.recording = found->second;
  }
  return kernel;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

void print_claims(const Findings& findings) {
  for (const tr::Claim& c : findings.claims)
    std::printf("[%s] %s: %s\n  measured: %s\n", tr::to_string(c.verdict), c.id.c_str(), c.statement.c_str(),
                c.measurement.c_str());
}

// "" when `dir` can take the traces (it is made when missing); otherwise what is wrong.
std::string output_problem(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) return "cannot make the folder: " + error.message();
  return gridlock::trace_path_problem(dir + "/deadlock-lock.lockstep.json");
}

int write_traces(const std::string& dir) {
  const LockRun every_thread = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kStepBound);
  const LockRun inside_the_loop = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kStepBound);
  const Findings findings = l3::model::find(every_thread, inside_the_loop);
  TraceHeader header{GRIDLOCK_LESSON_TITLE,
                     "",
                     {kernel_source(), read_source(l3::model::kProgramsFile)},
                     utc_now(),
                     kStepBound,
                     ""};
  for (const auto& [run, variant, facts_of] :
       {std::tuple{&every_thread, "lockstep", "lockstep"},
        {&inside_the_loop, "lockstep-inside-the-loop", "inside-the-loop"}}) {
    header.variant = variant;
    header.facts_of = facts_of;
    const std::string path = dir + "/deadlock-lock." + variant + ".json";
    tr::write_file(l3::model::lock_trace(*run, header, findings), path);
    std::printf("trace written to %s\n", path.c_str());
  }
  print_claims(findings);
  return findings.as_expected ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc != 2 || argv[1][0] == '-' || argv[1][0] == '\0') {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string problem = output_problem(argv[1]);
  if (!problem.empty()) {
    std::fprintf(stderr, "deadlock-lock-model: OUTPUT_DIR %s: %s\n", argv[1], problem.c_str());
    return 2;
  }
  try {
    return write_traces(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "deadlock-lock-model: %s\n", e.what());
    return 1;
  }
}
