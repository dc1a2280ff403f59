// Facts with their origin: the one rule that writes a fact's number, and the builders that take
// the number from what the trace holds. check_facts (facts_check.cpp) holds them to the trace.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <utility>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

std::string fixed(double v, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", std::max(0, decimals), v);
  return text;
}

[[noreturn]] void missing(const std::string& what) { throw TraceError("a fact refers to " + what); }

const Event& event_at(const Trace& t, EventRef r) {
  if (r.step < 0 || size_t(r.step) >= t.steps.size())
    missing("step " + std::to_string(r.step) + ", not there");
  const Step& s = t.steps[size_t(r.step)];
  if (r.event < 0 || size_t(r.event) >= s.events.size())
    missing("event " + std::to_string(r.event) + " of step " + std::to_string(r.step) + ", not there");
  return s.events[size_t(r.event)];
}

double snapshot_value(const Trace& t, int step, int buffer, int64_t item) {
  if (step < 0 || size_t(step) >= t.steps.size()) missing("step " + std::to_string(step) + ", not there");
  for (const Snapshot& snap : t.steps[size_t(step)].snapshots) {
    if (snap.buffer != buffer) continue;
    if (snap.items.empty()) {
      if (item >= 0 && size_t(item) < snap.values.size()) return snap.values[size_t(item)];
      continue;
    }
    const auto at = std::find(snap.items.begin(), snap.items.end(), item);
    if (at != snap.items.end() && snap.values.size() == snap.items.size())
      return snap.values[size_t(at - snap.items.begin())];
  }
  missing("item " + std::to_string(item) + " of buffer " + std::to_string(buffer) + " in step " +
          std::to_string(step) + "'s snapshots, not there");
}

const Series& series_at(const Trace& t, int series) {
  if (series < 0 || size_t(series) >= t.series.size())
    missing("series " + std::to_string(series) + ", not there");
  const Series& s = t.series[size_t(series)];
  if (s.values.empty()) missing("series " + std::to_string(series) + ", which is empty");
  return s;
}

const Buffer& buffer_at(const Trace& t, int buffer) {
  const Buffer* b = t.find_buffer(buffer);
  if (b == nullptr) missing("buffer " + std::to_string(buffer) + ", not there");
  return *b;
}

// The words of item `item` of `buffer` in step `step`'s snapshot (a snapshot lists items, each of
// the buffer's item size).
std::vector<double> item_words(const Trace& t, int step, int buffer, int64_t item) {
  const auto size = size_t(buffer_at(t, buffer).item_size());
  if (step < 0 || size_t(step) >= t.steps.size()) missing("step " + std::to_string(step) + ", not there");
  for (const Snapshot& snap : t.steps[size_t(step)].snapshots) {
    if (snap.buffer != buffer) continue;
    size_t at = size_t(item);
    if (!snap.items.empty()) {
      const auto found = std::find(snap.items.begin(), snap.items.end(), item);
      if (found == snap.items.end()) continue;
      at = size_t(found - snap.items.begin());
    }
    if (item >= 0 && (at + 1) * size <= snap.values.size())
      return {snap.values.begin() + long(at * size), snap.values.begin() + long((at + 1) * size)};
  }
  missing("item " + std::to_string(item) + " of buffer " + std::to_string(buffer) + " in step " +
          std::to_string(step) + "'s snapshots, not there");
}

// The writer's fold, in 32-bit words as the kernels compute (the checker folds with the replay's
// arithmetic instead): a + b, a * b, min, max element by element, or a square matrix product.
std::vector<uint32_t> fold_words(Operator op, ElementType type, const std::vector<uint32_t>& a,
                                 const std::vector<uint32_t>& b) {
  std::vector<uint32_t> c(a.size(), 0);
  const auto side = size_t(std::llround(std::sqrt(double(a.size()))));
  for (size_t i = 0; i < a.size(); ++i) {
    const bool is_signed = type == ElementType::i32;
    switch (op) {
      case Operator::add:
        c[i] = a[i] + b[i];
        break;
      case Operator::mul:
        c[i] = a[i] * b[i];
        break;
      case Operator::min:
        c[i] = is_signed ? uint32_t(std::min(int32_t(a[i]), int32_t(b[i]))) : std::min(a[i], b[i]);
        break;
      case Operator::max:
        c[i] = is_signed ? uint32_t(std::max(int32_t(a[i]), int32_t(b[i]))) : std::max(a[i], b[i]);
        break;
      case Operator::matmul:
        for (size_t m = 0; m < side; ++m) c[i] += a[(i / side) * side + m] * b[m * side + i % side];
        break;
      case Operator::copy:
        c[i] = a[i];
        break;
    }
  }
  return c;
}

