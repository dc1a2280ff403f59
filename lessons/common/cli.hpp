// The command line every lesson shares: --help --trace --n --block --grid --seed --runs --bench.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gridlock {

struct LessonOptions {
  std::string trace_path;  // empty: no trace is written
  int64_t n = 0;           // input elements
  int block = 0;           // threads per block
  int grid = 1;            // blocks
  uint64_t seed = 1;       // first input's seed; run k uses seed + k
  int runs = 20;           // repetitions of each claim check
  bool bench = false;      // time the plain kernel against the baseline
  std::string variant;     // which variant to record, for a lesson that has several
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
};

// Parses argv. Returns the options, or std::nullopt with *exit_code set (0 after --help,
// kExitUsage after a message on stderr).
std::optional<LessonOptions> parse_lesson_options(int argc, char** argv, const char* id, const char* title,
                                                  const LessonDefaults& defaults, int* exit_code);

}  // namespace gridlock
