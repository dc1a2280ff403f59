// L3's claims put to the model: the documented kernel must deadlock for the documented reason (the
// lane holding the lock waits at the reconvergence point while its warp-mates spin), and the kernel
// with the critical section inside the spin loop must complete.
#include "findings.hpp"

#include <algorithm>
#include <numeric>
#include <set>

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
  int holder_waits_at = -1;  // -1: the holder is not waiting
  std::vector<int> cycle_pcs;
};

Standstill standstill(const LockRun& run) {
  const simt::Recording& rec = run.recording;
  Standstill s;
  s.holder = run.holder_after.empty() ? -1 : run.holder_after.back();
  const auto& stack = rec.final_stack();
  if (!stack.empty()) s.spinning = stack.back().mask & ~rec.final_warp().exited;
  for (const simt::WaitingLanes& w : simt::waiting_lanes(stack, rec.final_warp().exited))
    if (s.holder >= 0 && simt::has_lane(w.lanes, s.holder)) s.holder_waits_at = w.pc;
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

tr::Claim deadlock_claim(const LockRun& run, Findings& f) {
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
  f.facts["lockstep.cycle_from"] = std::to_string(r.cycle_start + 1);
  f.facts["lockstep.cycle_length"] = instructions_text(r.cycle_length);
  f.facts["lockstep.cycle_pcs"] = pcs_text(s.cycle_pcs);
  f.facts["lockstep.holder"] = "lane " + std::to_string(s.holder);
  f.facts["lockstep.holder_waits_at"] = "pc " + std::to_string(s.holder_waits_at);
  f.facts["lockstep.spinning"] = simt::lanes_text(s.spinning);
  return c;
}

bool each_lane_once(std::vector<int> lanes) {
  std::sort(lanes.begin(), lanes.end());
  std::vector<int> all(simt::kLanes);
  std::iota(all.begin(), all.end(), 0);
  return lanes == all;
}

tr::Claim inside_the_loop_claim(const LockRun& run, Findings& f) {
  const simt::RunResult& r = run.recording.result;
  tr::Claim c{
      "L3.inside-the-loop", "With the critical section inside the spin loop the same warp completes.",
      tr::Verdict::contradicted, "",
      "The lane that takes the lock counts and gives it back within the same pass of the loop, before the "
      "warp reconverges at the loop's end, so no lane waits at a reconvergence point while it holds the "
      "lock. " +
          std::string(kModelled)};
  const std::string order = simt::ranges_text(run.acquisitions);
  f.facts["inside-the-loop.acquisitions"] = std::to_string(run.acquisitions.size());
  f.facts["inside-the-loop.order"] = order;
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

Findings find(const LockRun& every_thread, const LockRun& inside_the_loop, int64_t step_bound) {
  Findings f;
  f.facts["model.step_bound"] = instructions_text(step_bound);
  f.facts["lockstep.outcome"] = simt::to_string(every_thread.recording.result.outcome);
  f.facts["lockstep.instructions"] = std::to_string(every_thread.recording.result.instructions);
  f.facts["lockstep.count"] = std::to_string(every_thread.count());
  f.facts["inside-the-loop.outcome"] = simt::to_string(inside_the_loop.recording.result.outcome);
  f.facts["inside-the-loop.instructions"] = std::to_string(inside_the_loop.recording.result.instructions);
  f.facts["inside-the-loop.count"] = std::to_string(inside_the_loop.count());
  f.claims = {deadlock_claim(every_thread, f), inside_the_loop_claim(inside_the_loop, f)};
  f.as_expected = std::all_of(f.claims.begin(), f.claims.end(),
                              [](const tr::Claim& c) { return c.verdict == tr::Verdict::confirmed; });
  return f;
}

}  // namespace l3::model