std::vector<double> sorted_values(const Series& s) {
  std::vector<double> v = s.values;
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

std::string number_text(double value, FactUnit unit, int decimals) {
  switch (unit) {
    case FactUnit::count:
    case FactUnit::out_of:
    case FactUnit::range:
      return fixed(value, decimals);
    case FactUnit::ns:
      return fixed(value, decimals) + " ns";
    case FactUnit::us:
      return fixed(value / 1e3, decimals) + " \xC2\xB5s";
    case FactUnit::ms:
      return fixed(value / 1e6, decimals) + " ms";
    case FactUnit::times:
      return fixed(value, decimals) + "\xC3\x97";
    case FactUnit::percent:
      return fixed(100 * value, decimals) + "%";
    case FactUnit::spread:
      return fixed(value, decimals) + "\xC3\x97";
    case FactUnit::matrix:  // one word of a matrix, as a count (fact_text writes the brackets)
      return fixed(value, decimals);
    case FactUnit::hex: {
      char text[32];
      std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
      return text;
    }
  }
  return fixed(value, decimals);
}

std::string fact_text(const FactValue& v) {
  switch (v.unit) {
    case FactUnit::out_of:
      return fixed(v.value, v.decimals) + "/" + fixed(v.of, v.decimals);
    case FactUnit::range:
      if (fixed(v.value, v.decimals) == fixed(v.upper, v.decimals)) return fixed(v.value, v.decimals);
      return fixed(v.value, v.decimals) + "\xE2\x80\x93" + fixed(v.upper, v.decimals);
    case FactUnit::spread:
      return fixed(v.value, v.decimals) + "\xC3\x97 \xC2\xB1 " + fixed(v.upper, v.decimals);
    default:
      return number_text(v.value, v.unit, v.decimals);
  }
}

// Every item of a fold's buffer in its step's snapshot, folded in index order with its operator.
std::vector<uint32_t> folded_words(const Trace& trace, const FactValue& v) {
  const Buffer& b = buffer_at(trace, v.buffer);
  std::vector<uint32_t> acc;
  for (int64_t item = 0; item < b.item_count(); ++item) {
    std::vector<uint32_t> words;
    for (double w : item_words(trace, v.step, v.buffer, item)) words.push_back(uint32_t(int64_t(w)));
    acc = item == 0 ? words : fold_words(v.op, b.type, acc, words);
  }
  return acc;
}

std::vector<double> fact_list(const Trace& trace, const FactValue& v) {
  switch (v.kind) {
    case FactKind::series_values:
      return series_at(trace, v.series).values;
    case FactKind::snapshot_item:
      return item_words(trace, v.step, v.buffer, v.item);
    case FactKind::snapshot_fold: {  // a list only where an item has several words
      if (buffer_at(trace, v.buffer).item_size() == 1) return {};
      const std::vector<uint32_t> words = folded_words(trace, v);
      return std::vector<double>(words.begin(), words.end());
    }
    default:
      return {};
  }
}

std::string fact_text(const Trace& trace, const FactValue& v) {
  if (v.kind == FactKind::report_sites) {
    std::string text;
    for (const std::string& site : v.listed) text += (text.empty() ? "" : ", ") + site;
    return text;
  }
  const std::vector<double> values = fact_list(trace, v);
  const bool list = v.kind == FactKind::series_values || v.kind == FactKind::snapshot_item || !values.empty();
  if (!list) return fact_text(v);
  if (v.unit != FactUnit::matrix) {
    std::string text;
    for (double x : values) text += (text.empty() ? "" : " ") + number_text(x, v.unit, v.decimals);
    return text;
  }
  // "[[1, 2], [3, 4]]": row by row.
  const auto side = size_t(std::llround(std::sqrt(double(values.size()))));
  std::string text = "[";
  for (size_t row = 0; row < side; ++row) {
    text += row == 0 ? "[" : ", [";
    for (size_t col = 0; col < side; ++col)
      text += (col == 0 ? "" : ", ") + fixed(values[row * side + col], v.decimals);
    text += "]";
  }
  return text + "]";
}

void set_fact(Trace& trace, const std::string& key, const FactValue& v) {
  trace.fact_values[key] = v;
  trace.facts[key] = fact_text(trace, v);
}

namespace {

// Names the trace's clock and the two events a fact's time runs between.
FactValue on_clock(FactValue v, const Trace& trace, EventRef start, EventRef end) {
  v.clock = trace.clock.source;
  v.start = start;
  v.end = end;
  return v;
}

}  // namespace

FactValue duration_fact(const Trace& trace, EventRef start, EventRef end, FactUnit unit, int decimals) {
  FactValue v;
  v.kind = FactKind::duration;
  v.value = double(event_at(trace, end).t_ns - event_at(trace, start).t_ns);
  v.unit = unit;
  v.decimals = decimals;
  return on_clock(v, trace, start, end);
}

FactValue event_value_fact(const Trace& trace, EventRef at) {
  FactValue v;
  v.kind = FactKind::event_value;
  v.value = event_at(trace, at).value;
  v.at = at;
  return v;
}

namespace {

// A fact that names what the track an event is on says of it (its block or SM: >= 0).
FactValue track_fact(const Trace& trace, EventRef at, FactKind kind, int Track::*field, const char* what) {
  const Track* track = trace.find_track(event_at(trace, at).track);
  if (track == nullptr || track->*field < 0)
    missing(std::string("the ") + what + " of event " + std::to_string(at.event) + " of step " +
            std::to_string(at.step) + "'s row, which its track does not name");
  FactValue v;
  v.kind = kind;
  v.value = track->*field;
  v.at = at;
  return v;
}

}  // namespace

FactValue event_block_fact(const Trace& trace, EventRef at) {
  return track_fact(trace, at, FactKind::event_block, &Track::block, "block");
}

FactValue event_sm_fact(const Trace& trace, EventRef at) {
  return track_fact(trace, at, FactKind::event_sm, &Track::sm, "SM");
}

FactValue snapshot_value_fact(const Trace& trace, int step, int buffer, int64_t item) {
  FactValue v;
  v.kind = FactKind::snapshot_value;
  v.value = snapshot_value(trace, step, buffer, item);
  v.step = step;
  v.buffer = buffer;
  v.item = item;
  return v;
}

FactValue shortfall_fact(const Trace& trace, int step, int buffer, int64_t item, int launch) {
  const Launch* l = trace.find_launch(launch);
  if (l == nullptr) missing("launch " + std::to_string(launch) + ", not there");
  FactValue v = snapshot_value_fact(trace, step, buffer, item);
  v.kind = FactKind::shortfall;
  v.value = double(l->grid) - v.value;
  v.launch = launch;
  return v;
}

FactValue event_count_fact(const Trace& trace, Category category) {
  FactValue v;
  v.kind = FactKind::event_count;
  v.category = category;
  for (const Step& s : trace.steps)
    v.value += double(std::count_if(s.events.begin(), s.events.end(),
                                    [&](const Event& e) { return e.category == category; }));
  return v;
}

FactValue series_value_fact(const Trace& trace, int series, int64_t item, bool out_of_reference) {
  const Series& s = series_at(trace, series);
  if (item < 0 || size_t(item) >= s.values.size())
    missing("value " + std::to_string(item) + " of series " + std::to_string(series) + ", not there");
  FactValue v;
  v.kind = FactKind::series_value;
  v.series = series;
  v.item = item;
  v.value = s.values[size_t(item)];
  if (out_of_reference && s.has_reference) {
    v.unit = FactUnit::out_of;
    v.of = s.reference;
  }
  return v;
}

FactValue series_matches_fact(const Trace& trace, int series) {
  const Series& s = series_at(trace, series);
  if (!s.has_reference) missing("series " + std::to_string(series) + ", which has no reference");
  FactValue v;
  v.kind = FactKind::series_matches;
  v.series = series;
  v.unit = FactUnit::out_of;
  v.value = double(std::count(s.values.begin(), s.values.end(), s.reference));
  v.of = double(s.values.size());
  return v;
}

FactValue series_median_fact(const Trace& trace, int series, FactUnit unit, int decimals) {
  const std::vector<double> v = sorted_values(series_at(trace, series));
  FactValue f;
  f.kind = FactKind::series_median;
  f.series = series;
  f.unit = unit;
  f.decimals = decimals;
  f.value = v[v.size() / 2];
  return f;
}

FactValue series_range_fact(const Trace& trace, int series) {
  const std::vector<double> v = sorted_values(series_at(trace, series));
  FactValue f;
  f.kind = FactKind::series_range;
  f.series = series;
  f.unit = FactUnit::range;
  f.value = v.front();
  f.upper = v.back();
  return f;
}

FactValue series_distinct_fact(const Trace& trace, int series) {
  std::vector<double> v = sorted_values(series_at(trace, series));
  FactValue f;
  f.kind = FactKind::series_distinct;
  f.series = series;
  f.value = double(std::unique(v.begin(), v.end()) - v.begin());
  return f;
}

namespace {

// The value `s` holds most often (of values held equally often, the least), and how often.
std::pair<double, int64_t> mode_of(const Series& s) {
  const std::vector<double> v = sorted_values(s);
  std::pair<double, int64_t> best{v.front(), 0};
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j < v.size() && v[j] == v[i]) ++j;
    if (int64_t(j - i) > best.second) best = {v[i], int64_t(j - i)};
    i = j;
  }
  return best;
}

}  // namespace

