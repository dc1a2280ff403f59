// check_words: the phrases a trace's words are made of, each read back and compared with the run.
//
// A rule (words_rules.hpp) pairs a phrase with a judge that compares the numbers it read with the
// recorded operations, snapshots, events and launches. A field whose words no phrase matches is
// not judged; word_coverage() counts those, so a test can see how much of a trace is read.
#include "trace/words.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "trace/words_rules.hpp"

namespace gridlock::trace {

const char* to_string(WordKind kind) {
  switch (kind) {
    case WordKind::live:
      return "live set";
    case WordKind::detail:
      return "detail";
    case WordKind::note:
      return "note";
    case WordKind::event_name:
      return "event name";
  }
  return "?";
}

namespace {

using namespace words;

// ---- passes: "level 2 of 5" is the second of five steps of its kind ----------------------------

// Steps of one kind: the same launch and label, the same phrase, and the same block or warp.
std::map<std::string, std::vector<size_t>> passes_of(const Trace& t) {
  std::map<std::string, std::vector<size_t>> kinds;
  for (size_t si = 0; si < t.steps.size(); ++si) {
    const Step& s = t.steps[si];
    for (const StepRule& rule : detail_rules()) {
      std::vector<int64_t> n;
      if (!match(rule.phrase, s.detail, n)) continue;
      if (rule.pass < 0) break;
      std::string key = str(int64_t(s.launch)) + "|" + s.label + "|" + rule.phrase;
      if (rule.whose >= 0) key += "|" + str(n[size_t(rule.whose)]);
      kinds[key].push_back(si);
      break;
    }
  }
  return kinds;
}

// ---- live sets ------------------------------------------------------------------------------

// A live item holds a result that no operation has consumed since it was written: written by an
// operation (in this step or before), and not read since by an operation that wrote another item.
// A copy reads without consuming (the value stays where it was).
class Carried {
 public:
  void apply(const Operation& o) {
    for (size_t k = 0; k < o.dst.size(); ++k) {
      const std::pair<int, int64_t> dst{o.dst_buffer, o.dst[k]};
      if (o.op != Operator::copy) {
        consume({o.a_buffer, o.a[k]}, dst);
        if (o.b_buffer >= 0 && k < o.b.size()) consume({o.b_buffer, o.b[k]}, dst);
      }
      items_.insert(dst);
    }
  }
  bool holds(int buffer, int64_t item) const { return items_.count({buffer, item}) != 0; }

