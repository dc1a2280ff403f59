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

// Sentences of a README that compare two of its numbers hold for the trace they are taken from.
// racy-counter: "N blocks read V. That is exactly the number of blocks the GPU holds at once".
TEST(RecordedTraces, RacyCountersLargestGroupOfReadersIsTheBlocksTheGpuHolds) {
  const tr::Trace t =
      tr::read_file(GRIDLOCK_SOURCE_DIR "/lessons/locks/racy-counter/recorded/racy-counter.json");
  ASSERT_TRUE(t.fact_values.count("recorded.largest_group.blocks"));
  ASSERT_TRUE(t.facts.count("resident"));
  EXPECT_EQ(t.fact_values.at("recorded.largest_group.blocks").value, std::stod(t.facts.at("resident")));
  EXPECT_EQ(t.facts.at("recorded.largest_group.read"), "0") << "the first wave read the counter's start";
}

// critical-section: "Every run is exact up to N blocks, as many as the GPU has SMs, and counts go
// missing from M blocks on."
TEST(RecordedTraces, CriticalSectionsLockIsExactUpToOneBlockAnSm) {
  const tr::Trace t =
      tr::read_file(GRIDLOCK_SOURCE_DIR "/lessons/locks/critical-section/recorded/critical-section.json");
  ASSERT_FALSE(t.producer.devices.empty());
  const int sms = t.producer.devices.front().sm_count;
  EXPECT_EQ(t.facts.at("sweep.last_exact_grid"), std::to_string(sms));
  EXPECT_EQ(t.facts.at("sweep." + std::to_string(sms) + ".exact_runs"), "100/100");
  const std::string first_inexact = t.facts.at("sweep.first_inexact_grid");
  EXPECT_GT(std::stoi(first_inexact), sms);
  EXPECT_NE(t.facts.at("sweep." + first_inexact + ".exact_runs"), "100/100");
}