FactValue series_mode_fact(const Trace& trace, int series) {
  FactValue f;
  f.kind = FactKind::series_mode;
  f.series = series;
  f.value = mode_of(series_at(trace, series)).first;
  return f;
}

FactValue series_mode_count_fact(const Trace& trace, int series) {
  const Series& s = series_at(trace, series);
  FactValue f;
  f.kind = FactKind::series_mode_count;
  f.series = series;
  f.unit = FactUnit::out_of;
  f.value = double(mode_of(s).second);
  f.of = double(s.values.size());
  return f;
}

FactValue series_differs_fact(const Trace& trace, int series) {
  FactValue f = series_matches_fact(trace, series);
  f.kind = FactKind::series_differs;
  f.value = f.of - f.value;
  return f;
}

FactValue series_sum_fact(const Trace& trace, int series) {
  const Series& s = series_at(trace, series);
  FactValue f;
  f.kind = FactKind::series_sum;
  f.series = series;
  for (double x : s.values) f.value += x;
  if (s.out_of > 0) {
    f.unit = FactUnit::out_of;
    f.of = s.out_of * double(s.values.size());
  }
  return f;
}

FactValue series_spread_fact(const Trace& trace, int series, int decimals) {
  const std::vector<double> v = sorted_values(series_at(trace, series));
  FactValue f;
  f.kind = FactKind::series_spread;
  f.series = series;
  f.unit = FactUnit::spread;
  f.decimals = decimals;
  f.value = v[v.size() / 2];
  f.upper = (v.back() - v.front()) / 2;
  return f;
}

