// The timings chart's rows: groups by size, names split into kernel and configuration, GB/s with
// whiskers, the ratio to the CUB baseline, and the reference lines the trace states. The recorded
// ladder is checked against the facts its own table wrote from the same timings.
#include "model/timings_chart.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Timing timing(const std::string& name, int64_t elements, double median_ns, double min_ns, double max_ns) {
  return gt::Timing{name, elements, elements * 4, 20, median_ns, min_ns, max_ns};
}

std::string fixed(const char* form, double v) {
  char text[48];
  std::snprintf(text, sizeof text, form, v);
  return text;
}

}  // namespace

TEST(TimingsChart, GroupsBySizeInTheOrderSizesFirstAppear) {
  gt::Trace t;
  t.timings = {timing("a | 1 x 1024", 1000, 100, 90, 110), timing("a | 1 x 1024", 1 << 20, 900, 800, 1000),
               timing("cub::DeviceReduce::Sum", 1000, 50, 40, 60)};
  const TimingsChart c = make_timings_chart(t);
  ASSERT_EQ(c.groups.size(), 2u);
  EXPECT_EQ(c.entries, 3);
  EXPECT_EQ(c.groups[0].elements, 1000);
  EXPECT_EQ(c.groups[0].title, "1,000 elements");
  ASSERT_EQ(c.groups[0].bars.size(), 2u);
  EXPECT_EQ(c.groups[0].bars[1].kernel, "cub::DeviceReduce::Sum");
  EXPECT_EQ(c.groups[1].title, "2^20 = 1,048,576 elements");
  ASSERT_EQ(c.groups[1].bars.size(), 1u);
}

TEST(TimingsChart, NamesSplitIntoKernelAndConfiguration) {
  gt::Trace t;
  t.timings = {timing("R7 reduce-block-with-warps | syncwarp, 128 x 512 + 1 x 512", 64, 10, 9, 11),
               timing("reduce_single_block<1024>", 64, 10, 9, 11)};
  const TimingsChart c = make_timings_chart(t);
  const TimingBar& a = c.groups.at(0).bars.at(0);
  EXPECT_EQ(a.kernel, "R7 reduce-block-with-warps");
  EXPECT_EQ(a.configuration, "syncwarp, 128 x 512 + 1 x 512");  // only the first " | " splits
  const TimingBar& b = c.groups.at(0).bars.at(1);
  EXPECT_EQ(b.kernel, "reduce_single_block<1024>");
  EXPECT_EQ(b.configuration, "");
}

TEST(TimingsChart, BandwidthIsBytesOverTheMedianAndWhiskersSpanTheRepetitions) {
  gt::Trace t;
  t.timings = {timing("k", 1000, 2000, 1000, 4000)};  // 4000 bytes
  const TimingsChart chart = make_timings_chart(t);
  const TimingBar& b = chart.groups.at(0).bars.at(0);
  ASSERT_TRUE(b.has_rate);
  EXPECT_DOUBLE_EQ(b.gbs, 2.0);       // 4000 bytes in 2000 ns
  EXPECT_DOUBLE_EQ(b.gbs_slow, 1.0);  // the slowest repetition, 4000 ns
  EXPECT_DOUBLE_EQ(b.gbs_fast, 4.0);  // the fastest, 1000 ns
  EXPECT_FALSE(b.vs_baseline);        // nothing to compare with
}

TEST(TimingsChart, TheFirstCubEntryOfASizeIsItsBaseline) {
  gt::Trace t;
  t.timings = {timing("mine", 1000, 100, 100, 100),
               timing("cub::DeviceReduce::Sum | CUB's own", 1000, 50, 50, 50),
               timing("cub::DeviceReduce::Sum", 1000, 25, 25, 25), timing("mine", 2000, 100, 100, 100)};
  const TimingsChart c = make_timings_chart(t);
  const TimingGroup& g = c.groups.at(0);
  EXPECT_EQ(g.baseline, 1);
  EXPECT_EQ(g.bars[1].role, TimingRole::baseline);
  EXPECT_EQ(g.bars[2].role, TimingRole::baseline);  // highlighted too, but the first is compared with
  EXPECT_DOUBLE_EQ(*g.bars[0].vs_baseline, 0.5);    // half the baseline's GB/s
  EXPECT_DOUBLE_EQ(*g.bars[1].vs_baseline, 1.0);
  EXPECT_DOUBLE_EQ(*g.bars[2].vs_baseline, 2.0);
  EXPECT_EQ(c.baseline_name, "cub::DeviceReduce::Sum");
  // The other size has no baseline of its own: no ratio is made up from another size's.
  EXPECT_EQ(c.groups.at(1).baseline, -1);
  EXPECT_FALSE(c.groups.at(1).bars.at(0).vs_baseline);
}

