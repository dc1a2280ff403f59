// L3's claims put to the model: the documented kernel must deadlock for the documented reason (the
// lane holding the lock waits at the reconvergence point while its warp-mates spin), and the kernel
// with the critical section inside the spin loop must complete. Each run's facts are taken from
// its own trace.
#include "findings.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "simt/trace_values.hpp"

namespace l3::model {
namespace {

namespace simt = gridlock::simt;
namespace tr = gridlock::trace;

const char* kModelled =
    "A property of the model of the pre-Volta lockstep scheduler, not a measurement on a GPU: "
    "CUDA 13 cannot build for that scheduler any more. Volta and later GPUs schedule the lanes of a warp "
    "independently, which this model leaves out.";

std::string instructions_text(int64_t n) {
  return std::to_string(n) + (n == 1 ? " instruction" : " instructions");
}

// How a run ended, for a run that did not end as the claim says.
std::string ending(const simt::RunResult& r) {
  if (r.outcome == simt::Outcome::completed)
    return "the warp completed after " + instructions_text(r.instructions);
  if (r.outcome == simt::Outcome::deadlocked)
    return "the warp deadlocked: the state after instruction " + std::to_string(r.cycle_start) +
           " repeats every " + instructions_text(r.cycle_length);
  return "the warp neither completed nor repeated a state within " + instructions_text(r.instructions);
}

// The lanes spinning and the lanes waiting when a run stopped, and where.
struct Standstill {
  int holder = -1;
  uint32_t spinning = 0;
  int holder_entry = -1;     // the stack entry (0: the bottom) the holder waits in; -1: it does not wait
  int holder_waits_at = -1;  // that entry's pc; -1: the holder is not waiting
  std::vector<int> cycle_pcs;
};

Standstill standstill(const LockRun& run) {
  const simt::Recording& rec = run.recording;
  Standstill s;
  s.holder = run.holder_after.empty() ? -1 : run.holder_after.back();
  const auto& stack = rec.final_stack();
  if (!stack.empty()) s.spinning = stack.back().mask & ~rec.final_warp().exited;
  // A lane waits in the highest entry that holds it, when that entry is not the top one (the top's
  // lanes are the ones running).
  for (int entry = int(stack.size()) - 1; s.holder >= 0 && entry >= 0; --entry)
    if (simt::has_lane(stack[size_t(entry)].mask, s.holder)) {
      if (entry + 1 < int(stack.size())) s.holder_entry = entry, s.holder_waits_at = stack[size_t(entry)].pc;
      break;
    }
  std::set<int> pcs;
  for (size_t tick = static_cast<size_t>(std::max<int64_t>(rec.result.cycle_start, 0));
       tick < rec.ticks.size(); ++tick)
    pcs.insert(rec.ticks[tick].issue.pc);
  s.cycle_pcs.assign(pcs.begin(), pcs.end());
  return s;
}

std::string pcs_text(const std::vector<int>& pcs) {
  return (pcs.size() == 1 ? "pc " : "pcs ") + simt::ranges_text(pcs);
}

// Whether `listed` is min, min + 1, ..., max, each once and in that order: what a range ("1–31")
// says of numbers listed in order.
bool consecutive(const std::vector<int>& listed) {
  for (size_t i = 1; i < listed.size(); ++i)
    if (listed[i] != listed[i - 1] + 1) return false;
  return !listed.empty();
}

// A set of lanes or pcs as a fact: the least to the greatest value of `series`, which check_facts
// recomputes, where `listed` (the same numbers, in the order the fact means) runs without a gap or
// a step back; otherwise the numbers as text ("0, 2–5, 9"), which a range would misstate.
void set_range_fact(tr::Trace& t, const std::string& key, int series, const std::vector<int>& listed) {
  if (consecutive(listed))
    tr::set_fact(t, key, tr::series_range_fact(t, series));
  else
    t.facts[key] = simt::ranges_text(listed);
}

tr::Claim deadlock_claim(const LockRun& run) {
  const simt::RunResult& r = run.recording.result;
  const Standstill s = standstill(run);
  tr::Claim c{
      "L3.deadlock",
      "Every thread of every block taking the lock deadlocks, because the lanes of a warp run in lockstep.",
      tr::Verdict::contradicted, "", kModelled};
  const bool holder_waits = s.holder >= 0 && s.holder_waits_at >= 0;
  if (r.outcome != simt::Outcome::deadlocked || !holder_waits) {
    c.measurement = "in the model of the lockstep scheduler (one warp of 32 lanes), " + ending(r) + ".";
    return c;
  }
  c.verdict = tr::Verdict::confirmed;
  c.measurement =
      "in the model of the lockstep scheduler (one warp of 32 lanes): the state after instruction " +
      std::to_string(r.cycle_start) + " comes back after instruction " + std::to_string(r.instructions) +
      ", so from instruction " + std::to_string(r.cycle_start + 1) + " on the warp repeats the same " +
      instructions_text(r.cycle_length) + " (" + pcs_text(s.cycle_pcs) + ") forever: lane " +
      std::to_string(s.holder) + " holds the lock and waits at pc " + std::to_string(s.holder_waits_at) +
      ", the reconvergence point after the spin loop, while " + simt::lanes_text(s.spinning) +
      " spin; *count stays " + std::to_string(run.count()) + ".";
  return c;
}

bool each_lane_once(std::vector<int> lanes) {
  std::sort(lanes.begin(), lanes.end());
  std::vector<int> all(simt::kLanes);
  std::iota(all.begin(), all.end(), 0);
  return lanes == all;
}

tr::Claim inside_the_loop_claim(const LockRun& run) {
  const simt::RunResult& r = run.recording.result;
  tr::Claim c{
      "L3.inside-the-loop", "With the critical section inside the spin loop the same warp completes.",
      tr::Verdict::contradicted, "",
      "The lane that takes the lock counts and gives it back within the same pass of the loop, before the "
      "warp reconverges at the loop's end, so no lane waits at a reconvergence point while it holds the "
      "lock. " +
          std::string(kModelled)};
  const std::string order = simt::ranges_text(run.acquisitions);
  if (r.outcome != simt::Outcome::completed || run.count() != 1 || !each_lane_once(run.acquisitions)) {
    c.measurement = "in the same model, " + ending(r) + "; *count = " + std::to_string(run.count()) +
                    ", lanes took the lock in the order " + order + ".";
    return c;
  }
  c.verdict = tr::Verdict::confirmed;
  c.measurement =
      "in the same model the warp completes after " + instructions_text(r.instructions) +
      "; *count = 1, as the kernel's contract promises for one block; each of the 32 lanes took the "
      "lock once, in the order " +
      order + ".";
  return c;
}

}  // namespace

Findings find(const LockRun& every_thread, const LockRun& inside_the_loop) {
  Findings f;
  f.claims = {deadlock_claim(every_thread), inside_the_loop_claim(inside_the_loop)};
  f.as_expected = std::all_of(f.claims.begin(), f.claims.end(),
                              [](const tr::Claim& c) { return c.verdict == tr::Verdict::confirmed; });
  return f;
}

void add_run_facts(const LockRun& run, const std::string& facts_of, tr::Trace& t) {
  const simt::Recording& rec = run.recording;
  const simt::RunResult& r = rec.result;
  const std::string key = facts_of + ".";
  tr::set_fact(t, "model.step_bound", tr::parameter_fact(t, "step_bound"));
  t.facts[key + "outcome"] = simt::to_string(r.outcome);

  // One value per instruction the warp issued: the histogram shows where the run spent its time.
  std::vector<double> issued;
  for (const simt::Tick& tick : rec.ticks) issued.push_back(tick.issue.pc);
  const int pcs = tr::add_series(t, {"pc of each instruction issued", "pc", issued, false, 0});
  tr::set_fact(t, key + "instructions", tr::series_count_fact(t, pcs));

  // The final *count: the last step's snapshot of it (a memory word's buffer has the word's index).
  const int last_step = int(t.steps.size()) - 1;
  tr::set_fact(t, key + "count", tr::snapshot_value_fact(t, last_step, rec.start.word_index(kCountWord), 0));

  const int takers =
      run.acquisitions.empty()
          ? -1
          : tr::add_series(t,
                           {"lanes in the order they took the lock", "lane",
                            std::vector<double>(run.acquisitions.begin(), run.acquisitions.end()), false, 0});

  const Standstill s = standstill(run);
  if (r.outcome == simt::Outcome::deadlocked && s.holder >= 0 && s.holder_entry >= 0) {
    // The instructions that repeat forever: those after the state that comes back.
    std::vector<double> repeating, repeating_pcs;
    for (auto tick = size_t(r.cycle_start); tick < rec.ticks.size(); ++tick) {
      repeating.push_back(double(tick + 1));
      repeating_pcs.push_back(rec.ticks[tick].issue.pc);
    }
    const int cycle =
        tr::add_series(t, {"instructions that repeat forever", "instruction", repeating, false, 0});
    tr::set_fact(t, key + "cycle_from", tr::series_value_fact(t, cycle, 0, false));
    tr::set_fact(t, key + "cycle_length", tr::series_count_fact(t, cycle));
    const int cycle_pcs =
        tr::add_series(t, {"pc of each instruction that repeats forever", "pc", repeating_pcs, false, 0});
    set_range_fact(t, key + "cycle_pcs", cycle_pcs, s.cycle_pcs);
    // The lane holding the lock is the last that took it.
    tr::set_fact(t, key + "holder",
                 tr::series_value_fact(t, takers, int64_t(run.acquisitions.size()) - 1, false));
    // The pc it waits at: that of its stack entry, as the last step's snapshot of the stack holds it.
    tr::set_fact(t, key + "holder_waits_at",
                 tr::snapshot_value_fact(t, last_step, simt::TraceLayout(rec).stack_pc(), s.holder_entry));
    const std::vector<int> spinning = simt::lanes_of(s.spinning);
    const int spinners = tr::add_series(t, {"lanes that spin forever", "lane",
                                            std::vector<double>(spinning.begin(), spinning.end()), false, 0});
    set_range_fact(t, key + "spinning", spinners, spinning);
  }
  if (r.outcome == simt::Outcome::completed && !run.acquisitions.empty()) {
    tr::set_fact(t, key + "acquisitions", tr::series_count_fact(t, takers));
    set_range_fact(t, key + "order", takers, run.acquisitions);
  }
}

}  // namespace l3::model
