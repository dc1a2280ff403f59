// check_words: the phrases a trace's words are made of, each read back and compared with the run.
//
// A phrase is literal text with '#' for a decimal integer, '%' for the hex digits after "0x" and
// '*' for any text. A rule pairs a phrase with a judge that compares the numbers it read with the
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

// ---- phrases ---------------------------------------------------------------------------------

bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_digit(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A number read from a text: its value and where it stands.
struct Number {
  int64_t value = 0;
  size_t begin = 0, length = 0;
  bool hex = false;
};

// Whether `text` is `pattern` with its placeholders filled; the numbers in the order they stand.
// `offset` is where `text` begins in the whole field.
bool match(std::string_view pattern, std::string_view text, std::vector<Number>& numbers, size_t offset = 0) {
  if (pattern.empty()) return text.empty();
  const char p = pattern.front();
  if (p == '*') {
    for (size_t skip = 0; skip <= text.size(); ++skip) {
      const size_t before = numbers.size();
      if (match(pattern.substr(1), text.substr(skip), numbers, offset + skip)) return true;
      numbers.resize(before);
    }
    return false;
  }
  if (p == '#' || p == '%') {
    const bool hex = p == '%';
    size_t i = 0;
    const bool negative = !hex && !text.empty() && text[0] == '-';
    if (negative) ++i;
    int64_t value = 0;
    const size_t first = i;
    while (i < text.size() && (hex ? hex_digit(text[i]) >= 0 : is_digit(text[i])) && i - first < 18)
      value = value * (hex ? 16 : 10) + (hex ? hex_digit(text[i++]) : text[i++] - '0');
    if (i == first) return false;
    numbers.push_back({negative ? -value : value, offset, i, hex});
    if (match(pattern.substr(1), text.substr(i), numbers, offset + i)) return true;
    numbers.pop_back();
    return false;
  }
  return !text.empty() && text.front() == p && match(pattern.substr(1), text.substr(1), numbers, offset + 1);
}

bool match(std::string_view pattern, std::string_view text, std::vector<int64_t>& values) {
  std::vector<Number> numbers;
  if (!match(pattern, text, numbers)) return false;
  for (const Number& n : numbers) values.push_back(n.value);
  return true;
}

bool has_number(std::string_view text) { return std::any_of(text.begin(), text.end(), is_digit); }

std::string str(int64_t v) { return std::to_string(v); }
std::string str(double v) {
  return v == static_cast<double>(static_cast<int64_t>(v)) ? std::to_string(static_cast<int64_t>(v))
                                                           : std::to_string(v);
}

// "says 5 where the run has 6", or empty when they agree.
std::string differ(const char* what, int64_t said, double actual) {
  if (static_cast<double>(said) == actual) return "";
  return std::string(what) + " reads " + str(said) + " where the run has " + str(actual);
}

std::string first_of(std::initializer_list<std::string> problems) {
  for (const std::string& p : problems)
    if (!p.empty()) return p;
  return "";
}

// ---- what the run recorded, looked up -------------------------------------------------------

class Run {
 public:
  explicit Run(const Trace& t) : t(t) {
    for (const Track& track : t.tracks) tracks_.emplace(track.id, &track);
    for (const Launch& l : t.launches) launches_.emplace(l.id, &l);
    for (const Step& s : t.steps)
      for (const Event& e : s.events) {
        step_of_.emplace(&e, &s);
        for (int f : e.flows_out) flow_sources_.emplace(f, &e);
      }
  }

  const Trace& t;

  const Track* track(int id) const {
    const auto found = tracks_.find(id);
    return found == tracks_.end() ? nullptr : found->second;
  }
  const Launch* launch(int id) const {
    const auto found = launches_.find(id);
    return found == launches_.end() ? nullptr : found->second;
  }
  std::vector<const Event*> flow_sources(const Event& e) const {
    std::vector<const Event*> out;
    for (int f : e.flows_in)
      if (const auto found = flow_sources_.find(f); found != flow_sources_.end())
        out.push_back(found->second);
    return out;
  }
  const Step& step_of(const Event& e) const { return *step_of_.at(&e); }
  const Buffer* buffer_named(const std::string& name) const {
    for (const Buffer& b : t.buffers)
      if (b.name == name) return &b;
    return nullptr;
  }

 private:
  std::unordered_map<int, const Track*> tracks_;
  std::unordered_map<int, const Launch*> launches_;
  std::unordered_map<int, const Event*> flow_sources_;
  std::unordered_map<const Event*, const Step*> step_of_;
};

// ---- event names ----------------------------------------------------------------------------

using EventJudge = std::function<std::string(const Run&, const Event&, const std::vector<int64_t>&)>;
struct EventRule {
  const char* phrase;
  EventJudge judge;
};

std::string track_block(const Run& run, const Event& e, int64_t said) {
  const Track* t = run.track(e.track);
  return t ? differ("the block", said, t->block) : "its track is not declared";
}

std::string value_is(const Event& e, int64_t said, const char* what = "the value") {
  return differ(what, said, e.value);
}

// A slice on a lock's track named for its holder: the holder's own track begins a critical slice at
// the same time. `thread` -1: any thread of the block.
std::string holder(const Run& r, const Event& e, int64_t block, int64_t thread) {
  if (e.kind != EventKind::slice_begin) return "";
  for (const Event& other : r.step_of(e).events) {
    if (other.kind != EventKind::slice_begin || other.category != Category::critical || other.t_ns != e.t_ns)
      continue;
    const Track* t = r.track(other.track);
    if (!t || t->kind == TrackKind::lock || t->block != block) continue;
    if (thread < 0 || t->warp < 0 || t->lane < 0 || int64_t(t->warp) * 32 + t->lane == thread) return "";
  }
  return "no track of block " + str(block) + (thread >= 0 ? ", thread " + str(thread) : "") +
         " takes the lock at " + str(e.t_ns);
}

// A slice named for the pass of its step ("level 3"): the step's detail names the same pass.
std::string in_detail(const Run& r, const Event& e, const char* word, int64_t pass) {
  const std::string& detail = r.step_of(e).detail;
  const std::string named = std::string(word) + " " + str(pass);
  for (const char* after : {" of", ","})
    if (detail.find(named + after) != std::string::npos) return "";
  return "the step's detail \"" + detail + "\" names another " + word;
}

const std::vector<EventRule>& event_rules() {
  static const std::vector<EventRule> rules = {
      {"block # on SM #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         return t ? first_of({differ("the block", n[0], t->block), differ("the SM", n[1], t->sm)})
                  : "its track is not declared";
       }},
      {"block # (SM #)",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         return t ? first_of({differ("the block", n[0], t->block), differ("the SM", n[1], t->sm)})
                  : "its track is not declared";
       }},
      {"block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) { return track_block(r, e, n[0]); }},
      {"block #, thread #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         if (t && t->kind == TrackKind::lock) return holder(r, e, n[0], n[1]);
         if (t && t->warp >= 0 && t->lane >= 0 && int64_t(t->warp) * 32 + t->lane != n[1])
           return "the thread reads " + str(n[1]) + " where the track is warp " + str(int64_t(t->warp)) +
                  ", lane " + str(int64_t(t->lane));
         return track_block(r, e, n[0]);
       }},
      {"held by block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         return first_of({value_is(e, n[0], "the holder"), holder(r, e, n[0], -1)});
       }},
      {"ticket #", [](const Run&, const Event& e,
                      const std::vector<int64_t>& n) { return value_is(e, n[0], "the ticket"); }},
      {"item # (cost #)", [](const Run&, const Event& e,
                             const std::vector<int64_t>& n) { return value_is(e, n[1], "the cost"); }},
      {"item # fetched again by block #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         return first_of({value_is(e, n[0], "the item"), track_block(r, e, n[1])});
       }},
      {"block # wrote # over block #'s #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         std::string problem = first_of({track_block(r, e, n[0]), value_is(e, n[1], "the value written")});
         if (!problem.empty()) return problem;
         for (const Event* replaced : r.flow_sources(e)) {
           const Track* t = r.track(replaced->track);
           if (t && t->block == n[2] && replaced->value == static_cast<double>(n[3])) return std::string();
         }
         return "no flow comes from block " + str(n[2]) + "'s write of " + str(n[3]);
       }},
      {"kernel # starts: # kernels at once",
       [](const Run&, const Event& e, const std::vector<int64_t>& n) {
         return value_is(e, n[1], "the kernels at once");
       }},
      {"reads partial #: #, not #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         std::string problem = value_is(e, n[1], "the value read");
         if (!problem.empty()) return problem;
         for (const Event* store : r.flow_sources(e)) {
           const Track* t = r.track(store->track);
           if (t && t->block == n[0] && store->value == static_cast<double>(n[2])) return std::string();
         }
         return "no flow comes from block " + str(n[0]) + "'s store of " + str(n[2]);
       }},
      {"check in: sees 0x%", [](const Run&, const Event& e,
                                const std::vector<int64_t>& n) { return value_is(e, n[0], "the mask"); }},
      {"check out: 0x% -> 0x%", [](const Run&, const Event& e,
                                   const std::vector<int64_t>& n) { return value_is(e, n[1], "the mask"); }},
      {"level #", [](const Run& r, const Event& e,
                     const std::vector<int64_t>& n) { return in_detail(r, e, "level", n[0]); }},
      {"step #", [](const Run& r, const Event& e,
                    const std::vector<int64_t>& n) { return in_detail(r, e, "step", n[0]); }},
      {"lane # holds the lock and waits at pc #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         return t ? differ("the lane", n[0], t->lane) : "its track is not declared";
       }},
  };
  return rules;
}