TEST(TimingsChart, ReferenceLinesComeFromThePeakFactAndTheReadOnlyKernel) {
  gt::Trace t;
  t.timings = {timing("mine", 1000, 4, 4, 4),
               timing("read-only streaming kernel | int4 loads", 1000, 2, 2, 2)};
  t.facts["peak.gbs"] = "3000 GB/s";
  const TimingsChart c = make_timings_chart(t);
  ASSERT_TRUE(c.peak);
  EXPECT_DOUBLE_EQ(c.peak->gbs, 3000);
  EXPECT_EQ(c.peak->label, "peak 3000 GB/s");
  const TimingGroup& g = c.groups.at(0);
  EXPECT_EQ(g.bars[1].role, TimingRole::read_only);
  ASSERT_TRUE(g.read_only);
  EXPECT_DOUBLE_EQ(g.read_only->gbs, 2000);
  EXPECT_EQ(g.read_only->label, "read-only streaming kernel 2000 GB/s");
  EXPECT_DOUBLE_EQ(*g.bars[0].of_read_only, 0.5);
  EXPECT_DOUBLE_EQ(*g.bars[0].of_peak, 1000.0 / 3000.0);
  // The axis ends on a round tick past the peak, the largest value.
  EXPECT_GE(c.axis_max_gbs, 3000);
  EXPECT_LT(c.axis_max_gbs, 3000 + c.tick_gbs + 1e-9);
}

TEST(TimingsChart, ThePeakIsTheRunsSettingWhereTheFactQuotesOne) {
  gt::Trace t;
  t.timings = {timing("mine", 1000, 4, 4, 4)};
  gt::set_fact(t, "peak.gbs", gt::setting_fact(t, "peak_gbs", 3352.4));
  ASSERT_EQ(t.facts.at("peak.gbs"), "3352");
  const TimingsChart c = make_timings_chart(t);
  ASSERT_TRUE(c.peak);
  EXPECT_DOUBLE_EQ(c.peak->gbs, 3352.4);
  EXPECT_EQ(c.peak->label, "peak 3352 GB/s");
  // A number that is no setting draws no line.
  gt::Trace other = t;
  other.fact_values["peak.gbs"].kind = gt::FactKind::timing_rate;
  EXPECT_FALSE(make_timings_chart(other).peak);
}

TEST(TimingsChart, NoLineIsDrawnWhereTheTraceStatesNone) {
  gt::Trace t;
  t.timings = {timing("mine", 1000, 4, 4, 4)};
  t.facts["peak.gbs"] = "fast";
  const TimingsChart c = make_timings_chart(t);
  EXPECT_FALSE(c.peak);
  EXPECT_FALSE(c.groups.at(0).read_only);
  EXPECT_FALSE(c.groups.at(0).bars.at(0).of_peak);
  EXPECT_GE(c.axis_max_gbs, c.groups.at(0).bars.at(0).gbs_fast);
}

