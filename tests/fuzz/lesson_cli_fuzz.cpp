// libFuzzer target: the lesson command line with random arguments (the input split at NUL bytes)
// either yields options inside every documented limit or an exit code of 0 or 2, never a crash.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/exit_codes.hpp"

namespace {

constexpr size_t kMaxArguments = 64;

std::vector<std::string> arguments(const char* data, size_t size) {
  std::vector<std::string> args{"lesson"};
  std::string current;
  for (size_t i = 0; i < size && args.size() < kMaxArguments; ++i) {
    if (data[i] != '\0') {
      current += data[i];
      continue;
    }
    args.push_back(current);
    current.clear();
  }
  if (!current.empty()) args.push_back(current);
  return args;
}

bool within_limits(const gridlock::LessonOptions& o, const gridlock::LessonDefaults& d) {
  return o.n >= 1 && o.n <= gridlock::kMaxElements && o.block >= d.min_block && o.block <= d.max_block &&
         (o.block & (o.block - 1)) == 0 && o.grid >= 1 && o.grid <= gridlock::kMaxGrid && o.runs >= 1 &&
         o.runs <= gridlock::kMaxRuns && o.seed <= gridlock::kMaxSeed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args = arguments(reinterpret_cast<const char*>(data), size);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  gridlock::LessonDefaults defaults;
  defaults.options = {"", 1000, 256, 1, 1, 20, false, ""};
  defaults.variants = {"racy", "atomic"};
  int exit_code = -1;
  const auto options = gridlock::parse_lesson_options(static_cast<int>(args.size()), argv.data(), "lesson",
                                                      "A lesson", defaults, &exit_code);
  if (options ? !within_limits(*options, defaults)
              : exit_code != gridlock::kExitOk && exit_code != gridlock::kExitUsage)
    std::abort();
  return 0;
}
