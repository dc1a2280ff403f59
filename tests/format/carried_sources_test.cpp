// Every GPU trace a lesson ships carries all of the technique: its kernel file first, then every
// lessons/ file with device code that the kernel's translation unit includes, as the compiler lists
// them for this build (nvcc -MM, the depfile cmake/AddLesson.cmake writes), each with its role.
// The stale-trace test (recorded_traces_test) then holds every carried file to today's text.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/sources/files.hpp"
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