// ---- details and notes ----------------------------------------------------------------------

using StepJudge = std::function<std::string(const Run&, size_t step, const std::vector<int64_t>&)>;
struct StepRule {
  const char* phrase;
  StepJudge judge;
  // Where the pass stands among the steps of its kind ("level 2 of 5"): the index of that
  // number in the phrase's numbers, the total after it; -1 when the phrase names no pass.
  int pass = -1;
  // The index of the number that says whose passes they are (a block, a warp); -1: nobody's.
  int whose = -1;
};

// The threads of the step's operations that combine two values, as the phrase counts them:
// within their block, or within their warp.
struct Actors {
  int64_t lo = INT64_MAX, hi = INT64_MIN, offset = 0;
  bool one_offset = true;
  std::set<int64_t> warps;
  bool any() const { return lo <= hi; }
};

Actors actors(const Run& run, const Step& s, int64_t modulo) {
  Actors a;
  const Launch* launch = run.launch(s.launch);
  const int64_t block = launch ? launch->block : 0;
  bool first = true;
  for (const Operation& o : s.ops) {
    if (o.op == Operator::copy || o.b.empty()) continue;
    for (size_t k = 0; k < o.dst.size() && k < o.thread.size(); ++k) {
      const int64_t in_block = block > 0 ? o.thread[k] % block : o.thread[k];
      const int64_t who = modulo > 0 ? in_block % modulo : in_block;
      a.lo = std::min(a.lo, who);
      a.hi = std::max(a.hi, who);
      a.warps.insert(in_block / 32);
      const int64_t offset = o.b[k] - o.a[k];
      if (first) a.offset = offset;
      a.one_offset &= offset == a.offset;
      first = false;
    }
  }
  return a;
}

