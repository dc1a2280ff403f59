// Run on this GPU's model: a lesson's help read into options, values into a command line, the
// background process (lines, exit codes, cancel), export ranges and the GIF palette.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "model/child_process.hpp"
#include "model/export_range.hpp"
#include "model/gif_writer.hpp"
#include "model/lesson_cli.hpp"

namespace gv = gridlock::viewer;

namespace {

// A lesson's --help as CLI11 prints it (critical-section's, with an own parameter added).
constexpr const char* kHelp = R"(Critical section: a lock built on atomicCAS

Runs the technique on this machine's GPU, checks each documented claim and prints a verdict per claim.
Usage: critical-section [OPTIONS]

Options:
  -h,--help                   Print this help message and exit
  --trace PATH                Write the recorded steps, claims and timings to this file
  --n INT:INT in [1 - 268435456]=1
                              Number of input elements
  --block INT:INT in [32 - 1024]=1024
                              Threads per block
  --seed UINT=1               Seed of the random input (run k uses seed + k)
  --bench                     Time the plain kernel against the baseline, in this run
  --blocks-per-sm INT:INT in [1 - 32]=2
                              Blocks resident on each SM
  --variant TEXT:{documented,ordered,atomic}=documented
                              Which variant the trace records
  --list-variants             Print the variants, the default first, and exit
)";

std::vector<std::string> run_lines(gv::ChildProcess& child) {
  std::vector<std::string> lines;
  for (int i = 0; i < 500 && child.running(); ++i) {
    for (auto& l : child.poll_lines()) lines.push_back(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  for (auto& l : child.poll_lines()) lines.push_back(l);
  return lines;
}

}  // namespace

TEST(LessonCli, ReadsTheOptionsAViewerCanSet) {
  const auto options = gv::parse_lesson_help(kHelp);
  ASSERT_EQ(options.size(), 6u);  // n block seed bench blocks-per-sm variant
  EXPECT_EQ(options[0].name, "n");
  EXPECT_EQ(options[0].kind, gv::LessonOption::Kind::integer);
  EXPECT_EQ(*options[0].min, 1);
  EXPECT_EQ(*options[0].max, 268435456);
  EXPECT_EQ(options[0].value, "1");
  EXPECT_EQ(options[0].description, "Number of input elements");
  EXPECT_EQ(options[2].name, "seed");
  EXPECT_EQ(options[2].value, "1");
  EXPECT_EQ(options[3].name, "bench");
  EXPECT_EQ(options[3].kind, gv::LessonOption::Kind::flag);
  EXPECT_EQ(options[4].name, "blocks-per-sm");
  EXPECT_EQ(options[5].kind, gv::LessonOption::Kind::text);
  EXPECT_EQ(options[5].choices, (std::vector<std::string>{"documented", "ordered", "atomic"}));
}

TEST(LessonCli, ReadsARangeGivenInTheDescription) {
  const auto options = gv::parse_lesson_help(
      "Options:\n  --n INT=10000               Number of input elements (1 to 268435456)\n"
      "  --seed UINT=1               Seed of the random input; run k uses seed + k (0 to 4294967295)\n");
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[0].value, "10000");
  EXPECT_EQ(*options[0].min, 1);
  EXPECT_EQ(*options[0].max, 268435456);
  EXPECT_EQ(*options[1].max, 4294967295);
}

TEST(LessonCli, BuildsTheCommandFromRecordedAndChosenValues) {
  const auto options = gv::parse_lesson_help(kHelp);
  gv::LessonValues values =
      gv::initial_values(options, {{"n", 4096}, {"block", 256}, {"bench", 0}}, "ordered");
  EXPECT_EQ(gv::check_values(options, values), "");
  values["blocks-per-sm"] = "4";
  values["bench"] = "1";
  EXPECT_EQ(gv::shell_line(gv::lesson_command("/b/critical-section", options, values, "/t/new trace.json")),
            "/b/critical-section --n 4096 --block 256 --seed 1 --bench --blocks-per-sm 4 --variant ordered "
            "--trace '/t/new trace.json'");
  values["block"] = "2048";
  EXPECT_NE(gv::check_values(options, values).find("--block 2048"), std::string::npos);
  values["block"] = "256";
  values["variant"] = "fast";
  EXPECT_NE(gv::check_values(options, values).find("choices"), std::string::npos);
}

TEST(ChildProcess, ReadsLinesAndTheExitCode) {
  gv::ChildProcess child;
  ASSERT_TRUE(child.start({"/bin/sh", "-c", "echo one; echo two >&2; printf 'three'; exit 77"}));
  EXPECT_EQ(run_lines(child), (std::vector<std::string>{"one", "two", "three"}));
  EXPECT_EQ(child.exit_code(), 77);
  EXPECT_FALSE(child.cancelled());
}

TEST(ChildProcess, CancelStopsTheProgramAndItsChildren) {
  gv::ChildProcess child;
  ASSERT_TRUE(child.start({"/bin/sh", "-c", "echo started; sleep 30; echo never"}));
  const auto begin = std::chrono::steady_clock::now();
  while (child.poll_lines().empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  child.cancel();
  EXPECT_FALSE(child.running());
  EXPECT_TRUE(child.cancelled());
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
}

TEST(ChildProcess, AMissingProgramExitsWith127) {
  int code = 0;
  const std::string text = gv::run_to_end({"/nonexistent/lesson", "--help"}, code);
  EXPECT_EQ(code, 127);
  EXPECT_NE(text.find("cannot run"), std::string::npos);
}

TEST(ExportRange, StepsAndTimes) {
  const gv::StepTimes times({{0, 10, true, 0}, {10, 20, true, 10}, {20, 30, true, 20}, {30, 40, true, 30}});
  EXPECT_EQ(gv::steps_in_range(times, {}), (std::vector<int>{0, 1, 2, 3}));
  gv::ExportRange range;
  ASSERT_TRUE(gv::parse_step_range("1:-2", range));
  EXPECT_EQ(gv::steps_in_range(times, range), (std::vector<int>{1, 2}));
  gv::ExportRange by_time;
  ASSERT_TRUE(gv::parse_time_range("15:25", by_time));
  EXPECT_EQ(gv::steps_in_range(times, by_time), (std::vector<int>{1, 2}));
  EXPECT_EQ(gv::stops_in_range({0, 10, 20, 30}, by_time), (std::vector<int64_t>{20}));
  EXPECT_FALSE(gv::parse_step_range("3", range));
}

TEST(GifWriter, QuantizeKeepsAFewColoursExactly) {
  std::vector<std::uint8_t> rgb;
  for (int i = 0; i < 100; ++i) rgb.insert(rgb.end(), {8, 16, 24, 200, 100, 0});
  const gv::IndexedImage image = gv::quantize(rgb);
  ASSERT_EQ(image.indices.size(), 200u);
  const int a = image.indices[0], b = image.indices[1];
  EXPECT_NE(a, b);
  EXPECT_EQ(image.palette[b * 3], 200);
  EXPECT_EQ(image.palette[a * 3 + 2], 24);
}
