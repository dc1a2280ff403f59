#include "report_counts.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace ev = gridlock::evidence;

namespace {

const char* kReport =
    "gridlock form run: reduce-warp-volatile documented sources fnv1a64:0\n"
    "========= Warning: Race reported between Write access at void r6::f()+0xe0 in kernels.cuh:191\n"
    "=========     and Read access at void r6::fold()+0x100 in kernels.cuh:27 [64 hazards]\n"
    "========= Warning: Race reported between Write access at void r6::fold()+0x120 in kernels.cuh:28\n"
    "=========     and Read access at void r6::fold()+0x150 in kernels.cuh:27 [1 hazard]\n"
    "========= RACECHECK SUMMARY: 2 hazards displayed (0 errors, 2 warnings)\n";

}  // namespace

TEST(ReportCounts, CountsRacesHazardsAndTheSummary) {
  const ev::ReportCounts c = ev::count_report(kReport);
  EXPECT_EQ(c.races, 2);
  EXPECT_EQ(c.hazards, 65);
  EXPECT_TRUE(c.summed);
  EXPECT_EQ(ev::counted(c, "errors"), 0);
  EXPECT_EQ(ev::counted(c, "warnings"), 2);
  EXPECT_FALSE(ev::counted(c, "lines"));
}

TEST(ReportCounts, AChangedReportChangesItsCounts) {
  std::string more = kReport;
  more.insert(more.find("========= RACECHECK"),
              "========= Error: Race reported between Write access at x+0x1 in a.cuh:1\n"
              "=========     and Read access at y+0x2 in a.cuh:2 [3 hazards]\n");
  const ev::ReportCounts c = ev::count_report(more);
  EXPECT_EQ(c.races, 3);
  EXPECT_EQ(c.hazards, 68);
  std::string other_summary = kReport;
  other_summary.replace(other_summary.find("(0 errors, 2 warnings)"), 22, "(1 error, 12 warnings)");
  EXPECT_EQ(ev::counted(ev::count_report(other_summary), "errors"), 1);
  EXPECT_EQ(ev::counted(ev::count_report(other_summary), "warnings"), 12);
  // A report cut before its summary states no errors or warnings.
  std::string cut = kReport;
  cut.erase(cut.find("========= RACECHECK"));
  EXPECT_FALSE(ev::counted(ev::count_report(cut), "warnings"));
  EXPECT_EQ(ev::counted(ev::count_report(cut), "races"), 2);
}

TEST(ReportCounts, AShippedReportsCountsHangTogether) {
  std::ifstream in(GRIDLOCK_SOURCE_DIR
                   "/lessons/reduction/reduce-warp-volatile/recorded/racecheck/documented.log");
  ASSERT_TRUE(in);
  std::ostringstream text;
  text << in.rdbuf();
  const ev::ReportCounts c = ev::count_report(text.str());
  EXPECT_GT(c.races, 0);
  EXPECT_GE(c.hazards, c.races);
  EXPECT_TRUE(c.summed);
  EXPECT_EQ(*ev::counted(c, "errors") + *ev::counted(c, "warnings"), c.races);
}

TEST(ReportCounts, ThePlacesAreEachAccessOnceInOrderWithItsFunction) {
  EXPECT_EQ(ev::report_sites(kReport),
            (std::vector<std::string>{"kernels.cuh:191 (r6::f)", "kernels.cuh:27 (r6::fold)",
                                      "kernels.cuh:28 (r6::fold)"}));
  std::string templated = kReport;  // a return type, template arguments and parameters are not the name
  templated.replace(
      templated.find("void r6::f()"), 12,
      "void r6::sum_one_warp<(r6::Form)0, (bool)0>(const int *, int *, gridlock::LaneRecorder<T2, int>)");
  EXPECT_EQ(ev::report_sites(templated).front(), "kernels.cuh:191 (r6::sum_one_warp)");
  std::string moved = kReport;
  moved.replace(moved.find("kernels.cuh:28"), 14, "kernels.cuh:29");
  EXPECT_EQ(ev::report_sites(moved)[2], "kernels.cuh:29 (r6::fold)");
  EXPECT_TRUE(
      ev::report_sites("========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n").empty());
}