// "Threads 0..511 add r[t + 512]": who combines, and with which partner.
StepJudge combine(int64_t modulo, size_t lo, size_t offset, int warp = -1) {
  return [=](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Actors a = actors(run, run.t.steps[step], modulo);
    if (!a.any()) return "no operation of the step combines two values";
    const char* who = modulo == 32 ? "the lanes" : "the threads";
    if (a.lo != n[lo] || a.hi != n[lo + 1])
      return std::string(who) + " read " + str(n[lo]) + "–" + str(n[lo + 1]) + " where the operations have " +
             str(a.lo) + "–" + str(a.hi);
    if (!a.one_offset) return "the partners are not one offset apart";
    if (warp >= 0 && (a.warps.size() != 1 || *a.warps.begin() != n[size_t(warp)]))
      return "the warp reads " + str(n[size_t(warp)]) + " where the operations are in another";
    return differ("the partner's offset", n[offset], static_cast<double>(a.offset));
  };
}

// The blocks the step's events belong to; one block is what "block 3: ..." says.
std::string step_block(const Run& run, size_t step, int64_t said) {
  std::set<int> blocks;
  for (const Event& e : run.t.steps[step].events)
    if (const Track* t = run.track(e.track); t && t->block >= 0) blocks.insert(t->block);
  if (blocks.empty()) return "";  // a step without block events says nothing this can check
  if (blocks.size() == 1 && *blocks.begin() == said) return "";
  return "the block reads " + str(said) + " where the step's events are of block " +
         str(int64_t(*blocks.begin())) +
         (blocks.size() > 1 ? " and " + str(int64_t(blocks.size()) - 1) + " more" : "");
}

