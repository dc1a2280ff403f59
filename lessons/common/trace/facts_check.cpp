// check_facts: every fact that names its origin holds the number that origin recorded, and its
// text states that number, rounded. Written apart from facts.cpp: it recomputes each number from
// the trace its own way and reads the text back rather than writing it again.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <string_view>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

const Event* event_of(const Trace& t, EventRef r) {
  if (r.step < 0 || r.step >= int(t.steps.size())) return nullptr;
  const auto& events = t.steps[size_t(r.step)].events;
  if (r.event < 0 || r.event >= int(events.size())) return nullptr;
  return &events[size_t(r.event)];
}

bool snapshot_item(const Trace& t, int step, int buffer, int64_t item, double* out) {
  if (step < 0 || step >= int(t.steps.size())) return false;
  for (const Snapshot& snap : t.steps[size_t(step)].snapshots) {
    if (snap.buffer != buffer) continue;
    for (size_t k = 0; k < snap.values.size(); ++k) {
      const int64_t element = snap.items.empty() ? int64_t(k) : (k < snap.items.size() ? snap.items[k] : -1);
      if (element == item) {
        *out = snap.values[k];
        return true;
      }
    }
  }
  return false;
}

const Series* series_of(const Trace& t, int i) {
  return i >= 0 && i < int(t.series.size()) && !t.series[size_t(i)].values.empty() ? &t.series[size_t(i)]
                                                                                   : nullptr;
}

// The words of one item of a buffer as a step's snapshot holds them; false where one is missing.
bool item_of(const Trace& t, int step, const Buffer& b, int64_t item, std::vector<double>* words) {
  if (step < 0 || step >= int(t.steps.size())) return false;
  const int64_t size = b.item_size();
  words->clear();
  for (const Snapshot& snap : t.steps[size_t(step)].snapshots) {
    if (snap.buffer != b.id) continue;
    for (size_t k = 0; k < snap.values.size(); ++k) {  // value k is word k % size of its item
      const auto slot = int64_t(k) / size;
      const int64_t holds = snap.items.empty()                  ? slot
                            : slot < int64_t(snap.items.size()) ? snap.items[size_t(slot)]
                                                                : -1;
      if (holds == item) words->push_back(snap.values[k]);
    }
    if (int64_t(words->size()) == size) return true;
    words->clear();
  }
  return false;
}

// The words a snapshot fact states: one item's, or every item folded with the replay's arithmetic
// from the operator's identity. False, with `why`, where the snapshot lacks one.
bool snapshot_words(const Trace& t, const FactValue& f, std::vector<double>* words, std::string* why) {
  const Buffer* b = t.find_buffer(f.buffer);
  if (b == nullptr) return *why = "its buffer is not in the trace", false;
  const std::string missing = "no snapshot of step " + std::to_string(f.step) + " holds every word of ";
  if (f.kind == FactKind::snapshot_item)
    return item_of(t, f.step, *b, f.item, words) ||
           (*why = missing + "item " + std::to_string(f.item), false);
  if (b->type == ElementType::f32 || f.op == Operator::copy)
    return *why = "a fold is of 32-bit integers with an operator that combines them", false;
  *words = identity_item(f.op, b->type, b->item_size());
  std::vector<double> item;
  for (int64_t k = 0; k < b->item_count(); ++k) {
    if (!item_of(t, f.step, *b, k, &item)) return *why = missing + "the buffer", false;
    *words = combine_items(f.op, b->type, *words, item);
  }
  return true;
}

// "kernels.cuh:27 (r6::fold)": a file name, a colon, a line number from 1, a blank and a function
// in parentheses.
bool is_site(const std::string& site) {
  const size_t colon = site.find(':'), open = site.find(" (");
  if (colon == 0 || colon == std::string::npos || open == std::string::npos || open < colon + 2) return false;
  for (size_t i = colon + 1; i < open; ++i)
    if (site[i] < '0' || site[i] > '9') return false;
  return site[colon + 1] != '0' && site.back() == ')' && site.size() > open + 3;
}

// What the fact's origin recorded: its number (and, for A/B and A–B, the second one). False, with
// `why`, where the origin is not in the trace.
struct Recorded {
  double value = 0;
  double second = 0;
  bool has_second = false;
};

