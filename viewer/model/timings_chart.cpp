// Timings as bars of effective bandwidth.
#include "model/timings_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "model/time_range.hpp"

namespace gridlock::viewer {

namespace {

constexpr const char* kNameSeparator = " | ";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

bool positive(double v) { return std::isfinite(v) && v > 0; }

std::string grouped_digits(int64_t n) {
  const std::string digits = std::to_string(n);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && digits[i - 1] != '-' && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

TimingBar make_bar(const trace::Timing& t, int index) {
  TimingBar b;
  b.timing = index;
  b.name = t.name;
  const std::size_t cut = t.name.find(kNameSeparator);
  b.kernel = t.name.substr(0, cut);
  if (cut != std::string::npos) b.configuration = t.name.substr(cut + std::string(kNameSeparator).size());
  b.role = starts_with(b.kernel, kBaselinePrefix)   ? TimingRole::baseline
           : starts_with(b.kernel, kReadOnlyPrefix) ? TimingRole::read_only
                                                    : TimingRole::measured;
  b.bytes = t.bytes;
  b.repetitions = t.repetitions;
  b.median_ns = t.median_ns;
  b.min_ns = t.min_ns;
  b.max_ns = t.max_ns;
  b.has_rate = t.bytes > 0 && positive(t.median_ns);
  if (!b.has_rate) return b;
  const double bytes = static_cast<double>(t.bytes);
  b.gbs = bytes / t.median_ns;
  // The whiskers never cross the median, whatever a file says of its minimum and maximum.
  b.gbs_slow = positive(t.max_ns) ? std::min(b.gbs, bytes / t.max_ns) : b.gbs;
  b.gbs_fast = positive(t.min_ns) ? std::max(b.gbs, bytes / t.min_ns) : b.gbs;
  return b;
}

// The group's baseline and read-only line, and every bar's ratios to them and to the peak.
void relate(TimingGroup& g, const std::optional<ReferenceLine>& peak) {
  const TimingBar* read_only = nullptr;
  for (std::size_t i = 0; i < g.bars.size(); ++i) {
    const TimingBar& b = g.bars[i];
    if (!b.has_rate) continue;
    if (b.role == TimingRole::baseline && g.baseline < 0) g.baseline = static_cast<int>(i);
    if (b.role == TimingRole::read_only && !read_only) read_only = &b;
  }
  if (read_only)
    g.read_only = ReferenceLine{read_only->kernel + " " + format_gbs(read_only->gbs), read_only->gbs};
  const double baseline_gbs = g.baseline >= 0 ? g.bars[static_cast<std::size_t>(g.baseline)].gbs : 0;
  for (TimingBar& b : g.bars) {
    if (!b.has_rate) continue;
    if (baseline_gbs > 0) b.vs_baseline = b.gbs / baseline_gbs;
    if (g.read_only) b.of_read_only = b.gbs / g.read_only->gbs;
    if (peak) b.of_peak = b.gbs / peak->gbs;
  }
}

// A round axis end past the largest value, and its tick spacing.
void place_axis(TimingsChart& c) {
  double top = c.peak ? c.peak->gbs : 0;
  for (const TimingGroup& g : c.groups)
    for (const TimingBar& b : g.bars)
      if (b.has_rate) top = std::max(top, b.gbs_fast);
  if (top <= 0) top = 1;
  c.tick_gbs = tick_spacing(top, 8);
  c.axis_max_gbs = std::ceil(top / c.tick_gbs) * c.tick_gbs;
}

}  // namespace

bool has_timings(const trace::Trace& trace) { return !trace.timings.empty(); }

TimingsChart make_timings_chart(const trace::Trace& trace) {
  TimingsChart c;
  // The peak is the run's setting the fact quotes; a trace recorded before it was one carries it
  // as text alone ("3352 GB/s").
  if (const auto value = trace.fact_values.find(kPeakFact); value != trace.fact_values.end()) {
    if (value->second.kind == trace::FactKind::parameter && positive(value->second.value))
      c.peak = ReferenceLine{"peak " + format_gbs(value->second.value), value->second.value};
  } else if (const auto fact = trace.facts.find(kPeakFact); fact != trace.facts.end()) {
    if (const std::optional<double> peak = parse_gbs(fact->second))
      c.peak = ReferenceLine{"peak " + format_gbs(*peak), *peak};
  }
  for (std::size_t i = 0; i < trace.timings.size(); ++i) {
    const trace::Timing& t = trace.timings[i];
    auto g = std::find_if(c.groups.begin(), c.groups.end(),
                          [&](const TimingGroup& group) { return group.elements == t.elements; });
    if (g == c.groups.end()) {
      c.groups.push_back({t.elements, size_text(t.elements) + " elements", {}, -1, std::nullopt});
      g = c.groups.end() - 1;
    }
    g->bars.push_back(make_bar(t, static_cast<int>(i)));
    ++c.entries;
  }
  for (TimingGroup& g : c.groups) {
    relate(g, c.peak);
    if (c.baseline_name.empty() && g.baseline >= 0)
      c.baseline_name = g.bars[static_cast<std::size_t>(g.baseline)].kernel;
  }
  place_axis(c);
  return c;
}

std::string size_text(int64_t elements) {
  if (elements >= 1024 && (elements & (elements - 1)) == 0) {
    int log = 0;
    while ((int64_t{1} << log) < elements) ++log;
    return "2^" + std::to_string(log) + " = " + grouped_digits(elements);
  }
  return grouped_digits(elements);
}

std::string format_gbs(double gbs) {
  char text[32];
  std::snprintf(text, sizeof text, gbs >= 100 ? "%.0f GB/s" : gbs >= 10 ? "%.1f GB/s" : "%.2f GB/s", gbs);
  return text;
}

std::optional<double> parse_gbs(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (end == begin || !positive(value)) return std::nullopt;
  std::string unit(end);
  unit.erase(0, unit.find_first_not_of(' '));
  if (unit != "GB/s") return std::nullopt;
  return value;
}

}  // namespace gridlock::viewer