std::string grid_is(const Run& run, size_t step, int64_t said) {
  const Launch* l = run.launch(run.t.steps[step].launch);
  return l ? differ("the grid", said, static_cast<double>(l->grid)) : "the step belongs to no launch";
}

// The items a step's combining operations write: the size of a tree level.
int64_t combined_items(const Step& s) {
  std::set<std::pair<int, int64_t>> items;
  for (const Operation& o : s.ops)
    if (o.op != Operator::copy)
      for (int64_t d : o.dst) items.insert({o.dst_buffer, d});
  return int64_t(items.size());
}

std::string size_is(const Run& run, size_t step, int64_t said) {
  return differ("the size", said, static_cast<double>(combined_items(run.t.steps[step])));
}

std::string ticket_span(const Run& run, size_t step, const std::vector<int64_t>& n) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Event& e : run.t.steps[step].events)
    if (e.category == Category::ticket) {
      lo = std::min(lo, e.value);
      hi = std::max(hi, e.value);
    }
  if (lo > hi) return "the step takes no ticket";
  return first_of(
      {differ("the first ticket", n[0], lo), differ("the last ticket", n[1], hi), grid_is(run, step, n[2])});
}

// "turns 34-66 of 264": the step holds those events of a kind, in the trace's order, of that
// many in all the steps that count them. A turn is a hold of the lock (a slice on its track), a write a
// counter's change.
bool turn_of_the_lock(const Run& run, const Event& e) {
  const Track* t = run.track(e.track);
  return e.kind == EventKind::slice_begin && t && t->kind == TrackKind::lock;
}
bool counter_change(const Run&, const Event& e) { return e.kind == EventKind::counter; }

// Only the steps that say the same phrase count: a counter's closing value after the kernel, in a
// step of its own, is not one of the writes.
StepJudge span_of(const char* phrase, bool (*counts)(const Run&, const Event&)) {
  return [phrase, counts](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    int64_t before = 0, here = 0, all = 0;
    for (size_t si = 0; si < run.t.steps.size(); ++si) {
      std::vector<int64_t> unused;
      if (!match(phrase, run.t.steps[si].detail, unused)) continue;
      for (const Event& e : run.t.steps[si].events) {
        if (!counts(run, e)) continue;
        ++all;
        if (si < step) ++before;
        if (si == step) ++here;
      }
    }
    if (here == 0) return "the step holds none of what it counts";
    return first_of({differ("the first", n[0], double(before + 1)),
                     differ("the last", n[1], double(before + here)),
                     differ("the number in all", n[2], double(all))});
  };
}

// The last value a step's snapshot shows of item `item` of the buffer named `name`.
bool snapshot_value(const Run& run, const Step& s, const char* name, int64_t item, double* value) {
  const Buffer* b = run.buffer_named(name);
  if (!b) return false;
  bool found = false;
  for (const Snapshot& snap : s.snapshots) {
    if (snap.buffer != b->id) continue;
    const int64_t size = b->item_size();
    if (snap.items.empty()) {
      if (item * size < static_cast<int64_t>(snap.values.size())) {
        *value = snap.values[static_cast<size_t>(item * size)];
        found = true;
      }
      continue;
    }
    for (size_t i = 0; i < snap.items.size(); ++i)
      if (snap.items[i] == item) {
        *value = snap.values[i * static_cast<size_t>(size)];
        found = true;
      }
  }
  return found;
}