// The time from the fact's start event to its end event, on the trace's clock; a rate or a share
// divides by it, so it must then be more than nothing. False, with `why`, where it is not so.
bool time_between(const Trace& t, const FactValue& f, bool positive, double* span, std::string* why) {
  const Event* a = event_of(t, f.start);
  const Event* b = event_of(t, f.end);
  if (a == nullptr || b == nullptr) return *why = "its start or end event is not in the trace", false;
  if (f.clock != t.clock.source)
    return *why = "it is on the clock \"" + f.clock + "\", the trace's is \"" + t.clock.source + "\"", false;
  if (b->t_ns < a->t_ns || (positive && b->t_ns == a->t_ns))
    return *why = "its end event does not come after its start event", false;
  *span = double(b->t_ns - a->t_ns);
  return true;
}

bool recorded(const Trace& t, const FactValue& f, Recorded* r, std::string* why) {
  switch (f.kind) {
    case FactKind::duration:
      return time_between(t, f, false, &r->value, why);
    case FactKind::event_value: {
      const Event* e = event_of(t, f.at);
      if (e == nullptr) return *why = "its event is not in the trace", false;
      r->value = e->value;
      return true;
    }
    case FactKind::event_block:
    case FactKind::event_sm: {
      const Event* e = event_of(t, f.at);
      if (e == nullptr) return *why = "its event is not in the trace", false;
      const auto track =
          std::find_if(t.tracks.begin(), t.tracks.end(), [&](const Track& k) { return k.id == e->track; });
      if (track == t.tracks.end()) return *why = "its event's track is not in the trace", false;
      const int named = f.kind == FactKind::event_block ? track->block : track->sm;
      if (named < 0) return *why = "its event's track names no block or SM", false;
      r->value = double(named);
      return true;
    }
    case FactKind::snapshot_value:
    case FactKind::shortfall: {
      double v = 0;
      if (!snapshot_item(t, f.step, f.buffer, f.item, &v))
        return *why = "no snapshot of step " + std::to_string(f.step) + " holds that item", false;
      if (f.kind == FactKind::snapshot_value) {
        r->value = v;
        return true;
      }
      const auto l = std::find_if(t.launches.begin(), t.launches.end(),
                                  [&](const Launch& x) { return x.id == f.launch; });
      if (l == t.launches.end()) return *why = "its launch is not in the trace", false;
      r->value = double(l->grid) - v;
      return true;
    }
    case FactKind::event_count: {
      int64_t n = 0;
      for (const Step& s : t.steps)
        for (const Event& e : s.events) n += e.category == f.category;
      r->value = double(n);
      return true;
    }
    case FactKind::series_value:
    case FactKind::series_matches:
    case FactKind::series_median:
    case FactKind::series_range:
    case FactKind::series_distinct:
    case FactKind::series_mode:
    case FactKind::series_mode_count:
    case FactKind::series_differs:
    case FactKind::series_sum:
    case FactKind::series_spread:
    case FactKind::series_count:
    case FactKind::series_values: {
      const Series* s = series_of(t, f.series);
      if (s == nullptr) return *why = "its series is not in the trace or is empty", false;
      std::vector<double> v = s->values;
      if (f.kind == FactKind::series_count || f.kind == FactKind::series_values)
        return r->value = double(v.size()), true;
      if (f.kind == FactKind::series_value) {
        if (f.item < 0 || f.item >= int64_t(v.size())) return *why = "its series has no such value", false;
        r->value = v[size_t(f.item)];
        if (f.unit == FactUnit::out_of) {
          if (!s->has_reference) return *why = "its series has no reference to be out of", false;
          r->second = s->reference;
          r->has_second = true;
        }
        return true;
      }
      if (f.kind == FactKind::series_differs) {
        if (!s->has_reference) return *why = "its series has no reference to differ from", false;
        r->value = double(std::count_if(v.begin(), v.end(), [&](double x) { return x != s->reference; }));
        r->second = double(v.size());
        r->has_second = true;
        return true;
      }
      if (f.kind == FactKind::series_sum) {
        r->value = std::accumulate(v.begin(), v.end(), 0.0);
        if (s->out_of > 0) {
          r->second = s->out_of * double(v.size());
          r->has_second = true;
        }
        return true;
      }
      if (f.kind == FactKind::series_matches) {
        if (!s->has_reference) return *why = "its series has no reference to match", false;
        r->value = 0;
        for (double x : v) r->value += x == s->reference;
        r->second = double(v.size());
        r->has_second = true;
        return true;
      }
      std::sort(v.begin(), v.end());
      if (f.kind == FactKind::series_distinct) {
        r->value = 1;
        for (size_t k = 1; k < v.size(); ++k) r->value += v[k] != v[k - 1];
        return true;
      }
      if (f.kind == FactKind::series_mode || f.kind == FactKind::series_mode_count) {
        // Counted here with a map, apart from the builder's walk over the sorted values.
        std::map<double, int64_t> times;
        for (double x : v) ++times[x];
        double mode = v.front();
        int64_t most = 0;
        for (const auto& [x, n] : times)
          if (n > most) mode = x, most = n;  // ascending: a tie keeps the least value
        r->value = f.kind == FactKind::series_mode ? mode : double(most);
        if (f.kind == FactKind::series_mode_count) r->second = double(v.size()), r->has_second = true;
        return true;
      }
      if (f.kind == FactKind::series_median) {
        r->value = v[v.size() / 2];  // the upper of the two middle values for an even count
        return true;
      }
      if (f.kind == FactKind::series_spread) {
        r->value = v[v.size() / 2];
        r->second = 0.5 * (v.back() - v.front());
        r->has_second = true;
        return true;
      }
      r->value = v.front();
      r->second = v.back();
      r->has_second = true;
      return true;
    }
    case FactKind::snapshot_item:
    case FactKind::snapshot_fold: {
      std::vector<double> words;
      if (!snapshot_words(t, f, &words, why)) return false;
      // A list states how many words it holds; a fold of single words is the one number.
      r->value = f.kind == FactKind::snapshot_fold && words.size() == 1 ? words[0] : double(words.size());
      return true;
    }
    case FactKind::parameter: {
      const auto p = t.parameters.find(f.parameter);
      if (p == t.parameters.end()) return *why = "the run has no parameter \"" + f.parameter + "\"", false;
      r->value = p->second;
      return true;
    }
    case FactKind::launch_grid: {
      for (const Launch& l : t.launches)
        if (l.id == f.launch) return r->value = double(l.grid), true;
      return *why = "its launch is not in the trace", false;
    }
    case FactKind::timing_median: {
      if (f.timing < 0 || f.timing >= int(t.timings.size()))
        return *why = "its timing is not in the trace", false;
      r->value = t.timings[size_t(f.timing)].median_ns;
      return true;
    }
    case FactKind::timing_rate:
    case FactKind::timing_ratio: {
      // Bytes over the median time: GB/s, as Timing::gbytes_per_s() is documented (FORMAT.md).
      const auto rate = [&](int k, double* gbs) {
        if (k < 0 || k >= int(t.timings.size())) return false;
        const Timing& m = t.timings[size_t(k)];
        if (!(m.median_ns > 0) || m.bytes <= 0) return false;
        *gbs = double(m.bytes) / m.median_ns;
        return true;
      };
      double gbs = 0, baseline = 0;
      if (!rate(f.timing, &gbs)) return *why = "its timing is not in the trace or moves nothing", false;
      if (f.kind == FactKind::timing_rate) return r->value = gbs, true;
      if (!rate(f.versus, &baseline))
        return *why = "the timing it is compared with is not in the trace", false;
      if (f.versus == f.timing) return *why = "it compares a timing with itself", false;
      r->value = gbs / baseline;
      return true;
    }
    case FactKind::timing_share: {
      if (f.timing < 0 || f.timing >= int(t.timings.size()))
        return *why = "its timing is not in the trace", false;
      const Timing& m = t.timings[size_t(f.timing)];
      const auto stated = t.parameters.find(f.parameter);
      if (stated == t.parameters.end() || !(stated->second > 0))
        return *why = "the run has no stated rate \"" + f.parameter + "\"", false;
      if (!(m.median_ns > 0) || m.bytes <= 0) return *why = "its timing moves nothing", false;
      r->value = double(m.bytes) / m.median_ns / stated->second;
      return true;
    }
    case FactKind::event_rate:
    case FactKind::series_share: {
      double span = 0;
      if (!time_between(t, f, true, &span, why)) return false;
      if (f.kind == FactKind::event_rate) {
        const auto bytes = t.parameters.find(f.parameter);
        if (bytes == t.parameters.end())
          return *why = "the run has no parameter \"" + f.parameter + "\"", false;
        r->value = bytes->second / span;  // bytes a nanosecond: GB/s
        return true;
      }
      const Series* s = series_of(t, f.series);
      if (s == nullptr) return *why = "its series is not in the trace or is empty", false;
      const auto l = std::find_if(t.launches.begin(), t.launches.end(),
                                  [&](const Launch& x) { return x.id == f.launch; });
      if (l == t.launches.end()) return *why = "its launch is not in the trace", false;
      r->value = std::accumulate(s->values.begin(), s->values.end(), 0.0) / (double(l->grid) * span);
      return true;
    }
    case FactKind::most_at_once: {
      // Counted here instant by instant, apart from the builder's sweep: at each interval's first
      // event, the intervals that began at or before it and end after it.
      std::map<int, std::vector<int64_t>> times;
      for (const Step& s : t.steps)
        for (const Event& e : s.events)
          if (e.category == f.category && e.kind != EventKind::counter) times[e.track].push_back(e.t_ns);
      std::vector<std::pair<int64_t, int64_t>> intervals;
      for (auto& [track, on_track] : times) {
        if (on_track.size() % 2 != 0) return *why = "a track holds an unpaired event of its category", false;
        std::sort(on_track.begin(), on_track.end());
        for (size_t k = 0; k < on_track.size(); k += 2) intervals.push_back({on_track[k], on_track[k + 1]});
      }
      const Event* at = event_of(t, f.at);
      if (at == nullptr || at->category != f.category)
        return *why = "the event it names is not one of its category in the trace", false;
      const auto open_at = [&](int64_t instant) {
        return double(std::count_if(intervals.begin(), intervals.end(),
                                    [&](const auto& i) { return i.first <= instant && instant < i.second; }));
      };
      r->value = 0;
      for (const auto& i : intervals) r->value = std::max(r->value, open_at(i.first));
      if (open_at(at->t_ns) != r->value)
        return *why = "at the event it names " + std::to_string(int64_t(open_at(at->t_ns))) +
                      " were open, not the most",
               false;
      return true;
    }
    case FactKind::report_sites:
    case FactKind::report_count: {
      // The number is the report's, which gridlock-evidence-check counts again in the file; here
      // the trace must cite that report, and the count be one racecheck prints.
      bool cited = false;
      const std::string suffix = ".report";
      for (const auto& [key, text] : t.facts)
        cited |= key.size() > suffix.size() &&
                 key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0 &&
                 text.compare(0, f.report.size() + 1, f.report + " ") == 0;
      if (!cited) return *why = "the trace cites no report " + f.report + " (a fact \"*.report\")", false;
      if (f.kind == FactKind::report_sites) {
        for (const std::string& site : f.listed)
          if (!is_site(site))
            return *why = "\"" + site + "\" is not a place written file:line (function)", false;
        r->value = double(f.listed.size());
        return true;
      }
      if (f.counted != "races" && f.counted != "hazards" && f.counted != "errors" && f.counted != "warnings")
        return *why = "a report counts races, hazards, errors or warnings, not \"" + f.counted + "\"", false;
      if (f.value < 0 || f.value != double(int64_t(f.value)))
        return *why = "a count is a whole number", false;
      r->value = f.value;
      return true;
    }
  }
  return *why = "its kind is unknown", false;
}

