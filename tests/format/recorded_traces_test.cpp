// The traces the project ships: each loads, validates and respects what the hardware guarantees
// (check_truth), was recorded on a GPU (or says it was modelled), and carries the current kernel
// sources, so a changed kernel without a re-recorded trace fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "shipped_lessons.hpp"
#include "trace/trace.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;

namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(RecordedTraces, EveryLessonShipsAValidTraceOfItsCurrentSource) {
  std::vector<tr::LessonEntry> all = shipped_lessons();
  ASSERT_FALSE(all.empty()) << "no lessons in " GRIDLOCK_LESSON_INDEX;
  for (const tr::LessonEntry& lesson : all) {
    fs::path recorded = fs::path(lesson.folder) / "recorded";
    int traces = 0;
    for (const auto& entry : fs::directory_iterator(recorded)) {
      if (entry.path().extension() != ".json") continue;
      ++traces;
      SCOPED_TRACE(entry.path().string());
      tr::Trace t;
      try {
        t = tr::read_file(entry.path().string());
      } catch (const tr::TraceError& e) {
        ADD_FAILURE() << e.what();
        continue;
      }
      EXPECT_EQ(t.lesson_id, lesson.id);
      EXPECT_EQ(t.version_read, tr::kFormatVersion) << "recorded in an older format: re-record it";
      for (const std::string& problem : tr::check_truth(t)) ADD_FAILURE() << problem;
      for (const tr::Source& source : t.sources) {
        const std::string current = read_text(fs::path(GRIDLOCK_SOURCE_DIR) / source.file);
        EXPECT_EQ(source.hash, tr::source_hash(current))
            << source.file << " changed since this trace was recorded: re-record it on a GPU";
      }
      for (const tr::Step& s : t.steps) {
        const std::string current =
            read_text(fs::path(GRIDLOCK_SOURCE_DIR) / t.sources[size_t(s.source)].file);
        tr::LineRange lines = tr::find_phase_lines(current, s.label);
        EXPECT_NE(lines.begin, 0) << "step label \"" << s.label << "\" is not one phase comment of "
                                  << t.sources[size_t(s.source)].file;
        EXPECT_EQ(lines.begin, s.line_begin) << s.label;
      }
      if (t.producer.kind == tr::ProducerKind::gpu) {
        ASSERT_FALSE(t.producer.devices.empty());
        EXPECT_FALSE(t.producer.devices.front().name.empty());
        EXPECT_GT(t.clock.resolution_ns, 0) << "a GPU trace states its clock's resolution";
      }
      EXPECT_FALSE(t.claims.empty());
    }
    EXPECT_GT(traces, 0) << "lesson " << lesson.id << " ships no trace in " << recorded;
  }
}
