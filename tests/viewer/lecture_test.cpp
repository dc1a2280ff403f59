// The lecture file: its words and problems (model/lecture.hpp), and the shipped lectures, whose
// stops must not show a claim whose verdict the full trace of the same variant turns round.
#include "model/lecture.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "trace/lesson_index.hpp"
#include "trace/trace.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;
using namespace gridlock::viewer;

namespace {

LectureRead read(const std::string& text) {
  std::istringstream in(text);
  return parse_lecture(in, "test.lecture");
}

bool has_problem(const LectureRead& r, const std::string& part) {
  for (const std::string& p : r.problems)
    if (p.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Lecture, ReadsStopsWithTheirWords) {
  const LectureRead r = read(
      "# A talk\n\nstop First\nlesson racy-counter\nview timeline\nmarker lost_update\nclaim "
      "L1.wrong-result\n"
      "say Two blocks read the same value.\nsay One write is lost.\n\n"
      "stop Second\nlesson critical-section\ncompare a.json b.json\nstep -1\npanel lesson\nsource "
      "locks.cuh\n");
  ASSERT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(r.lecture.title, "A talk");
  ASSERT_EQ(r.lecture.stops.size(), 2u);
  const LectureStop& a = r.lecture.stops[0];
  EXPECT_EQ(a.line, 3);
  EXPECT_EQ(a.title, "First");
  EXPECT_EQ(a.marker, "lost_update");
  EXPECT_EQ(a.say, "Two blocks read the same value. One write is lost.");
  EXPECT_FALSE(a.compares());
  const LectureStop& b = r.lecture.stops[1];
  EXPECT_TRUE(b.compares());
  EXPECT_EQ(b.files[1], "b.json");
  EXPECT_EQ(b.step, -1);
  EXPECT_EQ(b.panel, "lesson");
  EXPECT_EQ(b.source, "locks.cuh");
}

TEST(Lecture, ProblemsNameTheirLine) {
  EXPECT_TRUE(has_problem(read("lesson x\n"), "test.lecture:1: \"lesson\" before the first \"stop\""));
  EXPECT_TRUE(has_problem(read("stop A\nlesson x\nshow y\n"), "test.lecture:3: unknown word \"show\""));
  EXPECT_TRUE(has_problem(read("stop A\nlesson x\nstep 2\nmarker overlap\n"),
                          "test.lecture:4: a stop opens at one place"));
  EXPECT_TRUE(has_problem(read("stop A\nlesson x\nstep two\n"), "expected a step number"));
  EXPECT_TRUE(has_problem(read("stop A\nlesson x\ncompare a.json\n"), "\"compare\" takes two file names"));
  EXPECT_TRUE(
      has_problem(read("stop A\nlesson x\npanel code\n"), "expected claims, timeline, lesson or run"));
  EXPECT_TRUE(has_problem(read("stop A\n"), "test.lecture:1: stop \"A\" names no lesson"));
  EXPECT_TRUE(has_problem(read("stop\nlesson x\n"), "a stop needs a title"));
  EXPECT_TRUE(has_problem(read("# only a comment\n"), "the lecture has no stop"));
  EXPECT_TRUE(has_problem(read("stop A\nlesson x\nsay It loses 16 updates.\n"), "\"say\" holds a number"));
}

TEST(Lecture, ANumberIsADigitRunOutsideAWord) {
  EXPECT_TRUE(holds_a_number("loses 16 updates"));
  EXPECT_TRUE(holds_a_number("2^32"));
  EXPECT_TRUE(holds_a_number("(7)"));
  EXPECT_FALSE(holds_a_number("R1 and L2 with __syncthreads() and float4"));
  EXPECT_FALSE(holds_a_number("mask 0x1f"));
  EXPECT_FALSE(holds_a_number("no digits here"));
}

// Every shipped lecture: each stop's lesson is in the index, its files exist, and its claim's
// verdict in each file it opens is not the opposite of the verdict in the full-sized trace of
// the same variant (a classroom card against its full trace; a full trace against itself).
TEST(Lecture, NoShippedStopShowsAVerdictTheFullTraceTurnsRound) {
  std::ifstream index(GRIDLOCK_LESSON_INDEX);
  ASSERT_TRUE(index) << GRIDLOCK_LESSON_INDEX;
  std::vector<std::string> index_problems;
  const std::vector<tr::LessonEntry> lessons =
      tr::parse_lesson_index(index, fs::path(GRIDLOCK_LESSON_INDEX).parent_path().string(), index_problems);
  int lectures = 0, claims = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GRIDLOCK_SOURCE_DIR) / "lectures")) {
    if (entry.path().extension() != ".lecture") continue;
    ++lectures;
    std::ifstream in(entry.path());
    const LectureRead r = parse_lecture(in, entry.path().filename().string());
    ASSERT_TRUE(r.problems.empty()) << r.problems.front();
    for (const LectureStop& stop : r.lecture.stops) {
      SCOPED_TRACE(entry.path().filename().string() + ":" + std::to_string(stop.line) + " " + stop.title);
      const auto lesson = std::find_if(lessons.begin(), lessons.end(),
                                       [&](const tr::LessonEntry& e) { return e.id == stop.lesson; });
      ASSERT_NE(lesson, lessons.end()) << stop.lesson;
      const fs::path recorded = fs::path(lesson->folder) / "recorded";
      std::map<std::string, fs::path> full;  // the full-sized trace of each variant
      for (const auto& f : fs::directory_iterator(recorded))
        if (f.path().extension() == ".json" && f.path().stem().extension() != ".classroom")
          full[tr::read_file(f.path().string()).variant] = f.path();
      std::vector<fs::path> opened;
      for (const std::string& file : stop.files) opened.push_back(recorded / file);
      if (opened.empty()) opened.push_back(recorded / (stop.lesson + ".classroom.json"));
      for (const fs::path& path : opened) {
        ASSERT_TRUE(fs::exists(path)) << path;
        if (stop.claim.empty()) continue;
        const tr::Trace shown = tr::read_file(path.string());
        ASSERT_TRUE(full.count(shown.variant)) << "no full trace of variant " << shown.variant;
        const tr::Trace whole = tr::read_file(full[shown.variant].string());
        const tr::Claim* a = nullptr;
        const tr::Claim* b = nullptr;
        for (const tr::Claim& c : shown.claims) a = c.id == stop.claim ? &c : a;
        for (const tr::Claim& c : whole.claims) b = c.id == stop.claim ? &c : b;
        ASSERT_TRUE(a && b) << stop.claim << " is missing from " << path.filename() << " or its full trace";
        ++claims;
        const bool opposite =
            (a->verdict == tr::Verdict::confirmed && b->verdict == tr::Verdict::contradicted) ||
            (a->verdict == tr::Verdict::contradicted && b->verdict == tr::Verdict::confirmed);
        EXPECT_FALSE(opposite) << stop.claim << " reads " << tr::to_string(a->verdict) << " in "
                               << path.filename() << " and " << tr::to_string(b->verdict) << " in "
                               << full[shown.variant].filename();
      }
    }
  }
  EXPECT_GE(lectures, 1);
  EXPECT_GE(claims, 16);
}