// The numbers a text states, in order, each with how many decimals it was written with.
struct Written {
  double value;
  int decimals;
};

bool read_number(std::string_view& text, Written* out) {
  size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  const size_t digits_from = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == digits_from) return false;
  int decimals = 0;
  if (i < text.size() && text[i] == '.') {
    const size_t point = i++;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    decimals = int(i - point - 1);
    if (decimals == 0) return false;
  }
  out->value = std::strtod(std::string(text.substr(0, i)).c_str(), nullptr);
  out->decimals = decimals;
  text.remove_prefix(i);
  return true;
}

bool consume(std::string_view& text, std::string_view what) {
  if (text.substr(0, what.size()) != what) return false;
  text.remove_prefix(what.size());
  return true;
}

// "0x1f": an integer in lower-case hex.
bool read_hex(std::string_view text, Written* out) {
  if (!consume(text, "0x") || text.empty()) return false;
  double v = 0;
  for (char c : text) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return false;
    v = v * 16 + digit;
  }
  *out = {v, 0};
  return true;
}

// Reads `text` in the form `unit` asks for; false where it has another form.
bool read_text(std::string_view text, FactUnit unit, std::vector<Written>* numbers) {
  Written w{};
  if (unit == FactUnit::hex) {
    if (!read_hex(text, &w)) return false;
    numbers->push_back(w);
    return true;
  }
  if (!read_number(text, &w)) return false;
  numbers->push_back(w);
  switch (unit) {
    case FactUnit::count:
      break;
    case FactUnit::ns:
      if (!consume(text, " ns")) return false;
      break;
    case FactUnit::us:
      if (!consume(text, " \xC2\xB5s")) return false;
      numbers->back().value *= 1e3;
      break;
    case FactUnit::ms:
      if (!consume(text, " ms")) return false;
      numbers->back().value *= 1e6;
      break;
    case FactUnit::out_of:
      if (!consume(text, "/") || !read_number(text, &w)) return false;
      numbers->push_back(w);
      break;
    case FactUnit::range:  // "2–3", or "2" where the least is the greatest
      if (text.empty()) {
        numbers->push_back(w);
        break;
      }
      if (!consume(text, "\xE2\x80\x93") || !read_number(text, &w)) return false;
      numbers->push_back(w);
      break;
    case FactUnit::times:
      if (!consume(text, "\xC3\x97")) return false;
      break;
    case FactUnit::spread:
      if (!consume(text, "\xC3\x97 \xC2\xB1 ") || !read_number(text, &w)) return false;
      numbers->push_back(w);
      break;
    case FactUnit::percent:
      if (!consume(text, "%")) return false;
      numbers->back().value /= 100;
      break;
    case FactUnit::hex:
      return false;  // read above
    case FactUnit::matrix:
      return false;  // a list: check_listed reads it
  }
  return text.empty();
}

