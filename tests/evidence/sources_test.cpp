// Source sets: the lessons/ files of a dependency rule, their hashes on disk, and what changed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/sources/files.hpp"

namespace {

namespace fs = std::filesystem;
namespace src = gridlock::sources;

// A repository with lessons/a.hpp and lessons/x/b.cuh in a fresh temporary folder.
struct TempRepo {
  fs::path root = fs::temp_directory_path() /
                  ("gridlock-sources-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TempRepo() {
    fs::remove_all(root);
    fs::create_directories(root / "lessons/x");
    write("lessons/a.hpp", "int a;\n");
    write("lessons/x/b.cuh", "int b;\n");
  }
  ~TempRepo() { fs::remove_all(root); }
  void write(const std::string& path, const std::string& text) const { std::ofstream(root / path) << text; }
};

TEST(Sources, ADependencyRuleGivesItsLessonFilesInPathOrder) {
  const TempRepo repo;
  const std::string r = repo.root.string();
  const std::string rule = r + "/build/x.cpp : " + r +
                           "/lessons/x/b.cuh \\\n    /usr/local/cuda/include/cuda.h \\\n    " + r +
                           "/lessons/x/../a.hpp " + r + "/lessons/x/b.cuh\n";
  EXPECT_EQ(src::lesson_files_in_depfile(rule, r),
            (std::vector<std::string>{"lessons/a.hpp", "lessons/x/b.cuh"}));
}

TEST(Sources, TheSetHashFollowsEveryFileAndNamesTheOneThatChanged) {
  const TempRepo repo;
  const src::SourceSet before = src::hash_files(repo.root.string(), {"lessons/x/b.cuh", "lessons/a.hpp"});
  ASSERT_EQ(before.files.size(), 2u);
  EXPECT_EQ(before.files[0].path, "lessons/a.hpp");
  EXPECT_EQ(before.files[0].hash, gridlock::trace::source_hash("int a;\n"));
  EXPECT_EQ(before.hash, src::set_hash(before.files));
  EXPECT_EQ(
      src::changed_files(before, src::hash_files(repo.root.string(), {"lessons/a.hpp", "lessons/x/b.cuh"})),
      "");

  repo.write("lessons/x/b.cuh", "int b = 1;\n");
  const src::SourceSet after = src::hash_files(repo.root.string(), {"lessons/a.hpp", "lessons/x/b.cuh"});
  EXPECT_NE(after.hash, before.hash);
  EXPECT_EQ(src::changed_files(before, after), "lessons/x/b.cuh changed");
}

TEST(Sources, AFileThatCannotBeReadIsMissing) {
  const TempRepo repo;
  const src::SourceSet set = src::hash_files(repo.root.string(), {"lessons/gone.hpp"});
  EXPECT_EQ(set.files.at(0).hash, "missing");
}

TEST(Sources, TheHeaderTextListsTheSetThenEachFile) {
  const src::SourceSet set{"fnv1a64:0", {{"lessons/a.hpp", "fnv1a64:1"}}};
  EXPECT_EQ(src::header_text(set), "gridlock sources: fnv1a64:0\ngridlock source: fnv1a64:1 lessons/a.hpp\n");
}

}  // namespace
