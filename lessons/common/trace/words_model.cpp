// The rules that read the lockstep model's words (deadlock-lock's lockstep traces): where the warp
// stands, which lanes run, wait or take the lock, compared with the model's own state as each step
// snapshots it (the SIMT stack's pcs, active masks and reconvergence pcs, the lanes' registers and
// lock.state). The state before a step is the snapshot of the step before it; before the first,
// the model's start: one stack entry at pc 0 holding every lane, registers and memory zero.
//
// A set of lanes is written "lanes 1–31", "lanes 30, 31" or "lane 0" ("Lanes"/"Lane" to begin a
// sentence); a rule's phrase writes it {L} and is tried in each of the three forms. A verb after it
// ends in '*' ("take*": "take" or "takes"); since '*' could reach past the verb, a rule whose phrase
// begins like another's but says more comes before it.
#include <cmath>
#include <deque>
#include <set>
#include <string>
#include <type_traits>

#include "trace/words_rules.hpp"

namespace gridlock::trace::words {

namespace {

using Lanes = std::set<int64_t>;

// What a phrase said, slot by slot: a number, or a set of lanes.
struct Said {
  std::vector<int64_t> numbers;  // the slot's plain numbers, in order
  std::vector<Lanes> lanes;      // the slot's lane sets, in order
};

// The model's state after a step (or before the first).
struct State {
  std::vector<int64_t> pc, mask, reconverge;  // the stack, bottom first; -1: an unused entry
  int64_t depth() const {
    int64_t d = 0;
    while (d < int64_t(pc.size()) && pc[size_t(d)] >= 0) ++d;
    return d;
  }
  // Whether stack entry `entry` holds `lane`; a lane no warp has (a number read from the words,
  // which may be anything) is held by none.
  bool holds(size_t entry, int64_t lane) const {
    return lane >= 0 && lane < 64 && ((uint64_t(mask[entry]) >> lane) & 1u);
  }
  Lanes lanes_of(size_t entry) const {
    Lanes out;
    for (int64_t lane = 0; lane < 64; ++lane)
      if (holds(entry, lane)) out.insert(lane);
    return out;
  }
  Lanes active() const { return depth() > 0 ? lanes_of(size_t(depth() - 1)) : Lanes{}; }
  int64_t top_pc() const { return depth() > 0 ? pc[size_t(depth() - 1)] : -1; }
  // The pc a lane waits at: that of the nearest entry below the top that holds it; -1: none.
  int64_t waits_at(int64_t lane) const {
    for (int64_t e = depth() - 2; e >= 0; --e)
      if (holds(size_t(e), lane)) return pc[size_t(e)];
    return -1;
  }
};

// The whole-buffer snapshot of `name` that step `step` or the last one before it took; empty
// when none did.
std::vector<double> values_after(const Run& run, int64_t step, const std::string& name) {
  const Buffer* b = run.buffer_named(name);
  for (int64_t si = step; b && si >= 0; --si)
    for (const Snapshot& snap : run.t.steps[size_t(si)].snapshots)
      if (snap.buffer == b->id && snap.items.empty()) return snap.values;
  return {};
}

int64_t lane_count(const Run& run) {
  int64_t n = 0;
  for (const Track& t : run.t.tracks) n += t.kind == TrackKind::lane;
  return n;
}

// The state after step `step`; step -1 is the model's start.
bool state_after(const Run& run, int64_t step, State& s) {
  const auto ints = [](const std::vector<double>& v) { return std::vector<int64_t>(v.begin(), v.end()); };
  if (step < 0) {
    s.pc = {0};
    s.mask = {int64_t((uint64_t(1) << lane_count(run)) - 1)};
    s.reconverge = {-1};
    return true;
  }
  s.pc = ints(values_after(run, step, "stack: pc"));
  s.mask = ints(values_after(run, step, "stack: active mask"));
  s.reconverge = ints(values_after(run, step, "stack: reconvergence pc"));
  return !s.pc.empty() && s.pc.size() == s.mask.size();
}

// A lane's register (or a memory word, lane 0) after step `step`; 0 at the model's start.
double value_after(const Run& run, int64_t step, const std::string& name, int64_t lane = 0) {
  if (step < 0) return 0;
  const std::vector<double> v = values_after(run, step, name);
  return lane >= 0 && lane < int64_t(v.size()) ? v[size_t(lane)] : NAN;
}

std::string lanes_text(const Lanes& lanes) {
  if (lanes.empty()) return "no lane";
  if (lanes.size() == 1) return "lane " + str(*lanes.begin());
  return "lanes " + str(*lanes.begin()) + "–" + str(*lanes.rbegin()) + " (" + str(int64_t(lanes.size())) +
         ")";
}

std::string lanes_are(const char* what, const Lanes& said, const Lanes& actual) {
  return said == actual
             ? ""
             : std::string(what) + " read " + lanes_text(said) + " where the model has " + lanes_text(actual);
}

// ---- the judges --------------------------------------------------------------------------------

using ModelJudge = std::function<std::string(const Run&, int64_t step, const State& before,
                                             const State& after, const Said&)>;

// "pc 9: … · lanes 0–31 active · stack depth 1": the warp's pc, its active lanes and its stack
// before the instruction.
std::string instruction(const Run&, int64_t, const State& before, const State&, const Said& s) {
  return first_of({differ("the pc", s.numbers[0], double(before.top_pc())),
                   lanes_are("the active lanes", s.lanes[0], before.active()),
                   differ("the stack depth", s.numbers[1], double(before.depth()))});
}

// "Lanes 1–31 take the branch to pc 0.": the lanes that ran go on together at that pc.
std::string go_on(const Run&, int64_t, const State& before, const State& after, const Said& s) {
  return first_of({lanes_are("the lanes", s.lanes[0], before.active()),
                   lanes_are("the lanes that go on", s.lanes[0], after.active()),
                   differ("the pc they go on at", s.numbers[0], double(after.top_pc()))});
}

// "The warp diverges: lanes 1–31 take the branch to pc 1 while lane 0 waits at pc 10, the
// reconvergence point.": the first lanes run on at that pc, the others wait at the other.
std::string diverge(const Run&, int64_t, const State& before, const State& after, const Said& s) {
  Lanes both = s.lanes[0];
  both.insert(s.lanes[1].begin(), s.lanes[1].end());
  std::string problem = first_of({lanes_are("the lanes of the branch", both, before.active()),
                                  lanes_are("the lanes that go on", s.lanes[0], after.active()),
                                  differ("the pc they go on at", s.numbers[0], double(after.top_pc()))});
  for (int64_t lane : s.lanes[1])
    if (problem.empty())
      problem = differ("the pc a lane waits at", s.numbers[1], double(after.waits_at(lane)));
  return problem;
}

// "Lane 0 gives the lock back: atomicExch writes 0."
std::string give_back(const Run& run, int64_t step, const State& before, const State&, const Said& s) {
  return first_of({lanes_are("the lanes", s.lanes[0], before.active()),
                   differ("the value written", s.numbers[0], value_after(run, step, "lock.state"))});
}

// "Lane 0 takes the lock: atomicCAS reads 0 and writes 1; lanes 1–31 find it taken: atomicCAS
// reads 1 and writes nothing." Either half may stand alone.
ModelJudge compare_and_swap(bool winner, bool losers) {
  return [=](const Run& run, int64_t step, const State& before, const State&, const Said& s) -> std::string {
    Lanes all;
    for (const Lanes& l : s.lanes) all.insert(l.begin(), l.end());
    std::string problem = lanes_are("the lanes", all, before.active());
    size_t n = 0, l = 0;
    if (winner) {
      for (int64_t lane : s.lanes[l])
        problem = first_of(
            {problem, differ("what atomicCAS read", s.numbers[n], value_after(run, step, "old", lane))});
      problem = first_of(
          {problem, differ("what atomicCAS wrote", s.numbers[n + 1], value_after(run, step, "lock.state"))});
      n += 2;
      ++l;
    }
    if (losers)
      for (int64_t lane : s.lanes[l])
        problem = first_of(
            {problem, differ("what atomicCAS read", s.numbers[n], value_after(run, step, "old", lane))});
    return problem;
  };
}

// "Lane 0 runs done = 1." and what the path does next ("; the path ends at its reconvergence
// point, where lanes 0–31 go on at pc 9").
ModelJudge set_done(bool path_ends) {
  return [=](const Run& run, int64_t step, const State& before, const State& after,
             const Said& s) -> std::string {
    std::string problem = lanes_are("the lanes", s.lanes[0], before.active());
    for (int64_t lane : s.lanes[0])
      problem = first_of({problem, differ("done", s.numbers[0], value_after(run, step, "done", lane))});
    if (!path_ends) return problem;
    return first_of({problem, lanes_are("the lanes that go on", s.lanes[1], after.active()),
                     differ("the pc they go on at", s.numbers[1], double(after.top_pc()))});
  };
}

// "Lane 31 goes on at pc 10; the path ends at its reconvergence point, where lanes 0–31 go on at
// pc 10."
std::string reach_reconvergence(const Run&, int64_t, const State& before, const State& after, const Said& s) {
  return first_of({lanes_are("the lanes", s.lanes[0], before.active()),
                   differ("the pc the lane goes on at", s.numbers[0], double(after.top_pc())),
                   lanes_are("the lanes that go on", s.lanes[1], after.active()),
                   differ("the pc they go on at", s.numbers[1], double(after.top_pc()))});
}

// "Lane 0 runs value = value + 1.": the lane's register rose by the constant.
std::string add_constant(const Run& run, int64_t step, const State& before, const State&, const Said& s) {
  std::string problem = lanes_are("the lanes", s.lanes[0], before.active());
  for (int64_t lane : s.lanes[0])
    problem = first_of(
        {problem, differ("the constant added", s.numbers[0],
                         value_after(run, step, "value", lane) - value_after(run, step - 1, "value", lane))});
  return problem;
}

// Instructions whose words name no number but their lanes: a load, a store, the exit.
std::string lanes_ran(const Run&, int64_t, const State& before, const State&, const Said& s) {
  return lanes_are("the lanes", s.lanes[0], before.active());
}

// ---- phrases with lane sets ----------------------------------------------------------------------

// One form of {L}: its text and how many numbers it holds.
struct LaneForm {
  const char* text;
  const char* capital;
  int numbers;  // 1: one lane; 2: a range (a–b) or a pair (a, b)
  bool range;
};
const LaneForm kForms[] = {{"lanes #\xE2\x80\x93#", "Lanes #\xE2\x80\x93#", 2, true},
                           {"lanes #, #", "Lanes #, #", 2, false},
                           {"lane #", "Lane #", 1, false}};

struct ModelRule {
  const char* phrase;  // with {L} for each set of lanes
  ModelJudge judge;
};

// Every phrase a model rule stands for, with a judge that reads its numbers into lane sets and
// plain numbers. The phrases' text is kept for the life of the program.
template <typename Rule>
std::vector<Rule> expand(const std::vector<ModelRule>& rules) {
  static std::deque<std::string> texts;
  std::vector<Rule> out;
  for (const ModelRule& rule : rules) {
    std::vector<size_t> slots;  // where each {L} stands
    const std::string p = rule.phrase;
    for (size_t at = p.find("{L}"); at != std::string::npos; at = p.find("{L}", at + 1)) slots.push_back(at);
    size_t variants = 1;
    for (size_t k = 0; k < slots.size(); ++k) variants *= std::size(kForms);
    for (size_t v = 0; v < variants; ++v) {
      std::vector<const LaneForm*> forms;
      std::vector<int> owner;  // for each '#' of the phrase: the lane set it belongs to, or -1
      const auto plain = [&owner](const std::string& piece) {
        for (char c : piece)
          if (c == '#') owner.push_back(-1);
      };
      std::string text;
      size_t from = 0, code = v;
      for (size_t at : slots) {
        const LaneForm* f = &kForms[code % std::size(kForms)];
        code /= std::size(kForms);
        plain(p.substr(from, at - from));
        text += p.substr(from, at - from) + (at == 0 ? f->capital : f->text);
        for (int k = 0; k < f->numbers; ++k) owner.push_back(int(forms.size()));
        forms.push_back(f);
        from = at + 3;
      }
      plain(p.substr(from));
      text += p.substr(from);
      texts.push_back(text);
      auto judge = [forms, owner, j = rule.judge](const Run& run, size_t step,
                                                  const std::vector<int64_t>& n) {
        Said said;
        for (size_t k = 0; k < owner.size() && k < n.size(); ++k) {
          if (owner[k] < 0) {
            said.numbers.push_back(n[k]);
            continue;
          }
          const LaneForm* f = forms[size_t(owner[k])];
          Lanes lanes;
          if (f->numbers == 1)
            lanes.insert(n[k]);
          else if (!f->range)
            lanes = {n[k], n[k + 1]};
          else if (n[k + 1] - n[k] >= 64)
            lanes.insert(-1);  // no warp has that many lanes
          else
            for (int64_t l = n[k]; l <= n[k + 1]; ++l) lanes.insert(l);
          said.lanes.push_back(lanes);
          k += size_t(f->numbers - 1);
        }
        State before, after;
        if (!state_after(run, int64_t(step) - 1, before) || !state_after(run, int64_t(step), after))
          return std::string("the step snapshots no SIMT stack");
        return j(run, int64_t(step), before, after, said);
      };
      const std::string& phrase = texts.back();
      if constexpr (std::is_same_v<Rule, StepRule>)
        out.push_back({phrase.c_str(), judge});
      else
        out.push_back(
            {phrase.c_str(), [judge](const Run& run, const Event& e, const std::vector<int64_t>& n) {
               return judge(run, run.step_index_of(e), n);
             }});
    }
  }
  return out;
}

// The pc a lane track's or the warp track's event names is where the warp stood before the step;
// a lane that runs it is among the active ones.
std::string runs_at(const Run& run, const Event& e, const std::vector<int64_t>& n) {
  const int64_t step = int64_t(run.step_index_of(e));
  State before;
  if (!state_after(run, step - 1, before)) return "the step snapshots no SIMT stack";
  const Track* t = run.track(e.track);
  if (t && t->kind == TrackKind::lane && !before.active().count(t->lane))
    return "lane " + str(int64_t(t->lane)) + " is not active then";
  return differ("the pc", n[0], double(before.top_pc()));
}

// "wait at pc 9": the lane is not active, and the nearest stack entry below the top that holds it
// is at that pc.
std::string waits_at(const Run& run, const Event& e, int64_t said) {
  const int64_t step = int64_t(run.step_index_of(e));
  State before;
  if (!state_after(run, step - 1, before)) return "the step snapshots no SIMT stack";
  const Track* t = run.track(e.track);
  if (!t || t->kind != TrackKind::lane) return "it is not on a lane's track";
  if (before.active().count(t->lane)) return "lane " + str(int64_t(t->lane)) + " is active then";
  return differ("the pc the lane waits at", said, double(before.waits_at(t->lane)));
}

}  // namespace

const std::vector<EventRule>& model_event_rules() {
  static const std::vector<EventRule> rules = {
      // The instruction's text after the pc is the program's (the trace's model source).
      {"pc #: *", runs_at},
      {"wait at pc #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) { return waits_at(r, e, n[0]); }},
      {"lane # holds the lock and waits at pc #",
       [](const Run& r, const Event& e, const std::vector<int64_t>& n) {
         const Track* t = r.track(e.track);
         if (!t) return std::string("its track is not declared");
         return first_of({differ("the lane", n[0], t->lane), waits_at(r, e, n[1])});
       }},
  };
  return rules;
}

const std::vector<StepRule>& model_detail_rules() {
  // The instruction's text between the pc and the lanes is the program's.
  static const std::vector<StepRule> rules = expand<StepRule>({
      {"pc #: * \xC2\xB7 {L} active \xC2\xB7 stack depth #", instruction},
  });
  return rules;
}

const std::vector<StepRule>& model_note_rules() {
  static const std::vector<StepRule> rules = expand<StepRule>({
      {"The warp diverges: {L} take* the branch to pc # while {L} wait* at pc #, the reconvergence point.",
       diverge},
      {"The warp diverges: {L} go* on at pc # while {L} wait* at pc #, the reconvergence point.", diverge},
      {"{L} go* on at pc #; the path ends at its reconvergence point, where {L} go on at pc #.",
       reach_reconvergence},
      {"{L} take* the branch to pc #.", go_on},
      {"{L} go* on at pc #.", go_on},
      {"{L} give* the lock back: atomicExch writes #.", give_back},
      {"{L} take* the lock: atomicCAS reads # and writes #; {L} find* it taken: atomicCAS reads # and writes "
       "nothing.",
       compare_and_swap(true, true)},
      {"{L} take* the lock: atomicCAS reads # and writes #.", compare_and_swap(true, false)},
      {"{L} find* the lock taken: atomicCAS reads # and writes nothing.", compare_and_swap(false, true)},
      {"{L} run* done = #; the path ends at its reconvergence point, where {L} go on at pc #.",
       set_done(true)},
      {"{L} run* done = #.", set_done(false)},
      {"{L} run* value = value + #.", add_constant},
      {"{L} run* value = *count.", lanes_ran},
      {"{L} run* *count = value.", lanes_ran},
      {"{L} leave* the kernel.", lanes_ran},
  });
  return rules;
}

}  // namespace gridlock::trace::words