StepJudge count_holds() {
  return [](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    double count = 0;
    if (!snapshot_value(run, run.t.steps[step], "count", 0, &count)) return "the step shows no count";
    return first_of({differ("the count", n[0], count), grid_is(run, step, n[1])});
  };
}

StepJudge all(std::vector<StepJudge> judges) {
  return [judges](const Run& run, size_t step, const std::vector<int64_t>& n) {
    for (const StepJudge& j : judges)
      if (std::string p = j(run, step, n); !p.empty()) return p;
    return std::string();
  };
}
StepJudge block_at(size_t i) {
  return
      [i](const Run& run, size_t step, const std::vector<int64_t>& n) { return step_block(run, step, n[i]); };
}
StepJudge size_at(size_t i) {
  return [i](const Run& run, size_t step, const std::vector<int64_t>& n) { return size_is(run, step, n[i]); };
}
// "stride 4": every combining operation's partner is that far from the item it writes to.
StepJudge stride_at(size_t i) {
  return [i](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Actors a = actors(run, run.t.steps[step], 0);
    if (!a.any()) return "no operation of the step combines two values";
    if (!a.one_offset) return "the partners are not one stride apart";
    return differ("the stride", n[i], static_cast<double>(a.offset));
  };
}
StepJudge grid_at(size_t i) {
  return [i](const Run& run, size_t step, const std::vector<int64_t>& n) { return grid_is(run, step, n[i]); };
}
StepJudge nothing_more() {
  return [](const Run&, size_t, const std::vector<int64_t>&) { return std::string(); };
}

// The thread within its block of the operation's k-th item.
int64_t thread_in_block(const Run& run, const Step& s, const Operation& o, size_t k) {
  const Launch* l = run.launch(s.launch);
  return l && l->block > 0 ? o.thread[k] % l->block : o.thread[k];
}

// "Thread i combines s[2i] with s[2i + 1]": each combining operation of thread i reads items
// n[times_a]·i and n[times_b]·i + n[plus_b] of its block's part of the buffer (which starts at the
// same item for every thread of the block).
StepJudge pairs_of_thread(size_t times_a, size_t times_b, size_t plus_b) {
  return [=](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Step& s = run.t.steps[step];
    const Launch* l = run.launch(s.launch);
    const int64_t threads = l && l->block > 0 ? l->block : INT64_MAX;
    std::map<int64_t, int64_t> base;  // block -> the item its part of the buffer starts at
    int64_t seen = 0;
    for (const Operation& o : s.ops) {
      if (o.op == Operator::copy || o.b.empty()) continue;
      for (size_t k = 0; k < o.a.size() && k < o.b.size() && k < o.thread.size(); ++k, ++seen) {
        const int64_t i = o.thread[k] % threads;
        const int64_t start = base.try_emplace(o.thread[k] / threads, o.a[k] - n[times_a] * i).first->second;
        if (o.a[k] != start + n[times_a] * i || o.b[k] != start + n[times_b] * i + n[plus_b])
          return "thread " + str(i) + " combines items " + str(o.a[k] - start) + " and " +
                 str(o.b[k] - start) + " of its block's part, not " + str(n[times_a] * i) + " and " +
                 str(n[times_b] * i + n[plus_b]);
      }
    }
    return seen > 0 ? "" : "no operation of the step combines two values";
  };
}

// "Lanes 0, 2, …, 30 set s[lane] = s[lane] · s[lane + 1]": the lanes that combine, evenly spaced
// from the first to the last, each into its own item with the item `offset` above it.
StepJudge spaced_lanes(size_t first, size_t second, size_t last, size_t offset) {
  return [=](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Step& s = run.t.steps[step];
    std::set<int64_t> lanes;
    for (const Operation& o : s.ops) {
      if (o.op == Operator::copy || o.b.empty()) continue;
      for (size_t k = 0; k < o.a.size() && k < o.b.size() && k < o.thread.size(); ++k) {
        const int64_t lane = thread_in_block(run, s, o, k) % 32;
        if (o.dst[k] != o.a[k] || o.b[k] - o.a[k] != n[offset])
          return "lane " + str(lane) + " combines items " + str(o.a[k]) + " and " + str(o.b[k]) + " into " +
                 str(o.dst[k]);
        lanes.insert(lane);
      }
    }
    if (lanes.size() < 2) return "fewer than two lanes combine";
    const int64_t spacing = *std::next(lanes.begin()) - *lanes.begin();
    int64_t expected = *lanes.begin();
    for (int64_t lane : lanes) {
      if (lane != expected) return "the lanes that combine are not evenly spaced";
      expected += spacing;
    }
    return first_of({differ("the first lane", n[first], double(*lanes.begin())),
                     differ("the second lane", n[second], double(*std::next(lanes.begin()))),
                     differ("the last lane", n[last], double(*lanes.rbegin()))});
  };
}