// Whether `written`, in `scale` units of the stored number (1e3 for µs), is `exact` rounded to its
// decimals: at most half its last digit away, never further (a truncated 1.99 read as "1").
bool states(const Written& written, double exact, double scale) {
  const double half = 0.5 * std::pow(10.0, -written.decimals) * scale;
  return std::fabs(written.value - exact) <= half * (1 + 1e-12) + 1e-9 * std::fabs(exact);
}

std::string exact_text(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// The words of "[[a, b], [c, d]]", a square matrix of `count` numbers written row by row: false
// where the text has another shape (rows of another length, other brackets or separators).
bool matrix_words(std::string_view text, size_t count, std::vector<std::string_view>* words) {
  size_t side = 0;
  while (side * side < count) ++side;
  if (side * side != count || !consume(text, "[")) return false;
  for (size_t row = 0; row < side; ++row) {
    if ((row > 0 && !consume(text, ", ")) || !consume(text, "[")) return false;
    for (size_t col = 0; col < side; ++col) {
      if (col > 0 && !consume(text, ", ")) return false;
      const size_t end = text.find_first_of(",]");
      if (end == std::string_view::npos || end == 0) return false;
      words->push_back(text.substr(0, end));
      text.remove_prefix(end);
    }
    if (!consume(text, "]")) return false;
  }
  return consume(text, "]") && text.empty();
}

// A list fact's text: the series' values in order, each written as the fact's unit says, one
// blank between them.
void check_listed(const std::vector<double>& values, const FactValue& f, const std::string& text,
                  const std::string& where, std::vector<std::string>& problems) {
  std::vector<std::string_view> words;
  std::string_view rest = text;
  if (f.unit == FactUnit::matrix && !matrix_words(text, values.size(), &words)) {
    problems.push_back(where + "its text \"" + text + "\" is not a square matrix of " +
                       std::to_string(values.size()) + " numbers written [[a, b], [c, d]]");
    return;
  }
  if (f.unit != FactUnit::matrix) {
    for (size_t blank; (blank = rest.find(' ')) != std::string_view::npos; rest.remove_prefix(blank + 1))
      words.push_back(rest.substr(0, blank));
    words.push_back(rest);
  }
  if (f.unit != FactUnit::count && f.unit != FactUnit::hex && f.unit != FactUnit::matrix) {
    problems.push_back(where + "a list is written as counts, hex or a matrix, not " +
                       std::string(to_string(f.unit)));
    return;
  }
  if (words.size() != values.size()) {
    problems.push_back(where + "its text \"" + text + "\" lists " + std::to_string(words.size()) +
                       " numbers, its series holds " + std::to_string(values.size()));
    return;
  }
  for (size_t k = 0; k < words.size(); ++k) {
    std::vector<Written> number;
    if (!read_text(words[k], f.unit == FactUnit::matrix ? FactUnit::count : f.unit, &number)) {
      problems.push_back(where + "\"" + std::string(words[k]) + "\" in its text is not a number written as " +
                         to_string(f.unit));
      return;
    }
    if (number[0].decimals != f.decimals || !states(number[0], values[k], 1)) {
      problems.push_back(where + "its text's number " + std::to_string(k + 1) + " (\"" +
                         std::string(words[k]) + "\") does not state " + exact_text(values[k]) + " at " +
                         std::to_string(f.decimals) + " decimals");
      return;
    }
  }
}

}  // namespace

