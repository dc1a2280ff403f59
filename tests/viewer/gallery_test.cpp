// Finding lessons and their recorded traces; opening documents.
#include "model/gallery.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixture_trace.hpp"
#include "model/document.hpp"

namespace fs = std::filesystem;
using namespace gridlock::viewer;

namespace {

// A lesson tree in a fresh temporary folder: lessons/a/recorded/{good,broken}.json and README.md,
// lessons/b with no recordings.
class GalleryFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("gridlock-viewer-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "lessons/a/recorded");
    fs::create_directories(root_ / "lessons/b");
    gridlock::trace::write_file(gridlock::viewer::testing::make_halving_trace(64, 200, 3),
                                (root_ / "lessons/a/recorded/good.json").string());
    std::ofstream(root_ / "lessons/a/recorded/broken.json") << "{\"format\": \"gridlock-trace\", ";
    std::ofstream(root_ / "lessons/a/README.md") << "# Lesson A\n\nText.\n";
    std::ofstream(root_ / "index.txt") << "# id, title, folder\n"
                                       << "a\tLesson A\tlessons/a\n"
                                       << "b\tLesson B\t" << (root_ / "lessons/b").string() << "\n"
                                       << "not a valid line\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

}  // namespace

TEST(LessonIndex, ParsesLinesAndReportsBadOnes) {
  std::istringstream in("x\tTitle X\t/abs/x\n\n# comment\ny\tTitle Y\trel/y\r\nbroken line\n");
  std::vector<std::string> problems;
  const std::vector<gridlock::trace::LessonEntry> entries =
      gridlock::trace::parse_lesson_index(in, "/base", problems);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].id, "x");
  EXPECT_EQ(entries[0].title, "Title X");
  EXPECT_EQ(entries[0].folder, "/abs/x");
  EXPECT_EQ(entries[1].folder, "/base/rel/y");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("line 5"), std::string::npos);
}

TEST(LessonIndex, ReadsComparePairs) {
  std::istringstream in("x\tX\t/x\ta.json,b.json|c.json,d.json\ny\tY\t/y\t\nz\tZ\t/z\tonly-one.json\n");
  std::vector<std::string> problems;
  const auto entries = gridlock::trace::parse_lesson_index(in, "", problems);
  ASSERT_EQ(entries.size(), 3u);
  ASSERT_EQ(entries[0].compare.size(), 2u);
  EXPECT_EQ(entries[0].compare[1].first, "c.json");
  EXPECT_EQ(entries[0].compare[1].second, "d.json");
  EXPECT_TRUE(entries[1].compare.empty());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("line 3: compare pairs"), std::string::npos);
}

TEST_F(GalleryFolder, ListsLessonsInIndexOrderWithTheirTraces) {
  GallerySearch search;
  search.index_files = {(root_ / "missing.txt").string(), (root_ / "index.txt").string()};
  const Gallery g = discover_gallery(search);
  EXPECT_EQ(g.found_in, (root_ / "index.txt").string());
  ASSERT_EQ(g.lessons.size(), 2u);
  EXPECT_EQ(g.lessons[0].id, "a");
  EXPECT_EQ(g.lessons[1].title, "Lesson B");
  EXPECT_TRUE(g.lessons[1].traces.empty());
  ASSERT_EQ(g.lessons[0].traces.size(), 2u);
  const GalleryTrace& broken = g.lessons[0].traces[0];
  const GalleryTrace& good = g.lessons[0].traces[1];
  EXPECT_EQ(broken.name, "broken.json");
  EXPECT_FALSE(broken.ok());
  EXPECT_NE(broken.error.find("broken.json"), std::string::npos);
  EXPECT_TRUE(good.ok()) << good.error;
  EXPECT_TRUE(good.modelled);
  EXPECT_EQ(good.technique, "R1");
  EXPECT_EQ(good.steps, 1 + 6 + 1);
  EXPECT_EQ(good.confirmed, 1);
  EXPECT_EQ(good.contradicted, 1);
  EXPECT_EQ(good.not_observable, 1);
  EXPECT_EQ(g.problems.size(), 1u);  // the malformed index line
}

TEST_F(GalleryFolder, OffersTheClassroomSizedTraceFirst) {
  gridlock::trace::write_file(gridlock::viewer::testing::make_halving_trace(32, 32, 3),
                              (root_ / "lessons/a/recorded/z.classroom.json").string());
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  const Gallery g = discover_gallery(search);
  ASSERT_EQ(g.lessons[0].traces.size(), 3u);
  EXPECT_EQ(g.lessons[0].traces[0].name, "z.classroom.json");
  EXPECT_EQ(g.lessons[0].traces[1].name, "broken.json");
  EXPECT_EQ(g.lessons[0].traces[2].name, "good.json");
}

TEST_F(GalleryFolder, ScansFoldersWhenThereIsNoIndex) {
  GallerySearch search;
  search.index_files = {(root_ / "missing.txt").string()};
  search.lesson_roots = {(root_ / "lessons").string()};
  const Gallery g = discover_gallery(search);
  ASSERT_EQ(g.lessons.size(), 1u);
  EXPECT_EQ(g.lessons[0].id, "a");
  EXPECT_EQ(g.lessons[0].traces.size(), 2u);
}

TEST(Gallery, SaysWhereItLookedWhenNothingIsFound) {
  GallerySearch search;
  search.index_files = {"/nonexistent/index.txt"};
  search.lesson_roots = {"/nonexistent/lessons"};
  const Gallery g = discover_gallery(search);
  EXPECT_TRUE(g.lessons.empty());
  ASSERT_EQ(g.problems.size(), 1u);
  EXPECT_NE(g.problems[0].find("/nonexistent/lessons"), std::string::npos);
}

