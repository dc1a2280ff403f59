// The reduction ladder's table: its ratios, its Markdown, its facts, and a trace that validates.
#include <gtest/gtest.h>

#include "table.hpp"

namespace gridlock::ladder {
namespace {

Row row(const std::string& key, RowKind kind, double median_us, int64_t n, bool exact = true,
        int64_t bytes = 0) {
  Row r;
  r.key = key;
  r.kernel = "kernel " + key;
  r.config = "config " + key;
  r.kind = kind;
  r.timing.name = key;
  r.timing.elements = n;
  r.timing.bytes = bytes ? bytes : 4 * n;
  r.timing.repetitions = 20;
  r.timing.median_ns = r.timing.min_ns = r.timing.max_ns = median_us * 1e3;
  r.exact = exact;
  return r;
}

Ladder sample(bool fast_exact = true) {
  Ladder l;
  l.peak_gbs = 3352;
  for (int64_t n : {int64_t(100000000), int64_t(1) << 28}) {
    SizeTable s;
    s.n = n;
    s.rows = {row("r1", RowKind::reduction, 3400, n), row("fast", RowKind::reduction, 136, n, fast_exact),
              row("cub", RowKind::baseline, 140, n), row("read_only", RowKind::memory, 136, n),
              row("copy", RowKind::memory, 280, n, false, 8 * n)};
    l.sizes.push_back(s);
  }
  l.left_out = {{"R6 reduce-warp-volatile", "one warp"}};
  return l;
}

TEST(LadderTable, SizesAreNamedAsTheChapterNamesThem) {
  EXPECT_EQ(size_name(100000000), "100,000,000");
  EXPECT_EQ(size_name(int64_t(1) << 28), "2^28");
  EXPECT_EQ(size_name(1000), "1,000");
}

TEST(LadderTable, RatiosAreOfThroughput) {
  const Ladder l = sample();
  const SizeTable& s = l.sizes[0];
  EXPECT_NEAR(s.vs_cub(s.row("fast")), 140.0 / 136.0, 1e-12);
  EXPECT_NEAR(s.of_read_only(s.row("cub")), 136.0 / 140.0, 1e-12);
  EXPECT_NEAR(s.of_read_only(s.row("copy")), 136.0 / 140.0, 1e-12);  // its read and its write counted
  EXPECT_THROW(s.row("r9"), std::out_of_range);
}

TEST(LadderTable, MarkdownHasARowPerKernelAndTheLessonsLeftOut) {
  const std::string md = markdown_table(sample());
  EXPECT_NE(md.find("### n = 100,000,000 ints"), std::string::npos);
  EXPECT_NE(md.find("### n = 2^28 ints"), std::string::npos);
  EXPECT_NE(md.find("| kernel fast | config fast | 0.136 ms | 2941 | 1.029\xC3\x97 | 100.0% | 87.7% | yes |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| kernel copy | config copy | 0.280 ms | 2857 | 1.000\xC3\x97 | 97.1% | 85.2% | n/a |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- R6 reduce-warp-volatile: one warp"), std::string::npos);
}

// Runs of a ratio: `median` with the others `spread` either side.
MeasuredRatio rounds_of(double median, double spread) {
  return measured_ratio({median - spread, median, median + spread, median, median});
}

TEST(LadderTable, TargetsAreDecidedOutsideTheRunsSpreadAndSayByHowMuchAMissFallsShort) {
  Ladder l = sample();
  l.sizes[0].fast_vs_cub = rounds_of(1.0294, 0.0010);
  l.sizes[1].fast_vs_cub = rounds_of(1.0150, 0.0010);
  l.sizes[1].fast_of_peak = rounds_of(0.9300, 0.0020);
  std::vector<Target> t = targets(l);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].key, "documented.vs_cub");
  EXPECT_EQ(t[0].state, TargetState::met);
  EXPECT_EQ(
      t[0].text,
      "reduce-fast vs CUB at 100,000,000 ints: 1.0294\xC3\x97 \xC2\xB1 0.0010 as fast over 5 runs (target "
      "1.02\xC3\x97: met)");
  EXPECT_EQ(t[1].state, TargetState::missed);
  EXPECT_EQ(t[1].text,
            "reduce-fast vs CUB at 2^28 ints: 1.0150\xC3\x97 \xC2\xB1 0.0010 as fast over 5 runs (target "
            "1.02\xC3\x97: short by 0.0050)");
  EXPECT_EQ(t[2].key, "large.of_peak");
  EXPECT_EQ(t[2].state, TargetState::met);
  EXPECT_EQ(t[2].text,
            "reduce-fast at 2^28 ints: 93.00% \xC2\xB1 0.20 of the peak over 5 runs (target 92%: met)");

