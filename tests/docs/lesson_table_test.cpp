// The lesson table: the index's words, a link relative to the README that holds the table, and
// the verdicts counted in the lesson's default trace.
#include "docs/lesson_table.hpp"

#include <gtest/gtest.h>

#include "docs/problem.hpp"
#include "lesson_dir.hpp"

namespace docs = gridlock::docs;
namespace fs = std::filesystem;
using docs::testing::LessonDir;

namespace {

gridlock::trace::LessonEntry fixture_lesson(const LessonDir& dir) {
  gridlock::trace::LessonEntry lesson;
  lesson.id = "fixture";
  lesson.title = "A fixture lesson";
  lesson.folder = dir.root().string();
  lesson.technique = "X1";
  lesson.shows = "a table cell | with a bar";
  return lesson;
}

}  // namespace

TEST(LessonTable, RowFromTheIndexAndTheDefaultTrace) {
  LessonDir dir;
  const std::string table = docs::lesson_table({fixture_lesson(dir)}, dir.root().parent_path(), "");
  const std::string link = "[fixture](" + dir.root().filename().string() + "/README.md)";
  EXPECT_NE(table.find("| X1 | " + link +
                       " | A fixture lesson | a table cell \\| with a bar | "
                       "1 confirmed, 1 contradicted, 1 not observable |"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("recorded on NVIDIA H100 80GB HBM3."), std::string::npos) << table;
}

TEST(LessonTable, ChapterKeepsItsOwnLessonsOnly) {
  LessonDir dir;
  const std::string chapter = dir.root().parent_path().filename().string();
  EXPECT_NE(docs::lesson_table({fixture_lesson(dir)}, dir.root(), chapter).find("| X1 |"), std::string::npos);
  EXPECT_THROW(docs::lesson_table({fixture_lesson(dir)}, dir.root(), "no-such-chapter"), docs::DocsError);
}

TEST(LessonTable, SaysWhichLessonLacksItsWords) {
  LessonDir dir;
  gridlock::trace::LessonEntry lesson = fixture_lesson(dir);
  lesson.shows.clear();
  try {
    docs::lesson_table({lesson}, dir.root(), "");
    FAIL() << "a lesson without SHOWS was accepted";
  } catch (const docs::DocsError& e) {
    EXPECT_NE(std::string(e.what()).find("lesson fixture: the lesson index gives no technique or no SHOWS"),
              std::string::npos)
        << e.what();
  }
}

TEST(LessonTable, SaysWhichLessonHasNoTrace) {
  LessonDir dir;
  fs::remove(dir.root() / "recorded" / "trace.json");
  try {
    docs::lesson_table({fixture_lesson(dir)}, dir.root(), "");
    FAIL() << "a lesson without its default trace was accepted";
  } catch (const docs::DocsError& e) {
    EXPECT_NE(std::string(e.what()).find("lesson fixture: unreadable trace"), std::string::npos) << e.what();
  }
}