TEST_F(GalleryFolder, DocumentsFindTheirLessonReadme) {
  LoadResult good = load_document((root_ / "lessons/a/recorded/good.json").string());
  ASSERT_TRUE(good.ok()) << good.error;
  EXPECT_EQ(good.document->name, "good.json");
  EXPECT_EQ(good.document->readme, "# Lesson A\n\nText.\n");
  EXPECT_EQ(good.document->trace.steps.size(), 8u);
}

TEST_F(GalleryFolder, BrokenAndMissingFilesGiveMessagesNotExceptions) {
  LoadResult broken = load_document((root_ / "lessons/a/recorded/broken.json").string());
  EXPECT_FALSE(broken.ok());
  EXPECT_NE(broken.error.find("broken.json"), std::string::npos);
  LoadResult missing = load_document((root_ / "nope.json").string());
  EXPECT_FALSE(missing.ok());
  EXPECT_NE(missing.error.find("no such file"), std::string::npos);
  LoadResult folder = load_document(root_.string());
  EXPECT_FALSE(folder.ok());
  EXPECT_NE(folder.error.find("folder"), std::string::npos);
}

TEST(LessonSummary, TakesTheGoalParagraphWithoutMarkers) {
  const std::string readme =
      "# Title\n\nIntro line.\n\n## Goal\n\nReduce `n` values with **one**\nblock.\n\n## Next\nMore.\n";
  EXPECT_EQ(lesson_summary(readme), "Reduce n values with one block.");
  EXPECT_EQ(lesson_summary("# Title\n\nFirst paragraph\nhere.\n\nSecond.\n"), "First paragraph here.");
  EXPECT_EQ(lesson_summary(""), "");
}

TEST_F(GalleryFolder, LessonsCarryTheirReadmeSummary) {
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  const Gallery g = discover_gallery(search);
  ASSERT_EQ(g.lessons.size(), 2u);
  EXPECT_EQ(g.lessons[0].summary, "Text.");
  EXPECT_EQ(g.lessons[1].summary, "");
}

TEST_F(GalleryFolder, CardsKeepTheLoadedTraceForTheirThumbnail) {
  const GalleryTrace good = summarise_trace((root_ / "lessons/a/recorded/good.json").string());
  ASSERT_TRUE(good.ok()) << good.error;
  ASSERT_NE(good.trace, nullptr);
  EXPECT_EQ(good.trace->lesson_id, "fixture-halving-tree");
  EXPECT_EQ(good.steps, static_cast<int>(good.trace->steps.size()));
  EXPECT_EQ(good.timings, 1);
  EXPECT_EQ(good.notices, 1);
  EXPECT_TRUE(good.modelled);
  const GalleryTrace broken = summarise_trace((root_ / "lessons/a/recorded/broken.json").string());
  EXPECT_EQ(broken.trace, nullptr);
}

TEST_F(GalleryFolder, DeclaredPairsLinkTheirCards) {
  gridlock::trace::write_file(gridlock::viewer::testing::make_halving_trace(32, 100, 5),
                              (root_ / "lessons/a/recorded/other.json").string());
  // A second pair names a file through "..", as a pair with another lesson's trace does.
  std::ofstream(root_ / "pairs.txt")
      << "a\tLesson A\tlessons/a\tgood.json,other.json|../recorded/other.json,good.json\n";
  GallerySearch search;
  search.index_files = {(root_ / "pairs.txt").string()};
  const Gallery g = discover_gallery(search);
  ASSERT_EQ(g.lessons.size(), 1u);
  const GalleryLesson& a = g.lessons[0];
  ASSERT_EQ(a.compare.size(), 2u);
  EXPECT_EQ(a.compare[1].first, a.compare[0].second);  // normalised: the same file, the same path
  EXPECT_EQ(fs::path(a.compare[0].first).filename(), "good.json");
  EXPECT_EQ(fs::path(a.compare[0].second).filename(), "other.json");
  ASSERT_EQ(a.traces.size(), 3u);  // broken, good, other
  EXPECT_TRUE(a.traces[0].compare.empty());
  ASSERT_EQ(a.traces[1].compare.size(), 2u);  // good: in both pairs
  EXPECT_EQ(a.traces[1].compare[0].path, a.compare[0].second);
  EXPECT_TRUE(a.traces[1].compare[0].first);
  EXPECT_FALSE(a.traces[1].compare[1].first);
  ASSERT_EQ(a.traces[2].compare.size(), 2u);
  EXPECT_EQ(a.traces[2].compare[0].path, a.compare[0].first);
  EXPECT_FALSE(a.traces[2].compare[0].first);
}

// A trace of timings and no steps (the reduction ladder's) opens: the timings view charts it. One
// with neither steps nor timings has nothing to show and is refused with the reason.
TEST_F(GalleryFolder, TimingsAloneAreEnoughToOpenATrace) {
  const std::string ladder =
      std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/reduction/ladder/recorded/ladder.json";
  const LoadResult opened = load_document(ladder);
  ASSERT_TRUE(opened.ok()) << opened.error;
  EXPECT_TRUE(opened.document->trace.steps.empty());
  EXPECT_FALSE(opened.document->trace.timings.empty());

  gridlock::trace::Trace nothing = opened.document->trace;
  nothing.timings.clear();
  const std::string path = (root_ / "lessons/a/recorded/nothing.json").string();
  gridlock::trace::write_file(nothing, path);
  const LoadResult refused = load_document(path);
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(refused.error, path + ": the trace has no steps and no timings to show");
}
