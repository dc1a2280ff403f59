// A scratch copy of the fixture lesson (tests/docs/fixtures/lesson) that a test may change.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gridlock::docs::testing {

inline std::string read_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

class LessonDir {
 public:
  LessonDir() {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() / ("gridlock-docs-" + std::to_string(::getpid()) + "-" +
                                                      test->test_suite_name() + "-" + test->name());
    std::filesystem::remove_all(root_);
    std::filesystem::copy(GRIDLOCK_DOCS_FIXTURES "/lesson", root_, std::filesystem::copy_options::recursive);
  }
  ~LessonDir() { std::filesystem::remove_all(root_); }

  std::string readme() const { return (root_ / "README.md").string(); }
  std::string readme_text() const { return read_file_text(readme()); }
  void write_readme(const std::string& text) const { write_file_text(readme(), text); }
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace gridlock::docs::testing
