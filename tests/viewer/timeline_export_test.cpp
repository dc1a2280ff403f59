// The timeline export writes Chrome trace-event JSON beside nothing else, or says why it cannot.
#include "model/timeline_export.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixture_trace.hpp"

namespace fs = std::filesystem;
namespace gv = gridlock::viewer;

TEST(TimelineExport, WritesPerfettoJsonNamedAfterTheTraceFile) {
  const gridlock::trace::Trace trace = gridlock::viewer::testing::make_halving_trace(64, 200, 7);
  const fs::path folder = fs::temp_directory_path() / "gridlock-export-test";
  fs::remove_all(folder);
  fs::create_directories(folder);
  const gv::ExportResult result = gv::export_timeline(trace, folder.string(), "halving.classroom");
  ASSERT_TRUE(result.error.empty()) << result.error;
  EXPECT_EQ(result.path, (folder / "halving.classroom.perfetto.json").string());
  std::ifstream in(result.path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("\"traceEvents\""), std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);  // no .part left
  fs::remove_all(folder);
}

// Two variants of one lesson export to two files, not one over the other.
TEST(TimelineExport, TwoVariantsAreTwoFiles) {
  const gridlock::trace::Trace trace = gridlock::viewer::testing::make_halving_trace(64, 200, 7);
  const fs::path folder = fs::temp_directory_path() / "gridlock-export-variants";
  fs::remove_all(folder);
  fs::create_directories(folder);
  EXPECT_TRUE(gv::export_timeline(trace, folder.string(), "critical-section").error.empty());
  EXPECT_TRUE(gv::export_timeline(trace, folder.string(), "critical-section.ordered").error.empty());
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 2);
  fs::remove_all(folder);
}

TEST(TimelineExport, UnwritableFolderIsAnErrorNotACrash) {
  const gv::ExportResult result = gv::export_timeline(
      gridlock::viewer::testing::make_halving_trace(64, 200, 7), "/nonexistent/folder", "halving");
  EXPECT_TRUE(result.path.empty());
  EXPECT_NE(result.error.find("/nonexistent/folder"), std::string::npos) << result.error;
}
