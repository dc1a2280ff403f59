// Histograms of a trace's series: bins, the reference's place, the caption.
#include "model/histogram.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "fixture_trace.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

gt::Series series(std::vector<double> values, bool reference = true, double ref = 512) {
  return gt::Series{"final count", "blocks", std::move(values), reference, ref};
}

}  // namespace

TEST(Histogram, IntegersGetABinEachAndAFarReferenceStaysOffTheAxis) {
  const Histogram h = make_histogram(series({3, 2, 4, 3, 3, 2}));
  EXPECT_TRUE(h.integer_bins);
  ASSERT_EQ(h.bins.size(), 7u);  // 2, 3, 4 in the middle of at least kMinIntegerBins
  EXPECT_EQ(h.bins[0].low, 0);
  EXPECT_EQ(h.bins[2].low, 2);
  EXPECT_EQ(h.bins[3].count, 3);
  EXPECT_EQ(h.tallest, 3);
  EXPECT_FALSE(h.reference_in_range);  // 512 is far: drawn past a break
  EXPECT_EQ(h.exact, 0);
  EXPECT_EQ(h.median, 3);
  EXPECT_EQ(h.caption, "6 values, 0 exact, median 3 of 512 blocks");
  EXPECT_EQ(h.range,
            "2\xE2\x80\x93"
            "4 blocks");
}

TEST(Histogram, ANearReferenceWidensTheBins) {
  const Histogram h = make_histogram(series({500, 505, 510, 510}));
  EXPECT_TRUE(h.integer_bins);
  EXPECT_TRUE(h.reference_in_range);
  EXPECT_EQ(h.bins.back().low, 512);
  EXPECT_EQ(bin_of(h, 512), static_cast<int>(h.bins.size()) - 1);
  EXPECT_EQ(h.median, 507.5);
  const Histogram exact = make_histogram(series(std::vector<double>(200, 512)));
  ASSERT_EQ(exact.bins.size(), 7u);
  EXPECT_EQ(exact.bins[3].low, 512);
  EXPECT_EQ(exact.bins[3].count, 200);
  EXPECT_EQ(exact.exact, 200);
  EXPECT_EQ(exact.caption, "200 values, 200 exact, median 512 of 512 blocks");
}

TEST(Histogram, WideOrFractionalValuesGetEqualBins) {
  std::vector<double> times;
  for (int i = 0; i < 100; ++i) times.push_back(1.5 + 0.01 * i);
  const Histogram h = make_histogram(gt::Series{"time per launch", "\xC2\xB5s", times, false, 0});
  EXPECT_FALSE(h.integer_bins);
  EXPECT_EQ(h.bins.size(), 10u);  // about sqrt(100)
  int total = 0;
  for (const HistogramBin& b : h.bins) total += b.count;
  EXPECT_EQ(total, 100);
  EXPECT_EQ(bin_of(h, h.max), 9);
  EXPECT_EQ(h.caption.rfind("100 values, median 1.995", 0), 0u);
  std::vector<double> wide;
  for (int i = 0; i < 300; ++i) wide.push_back(i * 3);
  const Histogram w = make_histogram(series(wide, false));
  EXPECT_LE(w.bins.size(), 40u);
  EXPECT_EQ(w.bins[1].low - w.bins[0].low, std::ceil(898.0 / 40));  // a whole number of values
  EXPECT_EQ(make_histogram(series({})).caption, "no values");
  // Counts out of a number each read as their sum out of all, as the series' sum fact does.
  const Histogram wrong =
      make_histogram(gt::Series{"wrong warps per launch", "warps", {0, 3, 0, 1}, true, 0, 8});
  EXPECT_EQ(wrong.caption, "4 values, 4 of 32 warps in all");
  EXPECT_TRUE(has_series(gridlock::viewer::testing::make_counter_trace(8, 2, false, 4)));
  EXPECT_FALSE(has_series(gridlock::viewer::testing::make_halving_trace(64, 100, 1)));
}

// A ratio measured in rounds is captioned with its fact's own text, and its range at the fact's
// decimals; a series no such fact reads keeps the caption computed from its values.
TEST(Histogram, ASeriesASpreadFactReadsIsCaptionedWithTheFact) {
  gt::Trace t;
  t.series.push_back(gt::Series{"skewed costs: the queue's speed-up, one a round",
                                "\xC3\x97",
                                {1.81, 1.83, 1.8, 1.82, 1.84},
                                false,
                                0});
  t.series.push_back(series({3, 2, 4, 3, 3, 2}));
  gt::set_fact(t, "skewed.speedup", gt::series_spread_fact(t, 0, 2));
  std::vector<int> series_of;
  const std::vector<Histogram> h = make_histograms(t, &series_of);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(series_of, (std::vector<int>{0, 1}));
  EXPECT_EQ(h[0].caption, "5 rounds, 1.82\xC3\x97 \xC2\xB1 0.02 (median \xC2\xB1 half the range)");
  EXPECT_EQ(h[0].range,
            "1.80\xE2\x80\x93"
            "1.84\xC3\x97");
  EXPECT_EQ(h[1].caption, make_histogram(t.series[1]).caption);
}

TEST(Histogram, OneOfACountedUnitIsSingular) {
  const Histogram one = make_histogram(series({1, 1, 1}, false));
  EXPECT_EQ(one.range, "1 block");
  EXPECT_EQ(one.caption, "3 values, median 1 block");
  gt::Series time{"kernel time", "ns", {1, 1}};
  EXPECT_EQ(make_histogram(time).range, "1 ns");  // a time unit keeps its form
}