// "Every lane sets v = v · (the v of lane + 4, …; a lane past 31 receives its own)": a lane reads
// the value `offset` lanes up, or its own past the last lane of the warp.
StepJudge shuffle_down(size_t offset, size_t last_lane) {
  return [=](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Step& s = run.t.steps[step];
    int64_t top = -1;
    for (const Operation& o : s.ops) {
      if (o.op == Operator::copy || o.b.empty()) continue;
      for (size_t k = 0; k < o.a.size() && k < o.b.size() && k < o.thread.size(); ++k) {
        const int64_t lane = thread_in_block(run, s, o, k) % 32;
        top = std::max(top, lane);
        const int64_t from = lane + n[offset] <= n[last_lane] ? o.a[k] + n[offset] : o.a[k];
        if (o.b[k] != from)
          return "lane " + str(lane) + " receives item " + str(o.b[k]) + ", not " + str(from);
      }
    }
    if (top < 0) return "no operation of the step combines two values";
    return differ("the last lane", n[last_lane], double(top));
  };
}

// "Thread 0 stores the block's partial (in out[0])": the step's copies are that thread's, into that
// item. `item` -1: the phrase names none.
StepJudge stored_by(size_t thread, int item = -1) {
  return [=](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
    const Step& s = run.t.steps[step];
    int64_t seen = 0;
    for (const Operation& o : s.ops) {
      if (o.op != Operator::copy) continue;
      for (size_t k = 0; k < o.dst.size() && k < o.thread.size(); ++k, ++seen) {
        if (std::string p = differ("the thread", n[thread], double(thread_in_block(run, s, o, k)));
            !p.empty())
          return p;
        if (item >= 0)
          if (std::string p = differ("the item", n[size_t(item)], double(o.dst[k])); !p.empty()) return p;
      }
    }
    return seen > 0 ? "" : "the step stores nothing";
  };
}

// A number the words quote from the code ("thread 0 takes a ticket"): the trace's kernel and
// technique sources hold `before` + the number + `after` ("threadIdx.x == 0").
StepJudge in_code(size_t at, const char* before, const char* after = "") {
  return [=](const Run& run, size_t, const std::vector<int64_t>& n) -> std::string {
    const std::string quote = before + str(n[at]) + after;
    for (const Source& src : run.t.sources)
      if (src.role != SourceRole::recording && src.text.find(quote) != std::string::npos) return "";
    return "the trace's code holds no \"" + quote + "\"";
  };
}

// The value a memory track held before the event `e` of step `step`: its last counter value in
// the steps before, or in this step before `e`; 0 where nothing was recorded before, since the
// lessons zero their memory words before the first launch.
double counter_before(const Run& run, int track, size_t step, const Event* e) {
  double value = 0;
  for (size_t si = 0; si <= step; ++si)
    for (const Event& other : run.t.steps[si].events) {
      if (&other == e) return value;
      if (other.track == track && other.kind == EventKind::counter) value = other.value;
    }
  return value;
}

// The step's last counter event on the memory track named `name`.
const Event* counter_named(const Run& run, size_t step, const std::string& name) {
  const Event* found = nullptr;
  for (const Event& e : run.t.steps[step].events) {
    const Track* t = run.track(e.track);
    if (e.kind == EventKind::counter && t && t->kind == TrackKind::memory && t->name == name) found = &e;
  }
  return found;
}