void check_facts(const Trace& t, std::vector<std::string>& problems) {
  for (const auto& [key, f] : t.fact_values) {
    const std::string where = "fact \"" + key + "\" (" + to_string(f.kind) + "): ";
    const auto text = t.facts.find(key);
    if (text == t.facts.end()) {
      problems.push_back(where + "has a number but no text");
      continue;
    }
    Recorded r;
    std::string why;
    if (!recorded(t, f, &r, &why)) {
      problems.push_back(where + why);
      continue;
    }
    if (f.value != r.value)
      problems.push_back(where + "holds " + exact_text(f.value) + ", what it comes from recorded " +
                         exact_text(r.value));
    const double second = f.unit == FactUnit::range || f.unit == FactUnit::spread ? f.upper : f.of;
    if (r.has_second && second != r.second)
      problems.push_back(where + "holds " + exact_text(second) + " as its second number, the trace " +
                         exact_text(r.second));
    const bool two = f.unit == FactUnit::out_of || f.unit == FactUnit::range || f.unit == FactUnit::spread;
    if (two != r.has_second) {
      problems.push_back(where + "is written as " + to_string(f.unit) + ", which its kind does not give");
      continue;
    }
    const bool time_unit = f.unit == FactUnit::ns || f.unit == FactUnit::us || f.unit == FactUnit::ms;
    if (f.kind == FactKind::duration && !time_unit)
      problems.push_back(where + "is a time written as " + std::string(to_string(f.unit)));
    const bool ratio_unit = f.unit == FactUnit::times || f.unit == FactUnit::percent;
    const bool ratio_kind = f.kind == FactKind::timing_ratio || f.kind == FactKind::timing_share ||
                            f.kind == FactKind::series_share;
    if (ratio_kind != ratio_unit)
      problems.push_back(where + "a ratio is written as times (\xC3\x97) or a percentage, and only a ratio");
    if ((f.kind == FactKind::timing_share || f.kind == FactKind::series_share) && f.unit != FactUnit::percent)
      problems.push_back(where + "a share is written as a percentage");
    if ((f.kind == FactKind::event_rate || f.kind == FactKind::most_at_once) && f.unit != FactUnit::count)
      problems.push_back(where + "a rate or a count at once is written as a plain number");
    if ((f.kind == FactKind::series_spread) != (f.unit == FactUnit::spread))
      problems.push_back(where + "a ratio with its spread (\xC2\xB1) is written so, and only such a ratio");
    if (f.kind == FactKind::report_sites) {
      std::string joined;
      for (const std::string& site : f.listed) joined += (joined.empty() ? "" : ", ") + site;
      if (text->second != joined)
        problems.push_back(where + "its text \"" + text->second + "\" does not list its places \"" + joined +
                           "\"");
      continue;
    }
    if (f.kind == FactKind::series_values) {
      check_listed(t.series[size_t(f.series)].values, f, text->second, where, problems);
      continue;
    }
    if (f.kind == FactKind::snapshot_item || f.kind == FactKind::snapshot_fold) {
      std::vector<double> words;
      snapshot_words(t, f, &words, &why);  // found above, by recorded()
      if (f.kind == FactKind::snapshot_item || words.size() > 1) {
        check_listed(words, f, text->second, where, problems);
        continue;
      }
    }
    if (f.unit == FactUnit::matrix) {
      problems.push_back(where + "one number is not written as a matrix");
      continue;
    }
    std::vector<Written> numbers;
    if (!read_text(text->second, f.unit, &numbers)) {
      problems.push_back(where + "its text \"" + text->second + "\" is not a number written as " +
                         to_string(f.unit));
      continue;
    }
    const double scale = f.unit == FactUnit::us        ? 1e3
                         : f.unit == FactUnit::ms      ? 1e6
                         : f.unit == FactUnit::percent ? 1e-2
                                                       : 1;
    const double stated[2] = {r.value, r.second};
    for (size_t k = 0; k < numbers.size(); ++k) {
      if (numbers[k].decimals != f.decimals)
        problems.push_back(where + "its text \"" + text->second + "\" has " +
                           std::to_string(numbers[k].decimals) + " decimals, not " +
                           std::to_string(f.decimals));
      else if (!states(numbers[k], stated[k], scale))
        problems.push_back(where + "its text \"" + text->second + "\" does not state " +
                           exact_text(stated[k] / scale) + " rounded");
    }
  }
}

}  // namespace gridlock::trace