 private:
  void consume(std::pair<int, int64_t> read, std::pair<int, int64_t> dst) {
    if (read.second >= 0 && read != dst) items_.erase(read);
  }
  std::set<std::pair<int, int64_t>> items_;
};

void check_live(const Trace& t, std::vector<std::string>& problems) {
  Carried carried;
  for (size_t si = 0; si < t.steps.size(); ++si) {
    const Step& s = t.steps[si];
    for (const Operation& o : s.ops) carried.apply(o);
    for (const LiveRange& r : s.live)
      for (int64_t k = 0; k < r.count; ++k) {
        const int64_t item = r.begin + k * r.stride;
        if (carried.holds(r.buffer, item)) continue;
        const Buffer* b = t.find_buffer(r.buffer);
        problems.push_back("steps[" + str(int64_t(si)) + "] \"" + s.label + "\": the live set holds " +
                           (b ? b->name : "buffer " + str(int64_t(r.buffer))) + "[" + str(item) +
                           "], which no operation wrote since it was last consumed");
        break;
      }
  }
}

// ---- one pass over the words ------------------------------------------------------------------

// The recorders' rules, then the lockstep model's.
template <typename Rule>
std::vector<Rule> joined(const std::vector<Rule>& recorders, const std::vector<Rule>& model) {
  std::vector<Rule> out = recorders;
  out.insert(out.end(), model.begin(), model.end());
  return out;
}
const std::vector<EventRule>& every_event_rule() {
  static const std::vector<EventRule> rules = joined(event_rules(), model_event_rules());
  return rules;
}
const std::vector<StepRule>& every_detail_rule() {
  static const std::vector<StepRule> rules = joined(detail_rules(), model_detail_rules());
  return rules;
}
const std::vector<StepRule>& every_note_rule() {
  static const std::vector<StepRule> rules = joined(note_rules(), model_note_rules());
  return rules;
}

// The rule that reads a field, its numbers, and what it found wrong.
struct Reading {
  const char* phrase = nullptr;
  std::vector<int64_t> numbers;
  std::string problem;
};

template <typename Rules>
Reading read_step(const Run& run, const Rules& rules, size_t step, const std::string& text,
                  const std::map<std::string, std::vector<size_t>>* passes) {
  Reading r;
  for (const StepRule& rule : rules) {
    if (!match(rule.phrase, text, r.numbers)) {
      r.numbers.clear();
      continue;
    }
    r.phrase = rule.phrase;
    r.problem = rule.judge(run, step, r.numbers);
    if (r.problem.empty() && rule.pass >= 0 && passes) {
      for (const auto& [key, steps] : *passes) {
        const auto at = std::find(steps.begin(), steps.end(), step);
        if (at == steps.end()) continue;
        r.problem =
            first_of({differ("the pass", r.numbers[size_t(rule.pass)], double(at - steps.begin() + 1)),
                      differ("the number of passes", r.numbers[size_t(rule.pass) + 1],
                             static_cast<double>(steps.size()))});
      }
    }
    return r;
  }
  return r;
}

Reading read_event(const Run& run, const Event& e) {
  Reading r;
  for (const EventRule& rule : every_event_rule()) {
    if (!match(rule.phrase, e.name, r.numbers)) {
      r.numbers.clear();
      continue;
    }
    r.phrase = rule.phrase;
    r.problem = rule.judge(run, e, r.numbers);
    return r;
  }
  return r;
}

// Calls `visit(kind, step, event, text, reading)` for every field that states a number.
template <typename Visit>
void read_all(const Trace& t, Visit visit) {
  const Run run(t);
  const auto passes = passes_of(t);
  for (size_t si = 0; si < t.steps.size(); ++si) {
    const Step& s = t.steps[si];
    if (has_number(s.detail))
      visit(WordKind::detail, si, size_t(0), s.detail,
            read_step(run, every_detail_rule(), si, s.detail, &passes));
    if (has_number(s.note))
      visit(WordKind::note, si, size_t(0), s.note, read_step(run, every_note_rule(), si, s.note, nullptr));
    // Event names repeat: read each distinct name and value on each track once.
    std::set<std::tuple<int, std::string, double>> seen;
    for (size_t ei = 0; ei < s.events.size(); ++ei) {
      const Event& e = s.events[ei];
      if (!has_number(e.name) || !seen.insert({e.track, e.name, e.value}).second) continue;
      visit(WordKind::event_name, si, ei, e.name, read_event(run, e));
    }
  }
}

}  // namespace

void check_words(const Trace& trace, std::vector<std::string>& problems) {
  check_live(trace, problems);
  read_all(trace, [&](WordKind kind, size_t si, size_t, const std::string& text, const Reading& r) {
    if (r.problem.empty()) return;
    problems.push_back("steps[" + str(int64_t(si)) + "] \"" + trace.steps[si].label + "\", " +
                       to_string(kind) + " \"" + text + "\": " + r.problem);
  });
}

std::vector<WordCoverage> word_coverage(const Trace& trace) {
  std::vector<WordCoverage> out = {
      {WordKind::live}, {WordKind::detail}, {WordKind::note}, {WordKind::event_name}};
  for (const Step& s : trace.steps) {
    out[0].stated += int64_t(s.live.size());
    out[0].checked += int64_t(s.live.size());
  }
  read_all(trace, [&](WordKind kind, size_t, size_t, const std::string&, const Reading& r) {
    WordCoverage& c = out[size_t(kind)];
    ++c.stated;
    if (r.phrase) ++c.checked;
  });
  return out;
}

std::vector<WordField> word_fields(const Trace& trace) {
  std::vector<WordField> out;
  read_all(trace, [&](WordKind kind, size_t si, size_t ei, const std::string&, const Reading& r) {
    if (r.phrase) out.push_back({kind, si, ei, r.phrase});
  });
  return out;
}

std::vector<UnreadWord> unread_words(const Trace& trace) {
  std::vector<UnreadWord> out;
  read_all(trace, [&](WordKind kind, size_t, size_t, const std::string& text, const Reading& r) {
    if (!r.phrase) out.push_back({kind, text});
  });
  return out;
}

std::string with_number(std::string_view phrase, std::string_view text, size_t position, int64_t value) {
  std::vector<Number> numbers;
  if (!match(phrase, text, numbers) || position >= numbers.size()) return std::string(text);
  const Number& n = numbers[position];
  char digits[32];
  std::snprintf(digits, sizeof digits, n.hex ? "%llx" : "%lld", static_cast<long long>(value));
  std::string out(text);
  out.replace(n.begin, n.length, digits);
  return out;
}

}  // namespace gridlock::trace