FactValue series_count_fact(const Trace& trace, int series) {
  FactValue f;
  f.kind = FactKind::series_count;
  f.series = series;
  f.value = double(series_at(trace, series).values.size());
  return f;
}

FactValue series_values_fact(const Trace& trace, int series, FactUnit unit, int decimals) {
  FactValue f;
  f.kind = FactKind::series_values;
  f.series = series;
  f.unit = unit;
  f.decimals = decimals;
  f.value = double(series_at(trace, series).values.size());
  return f;
}

FactValue snapshot_item_fact(const Trace& trace, int step, int buffer, int64_t item) {
  FactValue f;
  f.kind = FactKind::snapshot_item;
  f.step = step;
  f.buffer = buffer;
  f.item = item;
  f.value = double(item_words(trace, step, buffer, item).size());
  f.unit = f.value > 1 ? FactUnit::matrix : FactUnit::count;
  return f;
}

FactValue snapshot_fold_fact(const Trace& trace, int step, int buffer, Operator op) {
  FactValue f;
  f.kind = FactKind::snapshot_fold;
  f.step = step;
  f.buffer = buffer;
  f.op = op;
  const Buffer& b = buffer_at(trace, buffer);
  if (b.item_count() < 1) missing("buffer " + std::to_string(buffer) + ", which holds no item");
  if (b.type == ElementType::f32 || op == Operator::copy)
    throw TraceError("a fold is of 32-bit integer items with an operator that combines them");
  const std::vector<uint32_t> words = folded_words(trace, f);
  if (words.size() > 1) {  // a matrix: the text lists its words
    f.value = double(words.size());
    f.unit = FactUnit::matrix;
  } else {
    f.value = b.type == ElementType::i32 ? double(int32_t(words[0])) : double(words[0]);
  }
  return f;
}

