// Every GPU trace a lesson ships carries all of the technique: its kernel file first, then every
// lessons/ file with device code that the kernel's translation unit includes, as the compiler lists
// them for this build (nvcc -MM, the depfile cmake/AddLesson.cmake writes), each with its role.
// The stale-trace test (recorded_traces_test) then holds every carried file to today's text.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <string_view>

#include "common/sources/files.hpp"
#include "common/sources/recording_lines.hpp"
#include "common/sources/recording_per_phase.hpp"
#include "shipped_lessons.hpp"
#include "trace/trace.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;
namespace src = gridlock::sources;

TEST(CarriedSources, EveryGpuTraceCarriesTheDeviceFilesItsKernelCompilesWith) {
  const fs::path root = GRIDLOCK_SOURCE_DIR;
  int lessons = 0, traces = 0;
  for (const tr::LessonEntry& lesson : shipped_lessons()) {
    const fs::path folder = fs::relative(lesson.folder, root);
    const fs::path depfile = fs::path(GRIDLOCK_BUILD_DIR) / folder / "generated" / "main.cu.d";
    std::string rule;
    if (!src::read_text(depfile.string(), rule)) continue;  // lessons are not built here (no CUDA)
    ++lessons;
    const std::string kernel = (folder / "kernels.cuh").string();
    std::vector<std::string> expected = {kernel + " kernel"};
    for (const src::Carried& c :
         src::carried_files(root.string(), src::lesson_files_in_depfile(rule, root.string()), kernel))
      expected.push_back(c.path + " " + c.role);
    for (const auto& entry : fs::directory_iterator(fs::path(lesson.folder) / "recorded")) {
      if (entry.path().extension() != ".json") continue;
      const tr::Trace t = tr::read_file(entry.path().string());
      if (t.producer.kind != tr::ProducerKind::gpu) continue;  // a model carries what it models
      ++traces;
      std::vector<std::string> carried;
      for (const tr::Source& s : t.sources) carried.push_back(s.file + " " + tr::to_string(s.role));
      EXPECT_EQ(carried, expected) << entry.path() << ": re-record it with this build";
    }
  }
  if (lessons == 0) GTEST_SKIP() << "no lesson was built here, so no dependency list to compare with";
  EXPECT_GT(traces, lessons);
}

// Lessons recorded on two GPUs before traces named their recording lines; no two-GPU machine has
// recorded them since. Their traces name none (the viewer dims nothing there) until they are
// recorded again, and then they are held to this build's lines like every other.
const std::vector<std::string> kRecordedBeforeRecordingLines = {"reduce-multi-gpu", "stream-wait-event"};

// Every GPU trace names the lines of its sources that only record as this build's compiler
// placed them (main.cu compiled to PTX with line tables, cmake/AddLesson.cmake); a lesson that
// records names some in its kernel file, and each is a line of code.
TEST(CarriedSources, EveryGpuTraceNamesTheLinesThatOnlyRecordAsThisBuildFindsThem) {
  const fs::path root = GRIDLOCK_SOURCE_DIR;
  int lessons = 0, traces = 0;
  for (const tr::LessonEntry& lesson : shipped_lessons()) {
    const fs::path folder = fs::relative(lesson.folder, root);
    std::string ptx;
    if (!src::read_text((fs::path(GRIDLOCK_BUILD_DIR) / folder / "generated" / "main.ptx").string(), ptx))
      continue;  // lessons are not built here (no CUDA)
    ++lessons;
    const auto expected = src::recording_lines_in_repository(ptx, root.string());
    const bool exempt = std::find(kRecordedBeforeRecordingLines.begin(), kRecordedBeforeRecordingLines.end(),
                                  lesson.id) != kRecordedBeforeRecordingLines.end();
    for (const auto& entry : fs::directory_iterator(fs::path(lesson.folder) / "recorded")) {
      if (entry.path().extension() != ".json") continue;
      const tr::Trace t = tr::read_file(entry.path().string());
      if (t.producer.kind != tr::ProducerKind::gpu) continue;
      bool named = false;
      for (const tr::Source& s : t.sources) named |= !s.recording.empty();
      if (exempt && !named) continue;
      ++traces;
      for (const tr::Source& s : t.sources) {
        const auto found = expected.find(s.file);
        EXPECT_EQ(s.recording, found == expected.end() ? std::vector<int>() : found->second)
            << entry.path() << ": " << s.file << ": re-record it with this build";
        const std::string code = src::code_only(s.text);
        const std::vector<std::string_view> lines = tr::split_lines(code);
        for (int line : s.recording)
          EXPECT_NE(lines[size_t(line - 1)].find_first_not_of(" \t"), std::string_view::npos)
              << entry.path() << ": " << s.file << ":" << line
              << " is named a recording line but holds no code";
      }
      EXPECT_FALSE(t.sources.front().recording.empty())
          << entry.path() << ": the kernel file names no recording line";
    }
  }
  if (lessons == 0) GTEST_SKIP() << "no lesson was built here, so no line tables to compare with";
  EXPECT_GT(traces, lessons);
}

// Calls f(path, trace) for every trace a lesson ships.
template <typename F>
void for_each_shipped_trace(F f) {
  for (const tr::LessonEntry& lesson : shipped_lessons())
    for (const auto& entry : fs::directory_iterator(fs::path(lesson.folder) / "recorded"))
      if (entry.path().extension() == ".json") f(entry.path(), tr::read_file(entry.path().string()));
}