TEST(TimingsChart, EntriesWithoutARateAreKeptAndNeverDivideByZero) {
  gt::Trace t;
  t.timings = {gt::Timing{"no bytes", 1000, 0, 5, 10, 9, 11}, gt::Timing{"no time", 1000, 4000, 5, 0, 0, 0},
               gt::Timing{"min above max", 1000, 4000, 5, 2000, 3000, 1000}};
  const TimingsChart c = make_timings_chart(t);
  const TimingGroup& g = c.groups.at(0);
  ASSERT_EQ(g.bars.size(), 3u);
  EXPECT_FALSE(g.bars[0].has_rate);
  EXPECT_FALSE(g.bars[1].has_rate);
  // A file's minimum and maximum in the wrong order: the whiskers still hold the median.
  const TimingBar& odd = g.bars[2];
  EXPECT_LE(odd.gbs_slow, odd.gbs);
  EXPECT_GE(odd.gbs_fast, odd.gbs);
  EXPECT_GT(c.axis_max_gbs, 0);
}

TEST(TimingsChart, RecordedLadderMatchesTheFactsItsTableWrote) {
  const gt::Trace t =
      gt::read_file(std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/reduction/ladder/recorded/ladder.json");
  ASSERT_TRUE(t.steps.empty());
  ASSERT_TRUE(has_timings(t));
  const TimingsChart c = make_timings_chart(t);
  ASSERT_EQ(c.groups.size(), 2u);
  EXPECT_EQ(c.groups[0].title, "100,000,000 elements");
  EXPECT_EQ(c.groups[1].title, "2^28 = 268,435,456 elements");
  ASSERT_TRUE(c.peak);
  // "peak 4814 GB/s": the fact's number (or, in a trace recorded before the peak was a setting,
  // its whole text).
  EXPECT_EQ(c.peak->label.rfind("peak " + t.facts.at("peak.gbs"), 0), 0u) << c.peak->label;
  // The table's rows, in the order the ladder times them.
  const char* keys[] = {"r1", "r2", "r3", "r4", "r5", "r7", "fast", "cub", "read_only", "copy"};
  const char* sizes[] = {"documented", "large"};
  for (std::size_t s = 0; s < 2; ++s) {
    const TimingGroup& g = c.groups[s];
    ASSERT_EQ(g.bars.size(), 10u);
    EXPECT_EQ(g.baseline, 7);
    ASSERT_TRUE(g.read_only);
    EXPECT_EQ(fixed("%.0f", g.read_only->gbs), t.facts.at(std::string(sizes[s]) + ".read_only.gbs"));
    for (std::size_t i = 0; i < 10; ++i) {
      const std::string k = std::string(sizes[s]) + "." + keys[i] + ".";
      const TimingBar& b = g.bars[i];
      SCOPED_TRACE(k);
      EXPECT_EQ(b.configuration, t.facts.at(k + "config"));
      EXPECT_EQ(fixed("%.0f", b.gbs), t.facts.at(k + "gbs"));
      ASSERT_TRUE(b.vs_baseline && b.of_read_only);
      EXPECT_EQ(fixed("%.3f\xC3\x97", *b.vs_baseline), t.facts.at(k + "vs_cub"));
      EXPECT_EQ(fixed("%.1f%%", 100 * *b.of_read_only), t.facts.at(k + "of_read_only"));
      EXPECT_LE(b.gbs_fast, c.axis_max_gbs);
    }
  }
}

// The bar of a trace's timing `index`, or null.
const TimingBar* bar_of(const TimingsChart& c, int index, const TimingGroup** group) {
  for (const TimingGroup& g : c.groups)
    for (const TimingBar& b : g.bars)
      if (b.timing == index) return *group = &g, &b;
  return nullptr;
}

// One measurement is one number, read one way round, in the chart and in the facts a README
// quotes: in every shipped trace, a fact taken from a timing states what that timing's bar shows
// (its GB/s, its ratio to the baseline or to the read-only kernel), and the chart's own label
// for the ratio is the same number at its precision, on the same side of 1.
TEST(TimingsChart, EveryShippedTimingFactReadsAsItsBar) {
  namespace fs = std::filesystem;
  int rates = 0, against_baseline = 0, against_read_only = 0;
  for (const auto& e : fs::recursive_directory_iterator(GRIDLOCK_TEST_LESSONS_DIR)) {
    if (e.path().extension() != ".json" || e.path().parent_path().filename() != "recorded") continue;
    const gt::Trace t = gt::read_file(e.path().string());
    const TimingsChart c = make_timings_chart(t);
    for (const auto& [key, f] : t.fact_values) {
      if (f.kind != gt::FactKind::timing_rate && f.kind != gt::FactKind::timing_ratio) continue;
      SCOPED_TRACE(e.path().filename().string() + ": " + key);
      const TimingGroup* g = nullptr;
      const TimingBar* b = bar_of(c, f.timing, &g);
      ASSERT_NE(b, nullptr) << "no bar for timing " << f.timing;
      ASSERT_TRUE(b->has_rate);
      if (f.kind == gt::FactKind::timing_rate) {
        EXPECT_NEAR(f.value, b->gbs, 1e-9 * b->gbs);
        ++rates;
        continue;
      }
      const TimingGroup* vg = nullptr;
      const TimingBar* versus = bar_of(c, f.versus, &vg);
      ASSERT_NE(versus, nullptr) << "no bar for timing " << f.versus;
      EXPECT_EQ(vg, g) << "a ratio of two sizes";
      if (g->baseline >= 0 && versus == &g->bars[static_cast<std::size_t>(g->baseline)]) {
        ASSERT_TRUE(b->vs_baseline);
        EXPECT_NEAR(f.value, *b->vs_baseline, 1e-12 * f.value);
        EXPECT_EQ(f.value > 1, *b->vs_baseline > 1);
        // The chart's label rounds the same number: within half its last digit.
        const std::string label = format_ratio(*b->vs_baseline);
        const double shown = std::strtod(label.c_str(), nullptr);
        const std::size_t point = label.find('.');
        const std::size_t digits = label.find_first_not_of("0123456789", point + 1) - point - 1;
        EXPECT_LE(std::fabs(shown - f.value), 0.5 * std::pow(10.0, -double(digits)) + 1e-12) << label;
        ++against_baseline;
      } else if (g->read_only && versus->role == TimingRole::read_only) {
        ASSERT_TRUE(b->of_read_only);
        EXPECT_NEAR(f.value, *b->of_read_only, 1e-12 * f.value);
        ++against_read_only;
      } else {
        ADD_FAILURE() << "a ratio to " << versus->name << ", which the chart does not draw";
      }
    }
  }
  // The shipped traces state such facts (the ladder's table does), so this test can fail.
  EXPECT_GT(rates, 0);
  EXPECT_GT(against_baseline, 0);
  EXPECT_GT(against_read_only, 0);
}

TEST(TimingsChart, OnlyTracesWithTimingsHaveTheChart) {
  EXPECT_TRUE(has_timings(gridlock::viewer::testing::make_halving_trace(32, 100, 1)));  // one timing
  EXPECT_FALSE(has_timings(gridlock::viewer::testing::make_counter_trace(8, 2, false, 4)));
}

TEST(TimingsText, SizesBandwidthsAndRatios) {
  EXPECT_EQ(size_text(100000000), "100,000,000");
  EXPECT_EQ(size_text(int64_t{1} << 28), "2^28 = 268,435,456");
  EXPECT_EQ(size_text(512), "512");  // small powers of two read better as digits
  EXPECT_EQ(size_text(0), "0");
  EXPECT_EQ(format_gbs(2920.4), "2920 GB/s");
  EXPECT_EQ(format_gbs(58.44), "58.4 GB/s");
  EXPECT_EQ(format_gbs(6.875), "6.88 GB/s");
  EXPECT_EQ(format_ratio(1.0249), "1.02\xC3\x97");
  EXPECT_EQ(format_ratio(0.002414), "0.0024\xC3\x97");  // R2 beside CUB: not 0.00x
}

TEST(TimingsText, OnlyABandwidthParsesAsOne) {
  EXPECT_EQ(parse_gbs("3352 GB/s"), 3352.0);
  EXPECT_EQ(parse_gbs("12.5  GB/s"), 12.5);
  EXPECT_FALSE(parse_gbs("3352"));
  EXPECT_FALSE(parse_gbs("3352 MB/s"));
  EXPECT_FALSE(parse_gbs("-5 GB/s"));
  EXPECT_FALSE(parse_gbs("nan GB/s"));
  EXPECT_FALSE(parse_gbs("GB/s"));
}
