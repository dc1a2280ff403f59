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

namespace {

// `key` against a pattern of text_alone_facts.txt, where `*` stands for any run of characters.
bool matches(const std::string& pattern, const std::string& key) {
  const size_t star = pattern.find('*');
  if (star == std::string::npos) return pattern == key;
  const std::string head = pattern.substr(0, star);
  if (key.compare(0, head.size(), head) != 0) return false;
  for (size_t from = head.size(); from <= key.size(); ++from)
    if (matches(pattern.substr(star + 1), key.substr(from))) return true;
  return false;
}

}  // namespace

// A fact states its number with the origin check_facts recomputes it from; the few that cannot
// (a name, a citation, words) are listed with why, and the list holds no line nothing needs.
TEST(RecordedTraces, TextAloneFactsAreListed) {
  struct Allowed {
    std::string lesson, key;
    int used = 0;
  };
  std::vector<Allowed> allowed;
  std::ifstream list(GRIDLOCK_SOURCE_DIR "/tests/format/text_alone_facts.txt");
  ASSERT_TRUE(list) << "cannot read tests/format/text_alone_facts.txt";
  for (std::string line; std::getline(list, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    Allowed a;
    std::string why;
    words >> a.lesson >> a.key >> why;
    ASSERT_FALSE(why.empty()) << "no reason given: " << line;
    allowed.push_back(a);
  }
  std::vector<fs::path> traces = shipped_trace_paths();
  for (const auto& entry : fs::directory_iterator(GRIDLOCK_SOURCE_DIR "/lessons/reduction/ladder/recorded"))
    if (entry.path().extension() == ".json") traces.push_back(entry.path());
  for (const fs::path& path : traces) {
    const tr::Trace t = tr::read_file(path.string());
    for (const auto& [key, text] : t.facts) {
      if (t.fact_values.count(key)) continue;
      bool listed = false;
      for (Allowed& a : allowed)
        if (a.lesson == t.lesson_id && matches(a.key, key)) listed = true, ++a.used;
      EXPECT_TRUE(listed) << path.filename().string() << ": fact \"" << key << "\" (\"" << text
                          << "\") is text alone: give it its origin (trace.hpp, FactKind), or list it in "
                             "tests/format/text_alone_facts.txt with why";
    }
  }
  for (const Allowed& a : allowed)
    EXPECT_GT(a.used, 0) << "text_alone_facts.txt lists " << a.lesson << " " << a.key
                         << ", which no shipped trace holds as text alone: remove the line";
}
