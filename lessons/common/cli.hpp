// The command line every lesson shares: --help --trace --perfetto --n --block --grid --seed --runs
// --bench, and the numbers a lesson adds to it (LessonParameter).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gridlock {

// A number one lesson adds to the shared command line (`--blocks-per-sm 2`): declared in its
// defaults, parsed and range-checked like the shared options, and recorded among the trace's
// parameters under its name.
struct LessonParameter {
  std::string name;  // the option without "--", e.g. "blocks-per-sm"
  std::string description;
  int64_t value = 0;  // the default
  int64_t min = 0;
  int64_t max = 0;
};

struct LessonOptions {
  std::string trace_path;                     // empty: no trace is written
  int64_t n = 0;                              // input elements
  int block = 0;                              // threads per block
  int grid = 1;                               // blocks
  uint64_t seed = 1;                          // first input's seed; run k uses seed + k
  int runs = 20;                              // repetitions of each claim check
  bool bench = false;                         // time the plain kernel against the baseline
  std::string variant;                        // which variant to record, for a lesson that has several
  std::string perfetto_path;                  // empty: no timeline export
  std::map<std::string, int64_t> parameters;  // the lesson's own numbers, by name

  // The value of one of the lesson's own parameters; throws std::out_of_range for a name the
  // lesson did not declare.
  int64_t parameter(const std::string& name) const { return parameters.at(name); }
};

// A lesson's defaults and limits. Block sizes are powers of two in [min_block, max_block]; a
// lesson whose block size is fixed at compile time sets min = max.
struct LessonDefaults {
  LessonOptions options;
  int min_block = 32;
  int max_block = 1024;
  // The variants a lesson can record (the documented technique, the corrected one, the baseline),
  // first the default. Empty: one variant. Every run checks every claim; --variant picks the run
  // that is recorded into --trace.
  std::vector<std::string> variants;
  // The lesson's own options, beside the shared ones.
  std::vector<LessonParameter> parameters;
  // The bytes of device memory a run with these options allocates at most (inputs, outputs,
  // recordings, baselines). run_lesson refuses a run that needs more than the GPU has free, before
  // the body runs. Empty: not stated, not checked.
  std::function<int64_t(const LessonOptions&)> device_bytes;
};

// The limits of the shared options. --n stays below 2^28 so that element counts, byte counts of
// int inputs and indices all fit an int; --seed below 2^53 so that the trace records it exactly.
inline constexpr int64_t kMaxElements = int64_t(1) << 28;
inline constexpr int kMaxGrid = 1 << 20;
inline constexpr int kMaxRuns = 100000;
inline constexpr uint64_t kMaxSeed = uint64_t(1) << 53;

// Parses argv. Returns the options, or std::nullopt with *exit_code set (0 after --help or
// --list-variants, kExitUsage after a message on stderr that names the option). Values must be
// whole decimal numbers inside their range; --block a power of two. Touches no file and no GPU.
std::optional<LessonOptions> parse_lesson_options(int argc, char** argv, const char* id, const char* title,
                                                  const LessonDefaults& defaults, int* exit_code);

// "" when a run with options `o` fits in `free_bytes` of device memory (or the lesson does not
// state what it needs); otherwise a message with both sizes and the options that set them.
std::string device_memory_problem(const LessonDefaults& defaults, const LessonOptions& o, int64_t free_bytes);

}  // namespace gridlock
