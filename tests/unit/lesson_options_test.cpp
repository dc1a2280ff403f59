// The lesson command line and the checks run_lesson makes before any GPU work: option values, the
// --trace folder, the device memory a run states it needs, and the watchdog's limit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/exit_codes.hpp"
#include "common/trace_path.hpp"
#include "common/watchdog_limit.hpp"

namespace fs = std::filesystem;
using gridlock::LessonDefaults;
using gridlock::LessonOptions;

namespace {

LessonDefaults defaults() {
  LessonDefaults d;
  d.options = {"", 1000, 256, 1, 1, 20, false, "", "", {}};
  return d;
}

// The options, or the exit code as a negative number.
std::optional<LessonOptions> parse(std::vector<std::string> args, int* exit_code) {
  args.insert(args.begin(), "lesson");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return gridlock::parse_lesson_options(static_cast<int>(argv.size()), argv.data(), "lesson", "A lesson",
                                        defaults(), exit_code);
}

int exit_code_of(std::vector<std::string> args) {
  int code = -1;
  return parse(std::move(args), &code) ? -1 : code;
}

}  // namespace

TEST(LessonOptions, GoodValuesAreRead) {
  int code = -1;
  const auto o = parse({"--n", "4096", "--block", "512", "--grid", "8", "--seed", "0", "--runs", "3"}, &code);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->n, 4096);
  EXPECT_EQ(o->block, 512);
  EXPECT_EQ(o->grid, 8);
  EXPECT_EQ(o->seed, 0u);
  EXPECT_EQ(o->runs, 3);
}

TEST(LessonOptions, BadValuesAreUsageErrors) {
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{{"--n", "0"},
                                                                             {"--n", "-4"},
                                                                             {"--n", "x"},
                                                                             {"--n", "268435457"},
                                                                             {"--n", "1e6"},
                                                                             {"--block", "48"},
                                                                             {"--block", "2048"},
                                                                             {"--block", "16"},
                                                                             {"--grid", "0"},
                                                                             {"--runs", "0"},
                                                                             {"--seed", "-1"},
                                                                             {"--trace", ""},
                                                                             {"--n", "0x10"},
                                                                             {"--bogus"},
                                                                             {"--n"},
                                                                             {"--runs", "100001"},
                                                                             {"--grid", "1048577"},
                                                                             {"--seed", "9007199254740993"}})
    EXPECT_EQ(exit_code_of(args), gridlock::kExitUsage) << args[0] << " " << (args.size() > 1 ? args[1] : "");
}

TEST(LessonOptions, HelpExitsWithZero) { EXPECT_EQ(exit_code_of({"--help"}), gridlock::kExitOk); }

TEST(TracePath, AWritableFolderPassesAndIsLeftAsItWas) {
  const fs::path dir = fs::temp_directory_path() / ("gridlock-trace-path-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  EXPECT_EQ(gridlock::trace_path_problem((dir / "trace.json").string()), "");
  EXPECT_TRUE(fs::is_empty(dir));
  std::ofstream(dir / "file") << "x";
  EXPECT_NE(gridlock::trace_path_problem((dir / "missing" / "trace.json").string()).find("does not exist"),
            std::string::npos);
  EXPECT_NE(gridlock::trace_path_problem((dir / "file" / "trace.json").string()).find("is not a folder"),
            std::string::npos);
  EXPECT_NE(gridlock::trace_path_problem(dir.string()).find("is a folder"), std::string::npos);
  fs::remove_all(dir);
}

TEST(DeviceMemory, ARunThatDoesNotFitIsRefused) {
  LessonDefaults d = defaults();
  LessonOptions o = d.options;
  EXPECT_EQ(gridlock::device_memory_problem(d, o, 0), "") << "a lesson that states nothing is not checked";
  d.device_bytes = [](const LessonOptions& options) { return options.n * int64_t(4); };
  EXPECT_EQ(gridlock::device_memory_problem(d, o, 4000), "");
  const std::string problem = gridlock::device_memory_problem(d, o, 3999);
  EXPECT_NE(problem.find("needs 1 MiB of device memory (--n 1000"), std::string::npos) << problem;
}

TEST(WatchdogLimit, TheEnvironmentOnlyShortensIt) {
  using std::chrono::milliseconds;
  EXPECT_EQ(gridlock::watchdog_limit(milliseconds(2000), nullptr), milliseconds(2000));
  EXPECT_EQ(gridlock::watchdog_limit(milliseconds(2000), "50"), milliseconds(50));
  EXPECT_EQ(gridlock::watchdog_limit(milliseconds(20), "50"), milliseconds(20));
  for (const char* bad : {"", "0", "-5", "fast", "12ms", "99999999999"})
    EXPECT_EQ(gridlock::watchdog_limit(milliseconds(2000), bad), milliseconds(2000)) << bad;
}