// The kernel a step's launch runs, as its name numbers it ("add_kernel<documented> kid 3").
std::string kernel_is(const Run& run, size_t step, int64_t said) {
  const Launch* l = run.launch(run.t.steps[step].launch);
  if (!l) return "the step belongs to no launch";
  const size_t at = l->name.rfind(" kid ");
  if (at == std::string::npos) return "the launch \"" + l->name + "\" names no kernel number";
  return differ("the kernel", said, std::atof(l->name.c_str() + at + 5));
}

// "kernel 4 sees mask 0x1f, count 5": what the check-in returned and the count it left.
std::string kernel_sees(const Run& run, size_t step, const std::vector<int64_t>& n) {
  const Event* mask = nullptr;
  for (const Event& e : run.t.steps[step].events)
    if (e.kind == EventKind::instant && e.category == Category::atomic) mask = &e;
  const Event* count = counter_named(run, step, "kernel_data.count");
  if (!mask || !count) return "the step records no check-in";
  return first_of({kernel_is(run, step, n[0]), differ("the mask", n[1], mask->value),
                   differ("the count", n[2], count->value)});
}

// "kernel 1: tokenizer_data.mask 0x0 -> 0x0, count -1 -> -2": the record's mask and count before
// the check-out and after it.
std::string kernel_checks_out(const Run& run, size_t step, const std::vector<int64_t>& n,
                              const std::string& record) {
  const Event* mask = counter_named(run, step, record + ".mask");
  const Event* count = counter_named(run, step, record + ".count");
  if (!mask || !count) return "the step records no check-out on " + record;
  return first_of({kernel_is(run, step, n[0]),
                   differ("the mask before", n[1], counter_before(run, mask->track, step, mask)),
                   differ("the mask after", n[2], mask->value),
                   differ("the count before", n[3], counter_before(run, count->track, step, count)),
                   differ("the count after", n[4], count->value)});
}

// "items started 54.5 µs–78.3 µs (8 items)": the first and last start of the step's items, in
// µs on the trace's clock rounded to a tenth, and how many there are.
std::string items_started(const Run& run, size_t step, const std::vector<int64_t>& n) {
  int64_t first = INT64_MAX, last = INT64_MIN, items = 0;
  for (const Event& e : run.t.steps[step].events)
    if (e.kind == EventKind::slice_begin && e.category == Category::work) {
      first = std::min(first, e.t_ns);
      last = std::max(last, e.t_ns);
      ++items;
    }
  if (items == 0) return "the step starts no item";
  const auto tenths = [](int64_t ns) { return double(std::llround(double(ns) / 100.0)); };
  return first_of({differ("the first start in tenths of a µs", n[0] * 10 + n[1], tenths(first)),
                   differ("the last start in tenths of a µs", n[2] * 10 + n[3], tenths(last)),
                   differ("the number of items", n[4], double(items))});
}

const std::vector<StepRule>& detail_rules() {
  static const std::vector<StepRule> rules = {
      {"block #: level # of #, size #", all({block_at(0), size_at(3)}), 1, 0},
      {"second launch, block #: level # of #, size #", all({block_at(0), size_at(3)}), 1, 0},
      {"level # of #, size #", size_at(2), 0},
      {"tree level #, size #", size_at(1)},
      {"block #: level # of #, stride #", all({block_at(0), stride_at(3)}), 1, 0},
      {"block #, the merge: level # of #, stride #", all({block_at(0), stride_at(3)}), 1, 0},
      {"block #: compression # of #", block_at(0), 1, 0},
      {"block #: load # of #, in[#..#]", block_at(0), 1, 0},
      {"step # of #", nothing_more(), 0},
      {"step # of #, in every warp", nothing_more(), 0},
      {"step # of #, warp #", nothing_more(), 0, 2},
      {"tickets #–# of #", ticket_span},
      {"turns #–# of #, in the order the lock was taken",
       span_of("turns #–# of #, in the order the lock was taken", turn_of_the_lock)},
      {"writes #–# of #, in the order they were issued",
       span_of("writes #–# of #, in the order they were issued", counter_change)},
      {"# blocks, # elements each", grid_at(0)},
      {"additions #–# of #, in the order they finished",
       span_of("additions #–# of #, in the order they finished", counter_change)},
      {"kernel #: # blocks; the values of the first # of # elements", grid_at(1)},
      {"# blocks", grid_at(0)},
      {"block #: thread # writes out[#]", all({block_at(0), stored_by(1, 2)})},
      {"kernel # sees mask 0x%, count #", kernel_sees},
      {"kernel #: tokenizer_data.mask 0x% -> 0x%, count # -> #",
       [](const Run& r, size_t step, const std::vector<int64_t>& n) {
         return kernel_checks_out(r, step, n, "tokenizer_data");
       }},
      {"kernel #: kernel_data.mask 0x% -> 0x%, count # -> #",
       [](const Run& r, size_t step, const std::vector<int64_t>& n) {
         return kernel_checks_out(r, step, n, "kernel_data");
       }},
      {"items started #.# \xC2\xB5s\xE2\x80\x93#.# \xC2\xB5s (# items)", items_started},
      {"thread # stores the total", stored_by(0)},
      {"block #: *", block_at(0)},
      {"block #, the merge: *", block_at(0)},
      {"second launch, block #: *", block_at(0)},
  };
  return rules;
}

