// Reading compute-sanitizer's racecheck reports on the warp lessons' forms: counts and racing
// lines come from the summary and the race reports, and only a report of this lesson, this form
// and exactly this build's sources counts; a stale one says which files changed.
#include "reduction/common/racecheck_log.hpp"

#include <gtest/gtest.h>

namespace {

namespace src = gridlock::sources;
using gridlock::reduction::check_sources;
using gridlock::reduction::parse_racecheck;
using gridlock::reduction::RacecheckReport;

src::SourceSet sources_of(std::vector<src::SourceFile> files) {
  return {src::set_hash(files), std::move(files)};
}

const src::SourceSet kBuilt =
    sources_of({{"lessons/reduction/common/volatile_matrix.cuh", "fnv1a64:1111111111111111"},
                {"lessons/reduction/reduce-warp-volatile/kernels.cuh", "fnv1a64:2222222222222222"}});

std::string racy_report(const src::SourceSet& sources) {
  return "$ compute-sanitizer --tool racecheck reduce-warp-volatile --form documented\n"
         "Compute Sanitizer Version 2025.3.0.0\n" +
         src::header_text(sources) +
         "========= COMPUTE-SANITIZER\n"
         "========= Error: Race reported between Write access at void r6::fold<volatile int, "
         "gridlock::LaneRecorder<(bool)0, int>>(T1 *, int, int, int, T2 &)+0x120 in kernels.cuh:28\n"
         "=========     and Read access at void r6::fold<volatile int, gridlock::LaneRecorder<(bool)0, "
         "int>>(T1 *, int, int, int, T2 &)+0x100 in kernels.cuh:27 [8 hazards]\n"
         "=========\n"
         "========= Error: Race reported between Write access at void r6::fold<volatile int, "
         "gridlock::LaneRecorder<(bool)0, int>>(T1 *, int, int, int, T2 &)+0x120 in kernels.cuh:28\n"
         "=========     and Read access at gridlock::reduction::load(const volatile "
         "gridlock::reduction::Mat2 "
         "&)+0x160 in volatile_matrix.cuh:14 [31 hazards]\n"
         "=========\n"
         "gridlock form run: reduce-warp-volatile documented sources " +
         sources.hash +
         "\n"
         "seed 1: lane 0 was returned 42, the CPU's sum is 42; 32/32 lanes right\n"
         "========= RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)\n";
}

TEST(RacecheckLog, CountsTheSummaryAndTheRacesAndNamesTheLines) {
  RacecheckReport r = parse_racecheck(racy_report(kBuilt), "reduce-warp-volatile", "documented");
  check_sources(r, kBuilt);
  ASSERT_TRUE(r.read()) << r.why;
  EXPECT_FALSE(r.clean());
  EXPECT_EQ(r.displayed, 2);
  EXPECT_EQ(r.errors, 2);
  EXPECT_EQ(r.warnings, 0);
  EXPECT_EQ(r.races, 2);
  EXPECT_EQ(r.hazards, 39);
  ASSERT_EQ(r.sites.size(), 3u);
  EXPECT_EQ(r.sites[0].file, "kernels.cuh");
  EXPECT_EQ(r.sites[0].line, 28);
  EXPECT_EQ(r.sites[0].function, "r6::fold");
  EXPECT_EQ(r.sites[2].function, "gridlock::reduction::load");
  EXPECT_EQ(r.text(),
            "2 races, 39 hazards (2 errors, 0 warnings) at kernels.cuh:28 (r6::fold), kernels.cuh:27 "
            "(r6::fold), volatile_matrix.cuh:14 (gridlock::reduction::load)");
  EXPECT_EQ(r.sources.files.size(), 2u);
}

TEST(RacecheckLog, ACleanReportIsClean) {
  RacecheckReport r =
      parse_racecheck(src::header_text(kBuilt) + "gridlock form run: x syncwarp sources " + kBuilt.hash +
                          "\n========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 "
                          "warnings)\n",
                      "x", "syncwarp");
  check_sources(r, kBuilt);
  EXPECT_TRUE(r.clean()) << r.why;
  EXPECT_EQ(r.text(), "0 races, 0 hazards (0 errors, 0 warnings)");
}

TEST(RacecheckLog, AReportOfOtherSourcesIsStaleAndNamesTheChangedFile) {
  const src::SourceSet now =
      sources_of({kBuilt.files[0], {kBuilt.files[1].path, "fnv1a64:3333333333333333"}});
  RacecheckReport r = parse_racecheck(racy_report(kBuilt), "reduce-warp-volatile", "documented");
  check_sources(r, now);
  EXPECT_EQ(r.state, RacecheckReport::State::stale);
  EXPECT_NE(r.why.find("lessons/reduction/reduce-warp-volatile/kernels.cuh changed"), std::string::npos)
      << r.why;
  EXPECT_EQ(r.why.find("volatile_matrix.cuh changed"), std::string::npos) << r.why;
  EXPECT_NE(r.why.find(kBuilt.hash), std::string::npos);
  EXPECT_NE(r.why.find(now.hash), std::string::npos);
  EXPECT_EQ(r.text(), r.why);  // no counts from a stale report
}

TEST(RacecheckLog, AFileAddedOrRemovedIsNamed) {
  const src::SourceSet now =
      sources_of({kBuilt.files[1], {"lessons/common/new.hpp", "fnv1a64:4444444444444444"}});
  RacecheckReport r = parse_racecheck(racy_report(kBuilt), "reduce-warp-volatile", "documented");
  check_sources(r, now);
  EXPECT_NE(r.why.find("lessons/common/new.hpp added"), std::string::npos) << r.why;
  EXPECT_NE(r.why.find("volatile_matrix.cuh removed"), std::string::npos) << r.why;
}

TEST(RacecheckLog, AHeaderThatDoesNotAddUpIsStale) {
  src::SourceSet forged = kBuilt;
  forged.files[1].hash = "fnv1a64:5555555555555555";  // the set's hash no longer covers the files
  RacecheckReport r = parse_racecheck(racy_report(forged), "reduce-warp-volatile", "documented");
  check_sources(r, kBuilt);
  EXPECT_EQ(r.state, RacecheckReport::State::stale);
}

TEST(RacecheckLog, AReportWithoutSourcesIsStale) {
  const RacecheckReport r = parse_racecheck(
      "gridlock form run: x documented kernels.cuh fnv1a64:eb55f4f3a89e283f\n"
      "========= RACECHECK SUMMARY: 6 hazards displayed (0 errors, 6 warnings)\n",
      "x", "documented");
  EXPECT_EQ(r.state, RacecheckReport::State::stale);
  EXPECT_NE(r.why.find("names no sources"), std::string::npos);
}

TEST(RacecheckLog, AReportOfAnotherFormOrWithoutSummaryDoesNotCount) {
  EXPECT_EQ(parse_racecheck(racy_report(kBuilt), "reduce-warp-volatile", "simplified").state,
            RacecheckReport::State::incomplete);
  const RacecheckReport cut =
      parse_racecheck(src::header_text(kBuilt) + "gridlock form run: x documented sources " + kBuilt.hash +
                          "\n========= Error: Race reported between ...\n",
                      "x", "documented");
  EXPECT_EQ(cut.state, RacecheckReport::State::incomplete);
  EXPECT_NE(cut.why.find("RACECHECK SUMMARY"), std::string::npos);
}

TEST(RacecheckLog, ARunOfOtherSourcesThanTheHeaderDoesNotCount) {
  std::string text = racy_report(kBuilt);
  const std::string run = "sources " + kBuilt.hash;
  text.replace(text.find(run), run.size(), "sources fnv1a64:6666666666666666");
  EXPECT_EQ(parse_racecheck(text, "reduce-warp-volatile", "documented").state,
            RacecheckReport::State::incomplete);
}

TEST(RacecheckLog, AMissingFileSaysHowToMakeIt) {
  const RacecheckReport r =
      gridlock::reduction::read_racecheck("/nonexistent", "lessons/reduction/x", "x", "documented", kBuilt);
  EXPECT_EQ(r.state, RacecheckReport::State::missing);
  EXPECT_EQ(r.path, "lessons/reduction/x/recorded/racecheck/documented.log");
  EXPECT_NE(r.why.find("racecheck.sh"), std::string::npos);
}

}  // namespace
