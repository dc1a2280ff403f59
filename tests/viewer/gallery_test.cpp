// Finding lessons and their recorded traces; opening documents.
#include "model/gallery.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixture_trace.hpp"
#include "model/document.hpp"
#include "model/gallery_manifest.hpp"

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

TEST(LessonIndex, ReadsTechniqueAndWhatItShows) {
  std::istringstream in("x\tX\t/x\t\tL2\ta lock, measured\ny\tY\t/y\ta.json,b.json\tR1\n");
  std::vector<std::string> problems;
  const auto entries = gridlock::trace::parse_lesson_index(in, "", problems);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].technique, "L2");
  EXPECT_EQ(entries[0].shows, "a lock, measured");
  EXPECT_TRUE(entries[0].compare.empty());
  ASSERT_EQ(problems.size(), 1u);  // a technique without what the lesson shows
  EXPECT_NE(problems[0].find("line 2: expected"), std::string::npos);
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

namespace {

// The folder's gallery with a manifest written for it in gallery/ (thumbnail names for the
// good trace only), read back.
GalleryManifest write_and_read_manifest(const fs::path& root) {
  GallerySearch search;
  search.index_files = {(root / "index.txt").string()};
  const Gallery g = discover_gallery(search);
  fs::create_directories(root / "gallery/a");
  std::map<std::string, std::string> pictures;
  for (const GalleryTrace& t : g.lessons[0].traces)
    if (t.ok()) pictures[t.path] = thumbnail_name(g.lessons[0], t);
  std::ofstream(root / "gallery/manifest.json")
      << gallery_manifest_json(g, (root / "gallery").string(), pictures);
  for (Theme theme : {Theme::dark, Theme::light})
    std::ofstream(root / "gallery" / themed_thumbnail("a/good", theme)) << "png";
  GalleryManifest manifest;
  std::string error;
  EXPECT_TRUE(read_gallery_manifest((root / "gallery").string(), manifest, error)) << error;
  return manifest;
}

}  // namespace

TEST_F(GalleryFolder, TheManifestGivesEveryCardWithoutReadingATrace) {
  const GalleryManifest manifest = write_and_read_manifest(root_);
  ASSERT_EQ(manifest.cards.size(), 2u);
  EXPECT_EQ(manifest.cards[1].file, "../lessons/a/recorded/good.json");
  EXPECT_EQ(manifest.cards[1].thumbnail, "a/good");
  EXPECT_TRUE(manifest.cards[0].thumbnail.empty());  // broken: its card shows the error instead
  // The good trace's bytes replaced by others of the same size: a card read from the file would
  // say it is broken; the manifest's card is the one the gallery shows.
  const fs::path good = root_ / "lessons/a/recorded/good.json";
  const auto bytes = fs::file_size(good);
  std::ofstream(good, std::ios::trunc) << std::string(bytes, ' ');
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  search.manifest_folders = {(root_ / "nowhere").string(), (root_ / "gallery").string()};
  const Gallery g = discover_gallery(search);
  EXPECT_EQ(g.cards_from_manifest, 2);
  EXPECT_EQ(g.manifest, fs::absolute(root_ / "gallery").lexically_normal().string());
  const GalleryTrace& card = g.lessons[0].traces[1];
  EXPECT_TRUE(card.ok());
  EXPECT_EQ(card.trace, nullptr);
  EXPECT_EQ(card.technique, "R1");
  EXPECT_EQ(card.steps, 8);
  EXPECT_EQ(card.confirmed, 1);
  EXPECT_EQ(card.path, good.string());
  EXPECT_EQ(card.thumbnail_png, fs::absolute(root_ / "gallery/a/good").lexically_normal().string());
  EXPECT_FALSE(g.lessons[0].traces[0].ok());  // broken.json keeps its error from the manifest
}

