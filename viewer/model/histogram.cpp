// Histograms of repeated measurements.
#include "model/histogram.hpp"

#include <algorithm>
#include <cmath>

#include "format.hpp"

namespace gridlock::viewer {

namespace {

bool all_integers(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x) && std::floor(x) == x; });
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// "3 blocks", and "1 block" for exactly one of a counted unit (a plural in "s"; not a time unit).
std::string with_unit(const std::string& text, const std::string& unit) {
  if (unit.empty()) return text;
  const bool time = unit == "ns" || unit == "\xC2\xB5s" || unit == "ms" || unit == "s";
  if (text == "1" && !time && unit.size() > 1 && unit.back() == 's')
    return text + " " + unit.substr(0, unit.size() - 1);
  return text + " " + unit;
}

// The span the bins cover: the values', widened to the reference where that is near (within a
// quarter of the values' span, or inside the integer bins' limit).
void place_reference(Histogram& h, double& low, double& high, int max_bins) {
  if (!h.has_reference) return;
  const double r = h.reference;
  const double span = std::max(high - low, 1.0);
  const bool near = h.integer_bins ? std::max(high, r) - std::min(low, r) + 1 <= max_bins
                                   : r >= low - 0.25 * span && r <= high + 0.25 * span;
  if (!near) return;
  low = std::min(low, r);
  high = std::max(high, r);
  h.reference_in_range = true;
}

void fill_bins(Histogram& h, const std::vector<double>& values, int max_bins) {
  double low = h.min, high = h.max;
  const bool integers = all_integers(values);
  h.integer_bins = integers && high - low + 1 <= max_bins;
  place_reference(h, low, high, max_bins);
  int count = 0;
  double width = 1;
  if (h.integer_bins) {
    // At least kMinIntegerBins, the values in the middle (not below 0 where none is).
    const double missing = std::max(0.0, std::min<double>(kMinIntegerBins, max_bins) - (high - low + 1));
    low -= std::floor(missing / 2);
    high += std::ceil(missing / 2);
    if (low < 0 && h.min >= 0) {
      high -= low;
      low = 0;
    }
    count = static_cast<int>(high - low) + 1;
  } else if (integers) {
    // Integer values over a wide span: bins of a whole number of values each.
    width = std::ceil((high - low + 1) / max_bins);
    count = static_cast<int>(std::ceil((high - low + 1) / width));
  } else {
    count =
        std::clamp(static_cast<int>(std::ceil(std::sqrt(static_cast<double>(values.size())))), 1, max_bins);
    width = high > low ? (high - low) / count : 1.0;
    if (high <= low) count = 1;
  }
  for (int b = 0; b < count; ++b) h.bins.push_back({low + b * width, low + (b + 1) * width, 0});
  for (double v : values) {
    const int b = bin_of(h, v);
    if (b >= 0) ++h.bins[static_cast<std::size_t>(b)].count;
  }
  for (const HistogramBin& b : h.bins) h.tallest = std::max(h.tallest, b.count);
}

}  // namespace

bool has_series(const trace::Trace& trace) {
  return std::any_of(trace.series.begin(), trace.series.end(),
                     [](const trace::Series& s) { return !s.values.empty(); });
}

int bin_of(const Histogram& h, double value) {
  if (h.bins.empty() || !(value >= h.bins.front().low) || value > h.bins.back().high) return -1;
  for (std::size_t b = 0; b < h.bins.size(); ++b)
    if (value < h.bins[b].high) return static_cast<int>(b);
  return static_cast<int>(h.bins.size()) - 1;  // the last bin holds its upper end
}

Histogram make_histogram(const trace::Series& series, int max_bins) {
  Histogram h;
  h.name = series.name;
  h.unit = series.unit;
  h.has_reference = series.has_reference;
  h.reference = series.reference;
  std::vector<double> values;
  for (double v : series.values)
    if (std::isfinite(v)) values.push_back(v);
  h.count = static_cast<int>(values.size());
  if (values.empty()) {
    h.caption = "no values";
    return h;
  }
  h.min = *std::min_element(values.begin(), values.end());
  h.max = *std::max_element(values.begin(), values.end());
  h.median = median_of(values);
  for (double v : values) h.exact += h.has_reference && v == h.reference ? 1 : 0;
  fill_bins(h, values, std::max(max_bins, 1));
  // A series' values are runs, blocks, warps, hand-offs or items: counted as values, whatever each one is.
  const std::string values_text = format_count(h.count, "value");
  if (series.out_of > 0) {
    // Counts out of `out_of` each: their sum out of all, as the series' sum fact reads it.
    double sum = 0;
    for (double v : values) sum += v;
    h.caption = values_text + ", " + format_value(sum, false) + " of " +
                with_unit(format_value(series.out_of * h.count, false), h.unit) + " in all";
  } else {
    h.caption = h.has_reference
                    ? values_text + ", " + std::to_string(h.exact) + " exact, median " +
                          format_value(h.median, false) + " of " +
                          with_unit(format_value(h.reference, false), h.unit)
                    : values_text + ", median " + with_unit(format_value(h.median, false), h.unit);
  }
  h.range = h.min == h.max
                ? with_unit(format_value(h.min, false), h.unit)
                : with_unit(format_value(h.min, false) + "\xE2\x80\x93" + format_value(h.max, false), h.unit);
  // One yes or no a run (out of 1 each): the caption's count says it all.
  if (series.out_of == 1) h.range.clear();
  return h;
}

std::vector<Histogram> make_histograms(const trace::Trace& trace, std::vector<int>* series_of) {
  std::vector<Histogram> out;
  series_of->clear();
  for (std::size_t i = 0; i < trace.series.size(); ++i) {
    if (trace.series[i].values.empty()) continue;
    Histogram h = make_histogram(trace.series[i]);
    for (const auto& [key, f] : trace.fact_values) {
      const auto text = trace.facts.find(key);
      if (f.kind != trace::FactKind::series_spread || f.series != static_cast<int>(i) ||
          text == trace.facts.end())
        continue;
      h.caption = format_count(h.count, "round") + ", " + text->second + " (median \xC2\xB1 half the range)";
      h.range = trace::number_text(h.min, trace::FactUnit::count, f.decimals) + "\xE2\x80\x93" +
                trace::number_text(h.max, trace::FactUnit::times, f.decimals);
      break;
    }
    out.push_back(std::move(h));
    series_of->push_back(static_cast<int>(i));
  }
  return out;
}

}  // namespace gridlock::viewer
