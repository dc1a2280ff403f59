// The rules that read the recorders' step details and notes ("block 0: level 2 of 7, size 64",
// "Threads 0..63 each combine r[i] with r[i + 64]").
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "trace/words_rules.hpp"

namespace gridlock::trace::words {

namespace {
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

}  // namespace

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
      {"Every lane reads s[#].",
       [](const Run& run, size_t step, const std::vector<int64_t>& n) -> std::string {
         int64_t seen = 0;
         for (const Operation& o : run.t.steps[step].ops)
           if (o.op == Operator::copy)
             for (int64_t a : o.a) {
               if (a != n[0]) return "a lane reads item " + str(a);
               ++seen;
             }
         return seen > 0 ? "" : "the step reads nothing";
       }},
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

}  // namespace gridlock::trace::words