// Every range a step lights holds technique code: a line with code that does not only record (the
// viewer lights those and leaves the range's recording lines dimmed).
TEST(CarriedSources, StepsLightCodeThatIsNotRecording) {
  int lit = 0;
  for_each_shipped_trace([&](const fs::path& path, const tr::Trace& t) {
    for (const tr::Step& s : t.steps)
      for (const tr::SourceLines& l : s.lights) {
        const tr::Source& source = t.sources[size_t(l.source)];
        const std::string code = src::code_only(source.text);
        const std::vector<std::string_view> lines = tr::split_lines(code);
        bool technique = false;
        for (int n = l.line_begin; n <= l.line_end; ++n) {
          ++lit;
          technique |= lines[size_t(n - 1)].find_first_not_of(" \t") != std::string_view::npos &&
                       !std::binary_search(source.recording.begin(), source.recording.end(), n);
        }
        EXPECT_TRUE(technique) << path << ": step \"" << s.label << "\" lights " << source.file << ":"
                               << l.line_begin << "-" << l.line_end << ", which holds no code but recording";
      }
  });
  EXPECT_GT(lit, 0);
}

// A shared technique file (a lock, a guard, a queue in a chapter's common/ folder) holds no
// recording line: the recorder stays in the lesson's kernel, out of the technique's way. Known
// exception: the last-block guard takes a callback for its ticket (`on_ticket`, a recorder's hook);
// reduce-multi-gpu's two-GPU traces carry the guard's file, so it changes with their next recording.
const std::vector<std::pair<std::string, int>> kHooksLeftInSharedFiles = {
    {"lessons/interblock/common/last_block.cuh", 2}};

TEST(CarriedSources, SharedTechniqueFilesHoldNoRecordingLine) {
  int checked = 0;
  for_each_shipped_trace([&](const fs::path& path, const tr::Trace& t) {
    for (const tr::Source& s : t.sources) {
      if (s.role != tr::SourceRole::technique || s.file.find("/common/") == std::string::npos) continue;
      ++checked;
      int allowed = 0;
      for (const auto& [file, lines] : kHooksLeftInSharedFiles) allowed += file == s.file ? lines : 0;
      EXPECT_LE(int(s.recording.size()), allowed)
          << path << ": " << s.file << " records on lines the technique does not need";
    }
  });
  EXPECT_GT(checked, 0);
}

// A step lights lines of the technique it runs: the lock lessons light the lock's atomicCAS loop,
// the guard's lessons its fences, in the shared files that hold them.
TEST(CarriedSources, TheTechniquesStepsLightTheirSharedCode) {
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"critical-section.json", "atomicCAS(state, 0, 1)"},
      {"deadlock-lock.json", "atomicCAS(state, 0, 1)"},
      {"last-block-guard.json", "__threadfence();  // release"},
      {"reduce-last-block.json", "__threadfence();  // release"},
      {"reduce-fast.json", "__threadfence();  // release"},
  };
  for (const tr::LessonEntry& lesson : shipped_lessons())
    for (const auto& [file, code] : expected) {
      const fs::path path = fs::path(lesson.folder) / "recorded" / file;
      if (!fs::exists(path)) continue;
      const tr::Trace t = tr::read_file(path.string());
      bool lit = false;
      for (const tr::Step& s : t.steps)
        for (const tr::SourceLines& l : s.lights) {
          const std::vector<std::string_view> lines = tr::split_lines(t.sources[size_t(l.source)].text);
          for (int n = l.line_begin; n <= l.line_end; ++n)
            lit |= lines[size_t(n - 1)].find(code) != std::string_view::npos;
        }
      EXPECT_TRUE(lit) << file << ": no step lights \"" << code << "\"";
    }
}

// The kernel reads like the technique: in the lessons whose recording was moved out of the way,
// every phase of the kernel file records in at most one statement (counted from the trace's
// recording lines, not from a name), but where the technique itself has more than one moment to
// record in one phase (named below, with how many). Over all lessons, the phases that record in
// more than one statement may only get fewer.
const std::vector<std::string> kOneRecordingStatementPerPhase = {"critical-section", "racy-counter",
                                                                 "deadlock-lock"};
const std::map<std::string, int> kPhasesWithMoreMoments = {
    // takes the lock, gives it back, or gives up: three ends of one loop
    {"PHASE 1: try the lock; the winner counts and gives it back inside the loop", 3}};
constexpr int kMostPhasesOverOne = 31;

TEST(CarriedSources, KernelPhasesRecordInOneStatement) {
  std::map<std::string, std::vector<src::PhaseRecording>> files;  // each kernel file once
  std::map<std::string, std::string> lesson_of;
  for_each_shipped_trace([&](const fs::path& path, const tr::Trace& t) {
    if (t.producer.kind != tr::ProducerKind::gpu) return;
    for (const tr::Source& s : t.sources)
      if (s.role == tr::SourceRole::kernel && !files.count(s.file)) {
        files[s.file] = src::recording_per_phase(s.text, s.recording);
        lesson_of[s.file] = t.lesson_id;
      }
  });
  int phases = 0, over_one = 0;
  for (const auto& [file, per_phase] : files) {
    const bool held = std::find(kOneRecordingStatementPerPhase.begin(), kOneRecordingStatementPerPhase.end(),
                                lesson_of[file]) != kOneRecordingStatementPerPhase.end();
    for (const src::PhaseRecording& p : per_phase) {
      ++phases;
      if (p.statements <= 1) continue;
      ++over_one;
      std::cout << file << ":" << p.line << " " << p.phase << ": " << p.statements << " statements\n";
      const auto more = kPhasesWithMoreMoments.find(p.phase);
      if (held)
        EXPECT_LE(p.statements, more == kPhasesWithMoreMoments.end() ? 1 : more->second)
            << file << ":" << p.line;
    }
  }
  std::cout << over_one << " of " << phases << " kernel phases record in more than one statement\n";
  EXPECT_GT(phases, 40);
  EXPECT_LE(over_one, kMostPhasesOverOne);
}