  // 1.0197 +- 0.0010 against 1.02, 91.9% +- 0.2 against 92%: the spread covers both thresholds.
  l.sizes[1].fast_vs_cub = rounds_of(1.0197, 0.0010);
  l.sizes[1].fast_of_peak = rounds_of(0.9190, 0.0020);
  t = targets(l);
  EXPECT_EQ(t[1].state, TargetState::within_noise);
  EXPECT_NE(t[1].text.find("within the runs' spread: neither met nor missed"), std::string::npos)
      << t[1].text;
  EXPECT_EQ(t[2].state, TargetState::within_noise);
  // Outside the spread the same median misses.
  l.sizes[1].fast_of_peak = rounds_of(0.9190, 0.0005);
  EXPECT_EQ(targets(l)[2].state, TargetState::missed);
  EXPECT_NE(targets(l)[2].text.find("short by 0.10 points"), std::string::npos) << targets(l)[2].text;
  EXPECT_NE(markdown_table(l).find("- reduce-fast vs CUB at 2^28 ints: 1.0197\xC3\x97"), std::string::npos);
  EXPECT_NE(text_table(l).find("  target: reduce-fast vs CUB at 2^28"), std::string::npos);
  // Without rounds, no target is claimed.
  EXPECT_TRUE(targets(sample()).empty());
}

// A trace as the ladder writes it, before its table is added.
trace::Trace empty_trace() {
  trace::Trace t;
  t.lesson_id = "reduction-ladder";
  t.producer.devices = {trace::Device{"GPU", 9, 0, 132, 13000, 13000}};
  t.sources = {{"rungs.cuh", "// rungs\n", trace::source_hash("// rungs\n")}};
  return t;
}

