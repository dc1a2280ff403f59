// Reading compute-sanitizer's racecheck reports on the warp lessons' forms: counts come from the
// summary and the race reports, and only a report of this lesson, form and kernel source counts.
#include "reduction/common/racecheck_log.hpp"

#include <gtest/gtest.h>

namespace {

using gridlock::reduction::parse_racecheck;
using gridlock::reduction::RacecheckReport;

const char* kRacy =
    "$ compute-sanitizer --tool racecheck reduce-warp-volatile --form documented\n"
    "Compute Sanitizer Version 2025.3.0.0\n"
    "========= COMPUTE-SANITIZER\n"
    "gridlock form run: reduce-warp-volatile documented kernels.cuh fnv1a64:0123456789abcdef\n"
    "========= Error: Race reported between Write access at void r6::sum_one_warp<...>+0x1a0 in "
    "kernels.cuh:29\n"
    "=========     and Read access at void r6::sum_one_warp<...>+0x1f0 in kernels.cuh:28 [8 hazards]\n"
    "=========\n"
    "========= Error: Race reported between Write access at void r6::sum_one_warp<...>+0x230 in "
    "kernels.cuh:29\n"
    "=========     and Read access at void r6::sum_one_warp<...>+0x250 in kernels.cuh:36 [31 hazards]\n"
    "=========\n"
    "seed 1: lane 0 was returned 42, the CPU's sum is 42; 32/32 lanes right\n"
    "========= RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)\n";

TEST(RacecheckLog, CountsTheSummaryAndTheRaces) {
  const RacecheckReport r =
      parse_racecheck(kRacy, "reduce-warp-volatile", "documented", "fnv1a64:0123456789abcdef");
  ASSERT_TRUE(r.read()) << r.why;
  EXPECT_FALSE(r.clean());
  EXPECT_EQ(r.displayed, 2);
  EXPECT_EQ(r.errors, 2);
  EXPECT_EQ(r.warnings, 0);
  EXPECT_EQ(r.races, 2);
  EXPECT_EQ(r.hazards, 39);
  EXPECT_EQ(r.text(), "2 races, 39 hazards (2 errors, 0 warnings)");
}

TEST(RacecheckLog, ACleanReportIsClean) {
  const RacecheckReport r = parse_racecheck(
      "gridlock form run: x syncwarp kernels.cuh h\n========= RACECHECK SUMMARY: 0 hazards displayed (0 "
      "errors, 0 "
      "warnings)\n",
      "x", "syncwarp", "h");
  EXPECT_TRUE(r.clean());
  EXPECT_EQ(r.text(), "0 races, 0 hazards (0 errors, 0 warnings)");
}

TEST(RacecheckLog, AReportOfAnotherKernelSourceIsStale) {
  const RacecheckReport r =
      parse_racecheck(kRacy, "reduce-warp-volatile", "documented", "fnv1a64:ffffffffffffffff");
  EXPECT_EQ(r.state, RacecheckReport::State::stale);
  EXPECT_NE(r.why.find("fnv1a64:0123456789abcdef"), std::string::npos);
}

TEST(RacecheckLog, AReportOfAnotherFormOrWithoutSummaryDoesNotCount) {
  EXPECT_EQ(parse_racecheck(kRacy, "reduce-warp-volatile", "simplified", "fnv1a64:0123456789abcdef").state,
            RacecheckReport::State::incomplete);
  const RacecheckReport cut = parse_racecheck(
      "gridlock form run: x documented kernels.cuh h\n========= Error: Race reported between ...\n", "x",
      "documented", "h");
  EXPECT_EQ(cut.state, RacecheckReport::State::incomplete);
  EXPECT_NE(cut.why.find("RACECHECK SUMMARY"), std::string::npos);
}

TEST(RacecheckLog, AMissingFileSaysHowToMakeIt) {
  const RacecheckReport r =
      gridlock::reduction::read_racecheck("/nonexistent", "lessons/reduction/x", "x", "documented", "h");
  EXPECT_EQ(r.state, RacecheckReport::State::missing);
  EXPECT_EQ(r.path, "lessons/reduction/x/recorded/racecheck/documented.log");
  EXPECT_NE(r.why.find("racecheck.sh"), std::string::npos);
}

}  // namespace
