// Run on this GPU's model: a lesson's described options read, values into a command line, the
// background process (lines, exit codes, cancel), export ranges and the GIF palette.
#include "model/lesson_run.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "common/cli.hpp"
#include "model/child_process.hpp"
#include "model/export_range.hpp"
#include "model/gif_writer.hpp"
#include "model/lesson_cli.hpp"
#include "trace/lesson_index.hpp"

namespace gv = gridlock::viewer;

namespace {

// What a lesson with critical-section's options (and an own parameter) prints for
// --describe-options: made by the lessons' own command-line code, so the two sides stay in step.
std::string described_options() {
  gridlock::LessonDefaults d;
  d.options = {"", 1, 1024, 1, 1, 100, false, "", "", {}};
  d.variants = {"documented", "ordered", "atomic"};
  d.parameters = {{"blocks-per-sm", "Blocks resident on each SM", 2, 1, 32}};
  std::string arg0 = "critical-section", flag = "--describe-options";
  char* argv[] = {arg0.data(), flag.data()};
  int code = -1;
  testing::internal::CaptureStdout();
  const auto parsed =
      gridlock::parse_lesson_options(2, argv, "critical-section", "Critical section", d, &code);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_FALSE(parsed);
  EXPECT_EQ(code, 0);
  return out;
}

std::vector<gv::LessonOption> options_of(const std::string& json) {
  std::string error;
  auto options = gv::parse_described_options(json, "critical-section --describe-options", &error);
  EXPECT_EQ(error, "");
  return options;
}

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

TEST(LessonCli, ReadsTheOptionsTheLessonDescribes) {
  const auto options = options_of(described_options());
  ASSERT_EQ(options.size(), 8u);  // n block grid seed runs bench blocks-per-sm variant
  EXPECT_EQ(options[0].name, "n");
  EXPECT_EQ(options[0].kind, gv::LessonOption::Kind::integer);
  EXPECT_EQ(*options[0].min, 1);
  EXPECT_EQ(*options[0].max, 268435456);
  EXPECT_EQ(options[0].value, "1");
  EXPECT_EQ(options[0].description, "Number of input elements");
  EXPECT_EQ(options[1].name, "block");
  EXPECT_TRUE(options[1].power_of_two);
  EXPECT_EQ(options[3].name, "seed");
  EXPECT_EQ(*options[3].max, int64_t(1) << 53);
  EXPECT_EQ(options[5].name, "bench");
  EXPECT_EQ(options[5].kind, gv::LessonOption::Kind::flag);
  EXPECT_EQ(options[5].value, "0");
  EXPECT_EQ(options[6].name, "blocks-per-sm");
  EXPECT_EQ(*options[6].max, 32);
  EXPECT_EQ(options[7].kind, gv::LessonOption::Kind::text);
  EXPECT_EQ(options[7].value, "documented");
  EXPECT_EQ(options[7].choices, (std::vector<std::string>{"documented", "ordered", "atomic"}));
}

TEST(LessonCli, ADescriptionThatIsNotOneIsRefusedWithItsPlace) {
  std::string error;
  EXPECT_TRUE(gv::parse_described_options("Usage: lesson [OPTIONS]", "x --describe-options", &error).empty());
  EXPECT_NE(error.find("x --describe-options"), std::string::npos) << error;
  EXPECT_TRUE(gv::parse_described_options(
                  R"({"options": [{"name": "n", "kind": "integer", "default": "1"}]})", "x", &error)
                  .empty());
  EXPECT_NE(error.find("options[0]: missing field \"min\""), std::string::npos) << error;
  EXPECT_TRUE(gv::parse_described_options(R"({"options": [{"name": "n", "kind": "slider", "default": "1"}]})",
                                          "x", &error)
                  .empty());
  EXPECT_NE(error.find("\"slider\" is not integer, flag or choice"), std::string::npos) << error;
  EXPECT_TRUE(gv::parse_described_options(R"({"options": []})", "x", &error).empty());
  EXPECT_NE(error.find("describes no options"), std::string::npos) << error;
}

TEST(LessonCli, BuildsTheCommandFromRecordedAndChosenValues) {
  const auto options = options_of(described_options());
  gv::LessonValues values =
      gv::initial_values(options, {{"n", 4096}, {"block", 256}, {"bench", 0}}, "ordered");
  EXPECT_EQ(gv::check_values(options, values), "");
  values["blocks-per-sm"] = "4";
  values["bench"] = "1";
  EXPECT_EQ(gv::shell_line(gv::lesson_command("/b/critical-section", options, values, "/t/new trace.json")),
            "/b/critical-section --n 4096 --block 256 --grid 1 --seed 1 --runs 100 --bench --blocks-per-sm 4 "
            "--variant ordered --trace '/t/new trace.json'");
  values["block"] = "2048";
  EXPECT_NE(gv::check_values(options, values).find("--block 2048"), std::string::npos);
  values["block"] = "96";
  EXPECT_NE(gv::check_values(options, values).find("power of two"), std::string::npos);
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
  const std::string text = gv::run_to_end({"/nonexistent/lesson", "--describe-options"}, code);
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
  EXPECT_FALSE(by_time.after_first_event);
  gv::ExportRange relative;
  ASSERT_TRUE(gv::parse_time_range("+0us:+45us", relative));
  EXPECT_TRUE(relative.after_first_event);
  EXPECT_EQ(*relative.from_ns, 0);
  EXPECT_EQ(*relative.to_ns, 45000);
  gv::ExportRange mixed;
  EXPECT_FALSE(gv::parse_time_range("+1us:4us", mixed));
  EXPECT_FALSE(gv::parse_time_range("1us:+4us", mixed));
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

// The Run panel is told a lesson's options (--describe-options); no viewer code asks a lesson for
// its help text or its variant list, or reads CLI11's help layout.
TEST(LessonCli, NoViewerCodeReadsALessonsHelpText) {
  namespace fs = std::filesystem;
  const std::vector<std::string> patterns = {"\"--help\"", "\"--list-variants\"", "\"Options:\"", "INT:INT",
                                             "TEXT:{"};
  int files = 0;
  for (const fs::directory_entry& entry :
       fs::recursive_directory_iterator(fs::path(GRIDLOCK_SOURCE_DIR) / "viewer")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
      for (const std::string& p : patterns)
        EXPECT_EQ(line.find(p), std::string::npos) << entry.path() << ":" << number << ": " << line;
  }
  EXPECT_GT(files, 50);
}

// Every lesson this build made describes its options in a form the Run panel reads: the shared
// options, and its variants as `--list-variants` prints them (the recording script's source).
TEST(LessonCli, EveryBuiltLessonDescribesItsOptions) {
  std::ifstream index(GRIDLOCK_LESSON_INDEX);
  std::vector<std::string> problems;
  int described = 0;
  for (const gridlock::trace::LessonEntry& lesson :
       gridlock::trace::parse_lesson_index(index, "", problems)) {
    const std::string exe = std::string(GRIDLOCK_BIN_DIR) + "/" + lesson.id;
    if (!std::filesystem::exists(exe)) continue;  // a build without CUDA makes no lessons
    const gv::LessonInterface learnt = gv::learn_lesson(exe);
    EXPECT_EQ(learnt.error, "") << lesson.id;
    std::set<std::string> names;
    std::vector<std::string> choices;
    for (const gv::LessonOption& o : learnt.options) {
      names.insert(o.name);
      if (o.name == "variant") choices = o.choices;
    }
    for (const char* shared : {"n", "block", "grid", "seed", "runs", "bench"})
      EXPECT_EQ(names.count(shared), 1u) << lesson.id << " does not describe --" << shared;
    int code = -1;
    std::vector<std::string> listed;
    std::stringstream variants(gv::run_to_end({exe, "--list-variants"}, code));
    for (std::string line; std::getline(variants, line);)
      if (!line.empty()) listed.push_back(line);
    if (code == 0) {
      EXPECT_EQ(choices, listed) << lesson.id;
    }
    ++described;
  }
  if (described == 0) GTEST_SKIP() << "no lesson executables in " GRIDLOCK_BIN_DIR;
}
