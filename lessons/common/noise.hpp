// A verdict on a measured ratio against a threshold ("at least 1.1x faster") is only as good as the
// ratio's run-to-run spread: a ratio measured in several rounds gives its median and that spread,
// and a median that lies within the spread of the threshold decides nothing.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock {

// One ratio measured in several rounds: the median round and how far the rounds spread from it.
struct MeasuredRatio {
  double median = 0;
  double spread = 0;  // half the range of the rounds: the median may sit this far either way
  size_t median_round = 0;
  int rounds = 0;
  std::vector<double> values;  // each round's ratio, in the order measured
};

// The rounds' ratios, in the order they were measured. An empty list gives a zero ratio.
inline MeasuredRatio measured_ratio(const std::vector<double>& rounds) {
  MeasuredRatio r;
  r.rounds = int(rounds.size());
  r.values = rounds;
  if (rounds.empty()) return r;
  std::vector<size_t> order(rounds.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rounds[a] < rounds[b]; });
  r.median_round = order[order.size() / 2];
  r.median = rounds[r.median_round];
  r.spread = (rounds[order.back()] - rounds[order.front()]) / 2;
  return r;
}

// The decimals that show a spread's first digit: two, or more for a narrower spread (at most four);
// two for rounds that all agree.
inline int spread_digits(double spread) {
  int digits = 2;
  while (spread > 0 && digits < 4 && spread < 0.5 * std::pow(10.0, -digits)) ++digits;
  return digits;
}

// "1.06x ± 0.03", "1.019x ± 0.003": a ratio and its spread, rounded to the decimals that show the
// spread's first digit.
inline std::string ratio_with_spread(const MeasuredRatio& r) {
  char text[64];
  const int digits = spread_digits(r.spread);
  std::snprintf(text, sizeof text, "%.*f\xC3\x97 \xC2\xB1 %.*f", digits, r.median, digits, r.spread);
  return text;
}

// Records the ratio as a fact the trace checker recomputes: its rounds as a series named `what`
// (one ratio a round), and the fact `key` written as ratio_with_spread writes it ("1.82× ± 0.01").
inline void set_ratio_fact(trace::Trace& t, const std::string& key, const std::string& what,
                           const MeasuredRatio& r) {
  t.series.push_back({what, "\xC3\x97", r.values});
  trace::set_fact(t, key, trace::series_spread_fact(t, int(t.series.size()) - 1, spread_digits(r.spread)));
}

// Whether the ratio lies so near its threshold that the rounds' spread covers it.
inline bool within_noise(const MeasuredRatio& r, double threshold) {
  return std::fabs(r.median - threshold) <= r.spread;
}

// The reason a verdict reads not observable: "within noise: 1.06x ± 0.03 against 1.05 (5 rounds)".
inline std::string within_noise_reason(const MeasuredRatio& r, double threshold) {
  char text[64];
  std::snprintf(text, sizeof text, " against %.*f (%d rounds)", spread_digits(r.spread), threshold, r.rounds);
  return "within noise: " + ratio_with_spread(r) + text;
}

}  // namespace gridlock
