// The ladder's table as text, Markdown and trace facts.
#include "table.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "common/units.hpp"

namespace gridlock::ladder {
namespace {

std::string fixed(double v, int digits) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

// The columns of one row, as text: time, GB/s, × as fast as CUB, % read-only, % peak, exact. The
// first four are written by the trace's one rule (trace::number_text), as their facts are.
struct Cells {
  std::string time, gbs, vs_cub, of_read_only, of_peak, exact;
};

// How each measured column is written: its unit and decimals, here and in the trace's facts.
constexpr int kTimeDecimals = 3, kGbsDecimals = 0, kVsCubDecimals = 3, kOfReadOnlyDecimals = 1;

Cells cells(const Ladder& ladder, const SizeTable& s, const Row& r) {
  using trace::FactUnit;
  using trace::number_text;
  Cells c;
  c.time = number_text(r.timing.median_ns, FactUnit::ms, kTimeDecimals);
  c.gbs = number_text(r.timing.gbytes_per_s(), FactUnit::count, kGbsDecimals);
  c.vs_cub = number_text(s.vs_cub(r), FactUnit::times, kVsCubDecimals);
  c.of_read_only = number_text(s.of_read_only(r), FactUnit::percent, kOfReadOnlyDecimals);
  c.of_peak = fixed(100 * r.timing.gbytes_per_s() / ladder.peak_gbs, 1) + "%";
  c.exact = r.kind == RowKind::memory ? "n/a" : r.exact ? "yes" : "no";
  return c;
}

std::string size_key(int64_t n) {
  return n == 100000000 ? "documented" : n == (int64_t(1) << 28) ? "large" : std::to_string(n);
}

}  // namespace

const Row& SizeTable::row(const std::string& key) const {
  for (const Row& r : rows)
    if (r.key == key) return r;
  throw std::out_of_range("the ladder has no row " + key + " at n=" + std::to_string(n));
}

double SizeTable::vs_cub(const Row& r) const {
  return r.timing.gbytes_per_s() / row("cub").timing.gbytes_per_s();
}

double SizeTable::of_read_only(const Row& r) const {
  return r.timing.gbytes_per_s() / row("read_only").timing.gbytes_per_s();
}

namespace {

// The size's reduce-fast row, or null.
const Row* fast_row(const SizeTable& s) {
  const auto it = std::find_if(s.rows.begin(), s.rows.end(), [](const Row& r) { return r.key == "fast"; });
  return it == s.rows.end() ? nullptr : &*it;
}

}  // namespace

namespace {

// The decimals of a target's numbers: enough that a miss is not rounded into a hit (a ratio to
// CUB), and a share of the peak in percent with its spread in points.
constexpr int kTargetDigits = 4, kPeakTargetDigits = 2;

// The verdict on a ratio measured in rounds, and its words after "target …: ".
TargetState state_of(const MeasuredRatio& r, double target) {
  if (within_noise(r, target)) return TargetState::within_noise;
  return r.median >= target ? TargetState::met : TargetState::missed;
}

std::string verdict_text(TargetState state, const std::string& short_by) {
  switch (state) {
    case TargetState::met:
      return "met";
    case TargetState::missed:
      return "short by " + short_by;
    case TargetState::within_noise:
      return "within the runs' spread: neither met nor missed";
  }
  return "";
}

}  // namespace

std::vector<Target> targets(const Ladder& ladder) {
  std::vector<Target> out;
  const SizeTable* largest = nullptr;
  for (const SizeTable& s : ladder.sizes) {
    if (!largest || s.n > largest->n) largest = &s;
    const MeasuredRatio& r = s.fast_vs_cub;
    if (!fast_row(s) || r.rounds == 0) continue;
    Target t;
    t.key = size_key(s.n) + ".vs_cub";
    t.state = state_of(r, kTargetVsCub);
    t.n = s.n;
    t.verdict = "target " + gridlock::times_as_fast(kTargetVsCub, 2) + ": " +
                verdict_text(t.state, fixed(kTargetVsCub - r.median, kTargetDigits));
    t.text = "reduce-fast vs CUB at " + size_name(s.n) + " ints: " + fixed(r.median, kTargetDigits) +
             "\xC3\x97 \xC2\xB1 " + fixed(r.spread, kTargetDigits) + " as fast over " +
             std::to_string(r.rounds) + " runs (" + t.verdict + ")";
    out.push_back(t);
  }
  if (!largest || !fast_row(*largest) || ladder.peak_gbs <= 0 || largest->fast_of_peak.rounds == 0)
    return out;
  const MeasuredRatio& p = largest->fast_of_peak;
  Target t;
  t.key = size_key(largest->n) + ".of_peak";
  t.state = state_of(p, kTargetOfPeak);
  t.n = largest->n;
  t.verdict = "target " + fixed(100 * kTargetOfPeak, 0) + "%: " +
              verdict_text(t.state, fixed(100 * (kTargetOfPeak - p.median), kPeakTargetDigits) + " points");
  t.text = "reduce-fast at " + size_name(largest->n) + " ints: " + fixed(100 * p.median, kPeakTargetDigits) +
           "% \xC2\xB1 " + fixed(100 * p.spread, kPeakTargetDigits) + " of the peak over " +
           std::to_string(p.rounds) + " runs (" + t.verdict + ")";
  out.push_back(t);
  return out;
}

bool Ladder::all_exact() const {
  for (const SizeTable& s : sizes)
    for (const Row& r : s.rows)
      if (r.kind != RowKind::memory && !r.exact) return false;
  return true;
}

std::string size_name(int64_t n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int log = 0;
    while ((int64_t(1) << log) < n) ++log;
    return "2^" + std::to_string(log);
  }
  std::string digits = std::to_string(n), text;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string text_table(const Ladder& ladder) {
  std::string out;
  char line[512];
  for (const SizeTable& s : ladder.sizes) {
    std::snprintf(line, sizeof line, "\nn = %s ints (%lld bytes), peak %.0f GB/s:\n", size_name(s.n).c_str(),
                  static_cast<long long>(s.n * 4), ladder.peak_gbs);
    out += line;
    std::snprintf(line, sizeof line, "  %-56s %-44s %9s %7s %8s %11s %7s %5s\n", "kernel", "configuration",
                  "time", "GB/s", "\xC3\x97 CUB", "% read-only", "% peak", "exact");
    out += line;
    for (const Row& r : s.rows) {
      const Cells c = cells(ladder, s, r);
      std::snprintf(line, sizeof line, "  %-56s %-44s %9s %7s %8s %11s %7s %5s\n", r.kernel.c_str(),
                    r.config.c_str(), c.time.c_str(), c.gbs.c_str(), c.vs_cub.c_str(), c.of_read_only.c_str(),
                    c.of_peak.c_str(), c.exact.c_str());
      out += line;
    }
  }
  for (const auto& [lesson, reason] : ladder.left_out)
    out += "  not applicable: " + lesson + ": " + reason + "\n";
  for (const Target& t : targets(ladder)) out += "  target: " + t.text + "\n";
  return out;
}

std::string markdown_table(const Ladder& ladder) {
  std::string out;
  for (const SizeTable& s : ladder.sizes) {
    out += "### n = " + size_name(s.n) + " ints\n\n";
    out += "| kernel | configuration | time | GB/s | × CUB | % of read-only | % of peak | exact |\n";
    out += "|---|---|---:|---:|---:|---:|---:|---|\n";
    for (const Row& r : s.rows) {
      const Cells c = cells(ladder, s, r);
      out += "| " + r.kernel + " | " + r.config + " | " + c.time + " | " + c.gbs + " | " + c.vs_cub + " | " +
             c.of_read_only + " | " + c.of_peak + " | " + c.exact + " |\n";
    }
    out += "\n";
  }
  out +=
      "Peak: " + fixed(ladder.peak_gbs, 0) +
      " GB/s (memory clock × bus width × 2). GB/s counts the input read once; the copy's row counts its read "
      "and its write.\n";
  if (!ladder.left_out.empty()) out += "\nNot applicable:\n\n";
  for (const auto& [lesson, reason] : ladder.left_out) out += "- " + lesson + ": " + reason + "\n";
  const std::vector<Target> goals = targets(ladder);
  if (!goals.empty()) out += "\nreduce-fast's targets:\n\n";
  for (const Target& t : goals) out += "- " + t.text + "\n";
  return out;
}

namespace {

// A target's facts: its runs as a series (one value a run, the run's median of its rounds), the
// ratio over them, how many runs, and the verdict's words. Against CUB the ratio is written with
// its spread ("1.0196× ± 0.0012"). Against the peak the runs are percentages of it, and the fact is
// their median ("91.18", a number: only a ratio of timings is written as a percentage); the spread
// in points is text, as only a ratio is written with its spread.
void add_target_facts(const Ladder& ladder, const Target& goal, trace::Trace& t) {
  const SizeTable& s = *std::find_if(ladder.sizes.begin(), ladder.sizes.end(),
                                     [&](const SizeTable& x) { return x.n == goal.n; });
  const std::string key = "target." + goal.key, at = ", each run's median, at " + size_name(s.n) + " ints";
  int runs = -1;
  if (goal.key == size_key(s.n) + ".of_peak") {
    std::vector<double> percent;
    for (double fraction : s.fast_of_peak.values) percent.push_back(100 * fraction);
    runs = trace::add_series(t, {"reduce-fast's GB/s as a percentage of the peak" + at, "%", percent});
    trace::set_fact(t, key, trace::series_median_fact(t, runs, trace::FactUnit::count, kPeakTargetDigits));
    t.facts[key + ".spread"] = fixed(100 * s.fast_of_peak.spread, kPeakTargetDigits);
  } else {
    runs =
        trace::add_series(t, {"reduce-fast's throughput over CUB's" + at, "\xC3\x97", s.fast_vs_cub.values});
    trace::set_fact(t, key, trace::series_spread_fact(t, runs, kTargetDigits));
  }
  trace::set_fact(t, key + ".runs", trace::series_count_fact(t, runs));
  t.facts[key + ".verdict"] = goal.verdict;
}

}  // namespace

void add_to_trace(const Ladder& ladder, trace::Trace& t) {
  using trace::FactUnit;
  // The device's stated figure, a setting of the run (no timing): the shares of it below (of_peak)
  // are a timing's GB/s over it, and the viewer's timings chart draws it as a line.
  trace::set_fact(t, "peak.gbs", trace::setting_fact(t, "peak_gbs", ladder.peak_gbs));
  for (const Target& goal : targets(ladder)) add_target_facts(ladder, goal, t);
  for (const SizeTable& s : ladder.sizes) {
    const std::string size = size_key(s.n);
    t.facts[size + ".n"] = size_name(s.n);
    // Every row's timing first, so that a ratio's fact can name the row it is compared with.
    const int first = int(t.timings.size());
    for (const Row& r : s.rows) {
      trace::Timing timing = r.timing;
      timing.name = r.kernel + " | " + r.config;
      t.timings.push_back(timing);
    }
    const auto timing_of = [&](const std::string& key) { return first + int(&s.row(key) - s.rows.data()); };
    for (const Row& r : s.rows) {
      const std::string k = size + "." + r.key + ".";
      const int timing = timing_of(r.key);
      const Cells c = cells(ladder, s, r);
      t.facts[k + "config"] = r.config;
      trace::set_fact(t, k + "time", trace::timing_median_fact(t, timing, FactUnit::ms, kTimeDecimals));
      trace::set_fact(t, k + "gbs", trace::timing_rate_fact(t, timing, kGbsDecimals));
      if (r.key != "cub")
        trace::set_fact(t, k + "vs_cub",
                        trace::timing_ratio_fact(t, timing, timing_of("cub"), kVsCubDecimals));
      else
        t.facts[k + "vs_cub"] = c.vs_cub;  // CUB against itself: 1.000×
      if (r.key != "read_only")
        trace::set_fact(t, k + "of_read_only",
                        trace::timing_ratio_fact(t, timing, timing_of("read_only"), kOfReadOnlyDecimals,
                                                 FactUnit::percent));
      else
        t.facts[k + "of_read_only"] = c.of_read_only;  // the read-only kernel against itself: 100.0%
      trace::set_fact(t, k + "of_peak", trace::timing_share_fact(t, timing, "peak_gbs", 1));
      t.facts[k + "exact"] = c.exact;
    }
  }
}

}  // namespace gridlock::ladder