TEST_F(GalleryFolder, ATraceOfAnotherSizeIsReadAgainAndNamedStale) {
  const GalleryManifest manifest = write_and_read_manifest(root_);
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  {
    const Gallery listed = discover_gallery(search);
    EXPECT_TRUE(stale_manifest_entries(listed, manifest).empty());
  }
  // Re-recorded: another trace in good.json's place, and a new file beside it.
  gridlock::trace::write_file(gridlock::viewer::testing::make_halving_trace(32, 100, 5),
                              (root_ / "lessons/a/recorded/good.json").string());
  gridlock::trace::write_file(gridlock::viewer::testing::make_halving_trace(32, 100, 5),
                              (root_ / "lessons/a/recorded/new.json").string());
  search.manifest_folders = {(root_ / "gallery").string()};
  const Gallery g = discover_gallery(search);
  EXPECT_EQ(g.cards_from_manifest, 1);  // broken.json alone is unchanged
  ASSERT_EQ(g.lessons[0].traces.size(), 3u);
  const GalleryTrace& good = g.lessons[0].traces[1];
  EXPECT_NE(good.trace, nullptr);  // read from the file, its view draws the thumbnail
  EXPECT_TRUE(good.thumbnail_png.empty());
  EXPECT_NE(g.lessons[0].traces[2].trace, nullptr);
  const std::vector<std::string> stale = stale_manifest_entries(g, manifest);
  auto names = [&](const std::string& what) {
    return std::count_if(stale.begin(), stale.end(),
                         [&](const std::string& s) { return s.find(what) != std::string::npos; });
  };
  EXPECT_EQ(names("good.json: the manifest has fnv1a64:"), 1);
  EXPECT_EQ(names("good.json: its card reads"), 1);
  EXPECT_EQ(names("new.json: not in the manifest"), 1);
  EXPECT_EQ(names("broken.json"), 0);
}

TEST_F(GalleryFolder, AMissingThumbnailIsStale) {
  const GalleryManifest manifest = write_and_read_manifest(root_);
  fs::remove(root_ / "gallery" / themed_thumbnail("a/good", Theme::light));
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  const std::vector<std::string> stale = stale_manifest_entries(discover_gallery(search), manifest);
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_NE(stale[0].find("a/good.light.png is missing"), std::string::npos);
}

TEST_F(GalleryFolder, ABrokenManifestIsNamedAndEveryCardReadFromItsTrace) {
  fs::create_directories(root_ / "gallery");
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  search.manifest_folders = {(root_ / "gallery").string()};
  for (const char* text : {"{\"gridlock_gallery\": 1, \"cards\": [{\"file\": 3}]}",
                           "{\"gridlock_gallery\": 7}", "[1, 2", "# a README\n"}) {
    std::ofstream(root_ / "gallery/manifest.json", std::ios::trunc) << text;
    const Gallery g = discover_gallery(search);
    EXPECT_EQ(g.cards_from_manifest, 0) << text;
    EXPECT_TRUE(g.manifest.empty());
    ASSERT_EQ(g.problems.size(), 2u) << text;  // the manifest, the index's bad line
    EXPECT_NE(g.problems[0].find("manifest.json: "), std::string::npos) << g.problems[0];
    EXPECT_NE(g.problems[0].find("--write-gallery"), std::string::npos) << g.problems[0];
    EXPECT_NE(g.lessons[0].traces[1].trace, nullptr) << text;
  }
}

TEST_F(GalleryFolder, AManifestThatListsTheTracesNeedsNoFolderListing) {
  write_and_read_manifest(root_);
  // A site's folders cannot be listed: the traces are not there until fetched.
  fs::remove_all(root_ / "lessons/a/recorded");
  GallerySearch search;
  search.index_files = {(root_ / "index.txt").string()};
  search.manifest_folders = {(root_ / "gallery").string()};
  EXPECT_TRUE(discover_gallery(search).lessons[0].traces.empty());
  search.manifest_lists_traces = true;
  const Gallery g = discover_gallery(search);
  ASSERT_EQ(g.lessons.size(), 2u);
  ASSERT_EQ(g.lessons[0].traces.size(), 2u);
  EXPECT_EQ(g.lessons[0].traces[0].name, "broken.json");
  EXPECT_EQ(g.lessons[0].traces[1].name, "good.json");
  EXPECT_EQ(g.lessons[0].traces[1].steps, 8);
  EXPECT_EQ(g.cards_from_manifest, 2);
  EXPECT_TRUE(g.lessons[1].traces.empty());
}