const std::vector<StepRule>& note_rules() {
  static const std::vector<StepRule> rules = {
      {"count holds # for # blocks*", count_holds()},
      {"Each block fences, then thread # takes a ticket with atomicAdd; only ticket # merges.*",
       [](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
         const Launch* l = run.launch(run.t.steps[step].launch);
         return first_of(
             {l ? differ("the last ticket", n[1], double(l->grid - 1)) : "the step belongs to no launch",
              in_code(0, "threadIdx.x == ")(run, step, n)});
       }},
      {"Threads #..# each combine r[i] with r[i + #]; the others wait at the barrier.", combine(0, 0, 2)},
      {"Threads #..# add r[t + #] into r[t].", combine(0, 0, 2)},
      {"Threads #..# each add r[i + #] into r[i]; the other threads only wait at the barrier.",
       combine(0, 0, 2)},
      {"In every warp, lanes #–# add r[lane + #].", combine(32, 0, 2)},
      {"In warp #, lanes #–# add r[lane + #].", combine(32, 1, 3, 0)},
      {"Lanes #–# add s[lane + #].", combine(32, 0, 2)},
      {"Thread i combines s[#i] with its right neighbour s[#i + #]; the order is kept.",
       pairs_of_thread(0, 1, 2)},
      {"Thread i combines s[#i] with s[#i+#] into a register, waits at the barrier, then stores it in s[i].",
       pairs_of_thread(0, 1, 2)},
      {"Lanes #, #, \xE2\x80\xA6, # set s[lane] = s[lane] \xC2\xB7 s[lane + #].", spaced_lanes(0, 1, 2, 3)},
      {"Every lane sets v = v \xC2\xB7 (the v of lane + #, received with __shfl_down_sync; a lane past # "
       "receives its own).",
       shuffle_down(0, 1)},
      {"Thread # stores the block's partial.", stored_by(0)},
      {"Thread # stores the block's partial; the block is done.", stored_by(0)},
      {"Thread # stores the sum of the partials in out[#].", stored_by(0, 1)},
      {"__threadfence(), then thread # takes a ticket with atomicAdd; *", in_code(0, "threadIdx.x == ")},
      {"Each block's thread # *", in_code(0, "threadIdx.x == ")},
      {"Block #'s thread # clears its own bit with ~(# << kid)*",
       all({in_code(0, "blockIdx.x == "), in_code(1, "threadIdx.x == "), in_code(2, "~(", " << kid)")})},
      {"Block #'s thread # *", all({in_code(0, "blockIdx.x == "), in_code(1, "threadIdx.x == ")})},
      {"The check-out as printed ANDs with -(# << kid)*", in_code(0, "-(", " << kid)")},
  };
  return rules;
}

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
  for (const EventRule& rule : event_rules()) {
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
      visit(WordKind::detail, si, size_t(0), s.detail, read_step(run, detail_rules(), si, s.detail, &passes));
    if (has_number(s.note))
      visit(WordKind::note, si, size_t(0), s.note, read_step(run, note_rules(), si, s.note, nullptr));
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