FactValue parameter_fact(const Trace& trace, const std::string& name) {
  const auto p = trace.parameters.find(name);
  if (p == trace.parameters.end()) missing("parameter \"" + name + "\", not there");
  FactValue f;
  f.kind = FactKind::parameter;
  f.parameter = name;
  f.value = p->second;
  return f;
}

FactValue setting_fact(Trace& trace, const std::string& name, double value) {
  trace.parameters[name] = value;
  return parameter_fact(trace, name);
}

FactValue launch_grid_fact(const Trace& trace, int launch) {
  const auto l = std::find_if(trace.launches.begin(), trace.launches.end(),
                              [&](const Launch& x) { return x.id == launch; });
  if (l == trace.launches.end()) missing("launch " + std::to_string(launch) + ", not there");
  FactValue f;
  f.kind = FactKind::launch_grid;
  f.launch = launch;
  f.value = double(l->grid);
  return f;
}

int add_series(Trace& trace, Series s) {
  trace.series.push_back(std::move(s));
  return int(trace.series.size()) - 1;
}

FactValue timing_median_fact(const Trace& trace, int timing, FactUnit unit, int decimals) {
  if (timing < 0 || size_t(timing) >= trace.timings.size())
    missing("timing " + std::to_string(timing) + ", not there");
  FactValue f;
  f.kind = FactKind::timing_median;
  f.timing = timing;
  f.unit = unit;
  f.decimals = decimals;
  f.value = trace.timings[size_t(timing)].median_ns;
  return f;
}

namespace {

const Timing& timing_at(const Trace& trace, int timing) {
  if (timing < 0 || size_t(timing) >= trace.timings.size())
    missing("timing " + std::to_string(timing) + ", not there");
  const Timing& t = trace.timings[size_t(timing)];
  if (!(t.median_ns > 0) || t.bytes <= 0)
    missing("a bandwidth of timing " + std::to_string(timing) + ", which moves no bytes in no time");
  return t;
}

}  // namespace

FactValue timing_rate_fact(const Trace& trace, int timing, int decimals) {
  FactValue f;
  f.kind = FactKind::timing_rate;
  f.timing = timing;
  f.decimals = decimals;
  f.value = timing_at(trace, timing).gbytes_per_s();
  return f;
}

FactValue timing_ratio_fact(const Trace& trace, int timing, int versus, int decimals, FactUnit unit) {
  if (unit != FactUnit::times && unit != FactUnit::percent)
    throw TraceError("a ratio is written as times or as a percentage, not " + std::string(to_string(unit)));
  FactValue f;
  f.kind = FactKind::timing_ratio;
  f.timing = timing;
  f.versus = versus;
  f.unit = unit;
  f.decimals = decimals;
  f.value = timing_at(trace, timing).gbytes_per_s() / timing_at(trace, versus).gbytes_per_s();
  return f;
}

FactValue timing_share_fact(const Trace& trace, int timing, const std::string& parameter, int decimals) {
  const auto stated = trace.parameters.find(parameter);
  if (stated == trace.parameters.end() || !(stated->second > 0))
    missing("a stated rate \"" + parameter + "\" among the parameters");
  FactValue f;
  f.kind = FactKind::timing_share;
  f.timing = timing;
  f.parameter = parameter;
  f.unit = FactUnit::percent;
  f.decimals = decimals;
  f.value = timing_at(trace, timing).gbytes_per_s() / stated->second;
  return f;
}

FactValue report_count_fact(const std::string& report, const std::string& counted, double value) {
  if (report.empty()) throw TraceError("a report's count names no report");
  if (counted != "races" && counted != "hazards" && counted != "errors" && counted != "warnings")
    throw TraceError("a report counts races, hazards, errors or warnings, not \"" + counted + "\"");
  FactValue f;
  f.kind = FactKind::report_count;
  f.report = report;
  f.counted = counted;
  f.value = value;
  return f;
}