TEST(LadderTable, TheTargetsAreFactsWithTheirRunsAsSeries) {
  Ladder l = sample();
  l.sizes[0].fast_vs_cub = rounds_of(1.0294, 0.0010);
  l.sizes[1].fast_vs_cub = rounds_of(1.0150, 0.0010);
  l.sizes[1].fast_of_peak = rounds_of(0.9300, 0.0020);
  trace::Trace t = empty_trace();
  add_to_trace(l, t);
  ASSERT_EQ(t.series.size(), 3u);  // one a target, one value a run
  EXPECT_EQ(t.series[0].values.size(), 5u);
  EXPECT_EQ(t.facts.at("target.documented.vs_cub"), "1.0294\xC3\x97 \xC2\xB1 0.0010");
  EXPECT_EQ(t.fact_values.at("target.documented.vs_cub").kind, trace::FactKind::series_spread);
  EXPECT_EQ(t.facts.at("target.documented.vs_cub.runs"), "5");
  EXPECT_EQ(t.facts.at("target.documented.vs_cub.verdict"), "target 1.02\xC3\x97: met");
  EXPECT_EQ(t.facts.at("target.large.vs_cub.verdict"), "target 1.02\xC3\x97: short by 0.0050");
  EXPECT_EQ(t.facts.at("target.large.of_peak"), "93.00");  // percent of the peak
  EXPECT_EQ(t.fact_values.at("target.large.of_peak").kind, trace::FactKind::series_median);
  EXPECT_EQ(t.facts.at("target.large.of_peak.spread"), "0.20");
  EXPECT_EQ(t.facts.at("target.large.of_peak.verdict"), "target 92%: met");
  EXPECT_EQ(t.fact_values.count("target.large.of_peak.verdict"), 0u);  // words
  // The facts say what each target's sentence says.
  for (const Target& goal : targets(l)) {
    const std::string k = "target." + goal.key;
    EXPECT_NE(goal.text.find(t.facts.at(k)), std::string::npos) << goal.text;
    EXPECT_NE(
        goal.text.find("over " + t.facts.at(k + ".runs") + " runs (" + t.facts.at(k + ".verdict") + ")"),
        std::string::npos)
        << goal.text;
  }
  EXPECT_TRUE(trace::validate(t).empty());
  const std::vector<std::string> problems = trace::check_truth(t);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(LadderTable, ExactnessCountsTheReductionsOnly) {
  EXPECT_TRUE(sample().all_exact());  // the copy's "not exact" is no reduction's
  EXPECT_FALSE(sample(false).all_exact());
  EXPECT_NE(text_table(sample(false)).find(" no\n"), std::string::npos);
}

TEST(LadderTable, TheTraceHoldsEveryTimingAndAFactPerCellAndValidates) {
  trace::Trace t;
  t.lesson_id = "reduction-ladder";
  t.producer.devices = {trace::Device{"GPU", 9, 0, 132, 13000, 13000}};
  t.sources = {{"rungs.cuh", "// rungs\n", trace::source_hash("// rungs\n")}};
  add_to_trace(sample(), t);
  EXPECT_EQ(t.timings.size(), 10u);
  EXPECT_EQ(t.timings[1].name, "kernel fast | config fast");
  EXPECT_EQ(t.facts.at("documented.fast.vs_cub"), "1.029\xC3\x97");
  EXPECT_EQ(t.facts.at("large.copy.exact"), "n/a");
  EXPECT_EQ(t.facts.at("large.n"), "2^28");
  EXPECT_EQ(t.facts.at("peak.gbs"), "3352");
  EXPECT_EQ(t.fact_values.at("peak.gbs").kind, trace::FactKind::parameter);
  EXPECT_EQ(t.parameters.at("peak_gbs"), 3352);
  // A share of the peak is the row's GB/s over that setting.
  const trace::FactValue& of_peak = t.fact_values.at("documented.fast.of_peak");
  EXPECT_EQ(of_peak.kind, trace::FactKind::timing_share);
  EXPECT_EQ(of_peak.timing, 1);
  EXPECT_EQ(of_peak.parameter, "peak_gbs");
  // The measured cells carry their origin: the row's timing, and the row it is compared with.
  const trace::FactValue& vs_cub = t.fact_values.at("documented.fast.vs_cub");
  EXPECT_EQ(vs_cub.kind, trace::FactKind::timing_ratio);
  EXPECT_EQ(vs_cub.timing, 1);
  EXPECT_EQ(vs_cub.versus, 2);
  EXPECT_EQ(t.fact_values.at("large.r1.of_read_only").versus, 8);  // the second size's read-only row
  EXPECT_EQ(t.facts.at("large.r1.of_read_only"), "4.0%");
  EXPECT_EQ(t.facts.at("documented.fast.time"), "0.136 ms");
  EXPECT_EQ(t.fact_values.at("documented.fast.gbs").kind, trace::FactKind::timing_rate);
  EXPECT_EQ(t.fact_values.count("documented.cub.vs_cub"), 0u);  // CUB against itself: text alone
  // Each cell of the Markdown table is its fact's text.
  const std::string md = markdown_table(sample());
  for (const char* key : {"documented.r1.time", "documented.r1.gbs", "documented.r1.vs_cub",
                          "documented.r1.of_read_only", "documented.r1.of_peak", "large.fast.of_peak"})
    EXPECT_NE(md.find("| " + t.facts.at(key) + " |"), std::string::npos) << key;
  EXPECT_TRUE(trace::validate(t).empty());
  EXPECT_TRUE(trace::check_truth(t).empty());
  const trace::Trace back = trace::from_json(trace::to_json(t));
  EXPECT_EQ(back.facts, t.facts);
  EXPECT_EQ(back.timings.size(), t.timings.size());
}

}  // namespace
}  // namespace gridlock::ladder