FactValue report_sites_fact(const std::string& report, const std::vector<std::string>& sites) {
  if (report.empty()) throw TraceError("a report's places name no report");
  FactValue f;
  f.kind = FactKind::report_sites;
  f.report = report;
  f.listed = sites;
  f.value = double(sites.size());
  return f;
}

namespace {

// The time from `start` to `end` on the trace's clock, which must not run backwards.
double span_of(const Trace& trace, EventRef start, EventRef end) {
  const double span = double(event_at(trace, end).t_ns - event_at(trace, start).t_ns);
  if (!(span > 0))
    missing("a time from event " + std::to_string(start.event) + " of step " + std::to_string(start.step) +
            " that ends after it starts");
  return span;
}

}  // namespace

FactValue event_rate_fact(const Trace& trace, const std::string& bytes, EventRef start, EventRef end,
                          int decimals) {
  FactValue f = parameter_fact(trace, bytes);
  f.kind = FactKind::event_rate;
  f.value = f.value / span_of(trace, start, end);  // bytes a nanosecond: GB/s
  f.decimals = decimals;
  return on_clock(f, trace, start, end);
}

FactValue series_share_fact(const Trace& trace, int series, int launch, EventRef start, EventRef end,
                            int decimals) {
  const double sum = series_sum_fact(trace, series).value;
  FactValue f = launch_grid_fact(trace, launch);
  f.kind = FactKind::series_share;
  f.series = series;
  f.value = sum / (f.value * span_of(trace, start, end));
  f.unit = FactUnit::percent;
  f.decimals = decimals;
  return on_clock(f, trace, start, end);
}

FactValue most_at_once_fact(const Trace& trace, Category category) {
  // Each track's events of the category in time order, then paired into intervals.
  std::map<int, std::vector<std::pair<int64_t, EventRef>>> by_track;
  for (size_t s = 0; s < trace.steps.size(); ++s)
    for (size_t i = 0; i < trace.steps[s].events.size(); ++i) {
      const Event& e = trace.steps[s].events[i];
      if (e.category == category && e.kind != EventKind::counter)
        by_track[e.track].push_back({e.t_ns, {int(s), int(i)}});
    }
  struct Edge {
    int64_t t;
    int delta;  // +1 opens an interval, -1 closes one; at one time the closes come first
    EventRef opened;
  };
  std::vector<Edge> edges;
  for (auto& [track, events] : by_track) {
    std::stable_sort(events.begin(), events.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    if (events.size() % 2 != 0)
      missing("a pair for every " + std::string(to_string(category)) + " event of track " +
              std::to_string(track) + ", which holds " + std::to_string(events.size()));
    for (size_t k = 0; k < events.size(); k += 2) {
      edges.push_back({events[k].first, +1, events[k].second});
      edges.push_back({events[k + 1].first, -1, {}});
    }
  }
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Edge& a, const Edge& b) { return a.t != b.t ? a.t < b.t : a.delta < b.delta; });
  FactValue f;
  f.kind = FactKind::most_at_once;
  f.category = category;
  int open = 0;
  for (const Edge& edge : edges)
    if ((open += edge.delta) > f.value) {
      f.value = open;
      f.at = edge.opened;
    }
  return f;
}

EventRef find_event(const Trace& trace, int step, int track, int64_t t_ns, EventKind kind) {
  if (step < 0 || size_t(step) >= trace.steps.size()) missing("step " + std::to_string(step) + ", not there");
  const std::vector<Event>& events = trace.steps[size_t(step)].events;
  for (size_t i = 0; i < events.size(); ++i)
    if (events[i].track == track && events[i].t_ns == t_ns && events[i].kind == kind) return {step, int(i)};
  missing("an event of track " + std::to_string(track) + " at " + std::to_string(t_ns) + " in step " +
          std::to_string(step) + ", not there");
}

EventRef find_event(const Trace& trace, int track, int64_t t_ns, EventKind kind, Category category) {
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const std::vector<Event>& events = trace.steps[s].events;
    for (size_t i = 0; i < events.size(); ++i)
      if (events[i].track == track && events[i].t_ns == t_ns && events[i].kind == kind &&
          events[i].category == category)
        return {int(s), int(i)};
  }
  missing("an event of track " + std::to_string(track) + " at " + std::to_string(t_ns) + " of category " +
          to_string(category) + ", not there");
}

}  // namespace gridlock::trace
