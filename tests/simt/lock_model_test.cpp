// L3's kernels in the lockstep model: the documented kernel deadlocks with lane 0 holding the lock
// at the reconvergence point while lanes 1–31 spin, the lock inside the loop completes, the
// transcription names the kernel's phases and source, and the traces pass the trace checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <tuple>

#include "locks/deadlock-lock/model/findings.hpp"
#include "locks/deadlock-lock/model/lock_trace.hpp"
#include "simt/trace_steps.hpp"

namespace simt = gridlock::simt;
namespace tr = gridlock::trace;
using simt::kAllLanes;

namespace {

constexpr int64_t kBound = 10000;

std::string read_text(const std::string& path_in_repo) {
  std::ifstream in(std::string(GRIDLOCK_SOURCE_DIR) + "/" + path_in_repo, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

tr::Source source(const std::string& path_in_repo) {
  const std::string text = read_text(path_in_repo);
  return {path_in_repo, text, tr::source_hash(text)};
}

const std::string kKernels = "lessons/locks/deadlock-lock/kernels.cuh";

}  // namespace

TEST(LockModel, EveryThreadTakingTheLockDeadlocksWithTheWinnerWaiting) {
  const l3::model::LockRun run = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kBound);
  const simt::RunResult& r = run.recording.result;
  ASSERT_EQ(r.outcome, simt::Outcome::deadlocked);
  EXPECT_EQ(r.cycle_start, 2);   // after the first atomicCAS and the divergent branch
  EXPECT_EQ(r.cycle_length, 2);  // atomicCAS, branch back
  EXPECT_EQ(r.instructions, 4);
  EXPECT_EQ(run.acquisitions, std::vector<int>{0});
  EXPECT_EQ(run.holder_after.back(), 0);
  EXPECT_EQ(run.count(), 0);
  const auto& stack = run.recording.final_stack();
  EXPECT_EQ(stack, (std::vector<simt::StackEntry>{{2, kAllLanes, -1}, {0, ~1u, 2}}));
  const std::vector<simt::WaitingLanes> waiting = simt::waiting_lanes(stack, 0);
  ASSERT_EQ(waiting.size(), 1u);
  EXPECT_EQ(waiting[0].pc, 2);
  EXPECT_EQ(waiting[0].lanes, 1u);
}

TEST(LockModel, TheLockInsideTheLoopCompletesWithEachLaneOnceInLaneOrder) {
  const l3::model::LockRun run = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kBound);
  ASSERT_EQ(run.recording.result.outcome, simt::Outcome::completed);
  EXPECT_EQ(run.recording.result.instructions, 197);
  EXPECT_EQ(run.count(), 1);
  std::vector<int> lane_order(simt::kLanes);
  std::iota(lane_order.begin(), lane_order.end(), 0);
  EXPECT_EQ(run.acquisitions, lane_order);
  EXPECT_EQ(run.holder_after.back(), -1);
  size_t deepest = 0;  // the loop's entry, the if's reconvergence entry, the winner's path
  for (const simt::Tick& tick : run.recording.ticks) deepest = std::max(deepest, tick.stack.size());
  EXPECT_EQ(deepest, 3u);
}

TEST(LockModel, TheFindingsConfirmBothClaims) {
  const l3::model::LockRun every = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kBound);
  const l3::model::LockRun inside = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kBound);
  const l3::model::Findings f = l3::model::find(every, inside);
  ASSERT_EQ(f.claims.size(), 2u);
  EXPECT_EQ(f.claims[0].id, "L3.deadlock");
  EXPECT_EQ(f.claims[0].verdict, tr::Verdict::confirmed) << f.claims[0].measurement;
  EXPECT_EQ(f.claims[1].id, "L3.inside-the-loop");
  EXPECT_EQ(f.claims[1].verdict, tr::Verdict::confirmed) << f.claims[1].measurement;
  EXPECT_TRUE(f.as_expected);
}

// Each trace states its own run's numbers, each from what the trace holds: the series of the run,
// the last step's snapshots, the parameters. Only the outcome, a word, is text alone.
TEST(LockModel, EachTraceTakesItsRunsFactsFromWhatItHolds) {
  const l3::model::LockRun every = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kBound);
  const l3::model::LockRun inside = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kBound);
  const l3::model::Findings f = l3::model::find(every, inside);
  l3::model::TraceHeader header{"title", "lockstep", {source(kKernels)}, "", kBound, "lockstep"};
  const tr::Trace dead = l3::model::lock_trace(every, header, f);
  header.facts_of = "inside-the-loop";
  const tr::Trace loop = l3::model::lock_trace(inside, header, f);

  using K = tr::FactKind;
  const std::map<std::string, std::pair<std::string, K>> dead_facts = {
      {"model.step_bound", {"10000", K::parameter}},
      {"lockstep.instructions", {"4", K::series_count}},
      {"lockstep.count", {"0", K::snapshot_value}},
      {"lockstep.cycle_from", {"3", K::series_value}},
      {"lockstep.cycle_length", {"2", K::series_count}},
      {"lockstep.cycle_pcs", {"0\u20131", K::series_range}},
      {"lockstep.holder", {"0", K::series_value}},
      {"lockstep.holder_waits_at", {"2", K::snapshot_value}},
      {"lockstep.spinning", {"1\u201331", K::series_range}}};
  const std::map<std::string, std::pair<std::string, K>> loop_facts = {
      {"model.step_bound", {"10000", K::parameter}},
      {"inside-the-loop.instructions", {"197", K::series_count}},
      {"inside-the-loop.count", {"1", K::snapshot_value}},
      {"inside-the-loop.acquisitions", {"32", K::series_count}},
      {"inside-the-loop.order", {"0\u201331", K::series_range}}};
  for (const auto& [t, expected, outcome] : {std::tuple{&dead, &dead_facts, "lockstep.outcome"},
                                             {&loop, &loop_facts, "inside-the-loop.outcome"}}) {
    EXPECT_EQ(t->facts.size(), expected->size() + 1) << "each trace states its own run's facts only";
    EXPECT_EQ(t->fact_values.count(outcome), 0u) << outcome << " is a word";
    for (const auto& [key, text_and_kind] : *expected) {
      ASSERT_TRUE(t->fact_values.count(key)) << key;
      EXPECT_EQ(t->facts.at(key), text_and_kind.first) << key;
      EXPECT_EQ(t->fact_values.at(key).kind, text_and_kind.second) << key;
    }
    EXPECT_EQ(tr::check_truth(*t), std::vector<std::string>{});
  }
  EXPECT_EQ(dead.facts.at("lockstep.outcome"), "deadlocked");
  EXPECT_EQ(loop.facts.at("inside-the-loop.outcome"), "completed");
}

TEST(LockModel, EveryInstructionNamesAPhaseAndTheSourceOfTheKernel) {
  const std::string kernels = read_text(kKernels);
  const std::string locks = read_text("lessons/locks/common/locks.cuh");
  ASSERT_FALSE(kernels.empty());
  for (const l3::model::LockKernel& k :
       {l3::model::every_thread_kernel(), l3::model::inside_the_loop_kernel()}) {
    EXPECT_NE(kernels.find(k.name), std::string::npos) << k.name;
    for (const simt::Instruction& i : k.program) {
      EXPECT_NE(tr::find_phase_lines(kernels, i.phase).begin, 0) << i.phase;
      const bool quoted =
          kernels.find(i.source) != std::string::npos || locks.find(i.source) != std::string::npos;
      EXPECT_TRUE(quoted) << "\"" << i.source << "\" is in neither kernels.cuh nor locks.cuh";
    }
  }
}

TEST(LockModel, BothTracesPassTheTraceChecks) {
  const l3::model::LockRun every = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kBound);
  const l3::model::LockRun inside = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kBound);
  const l3::model::Findings f = l3::model::find(every, inside);
  const l3::model::TraceHeader header{
      "title", "lockstep", {source(kKernels), source(l3::model::kProgramsFile)}, "2026-01-01T00:00:00Z",
      kBound,  ""};
  for (const auto& [run, facts_of] : {std::pair{&every, "lockstep"}, {&inside, "inside-the-loop"}}) {
    l3::model::TraceHeader own = header;
    own.facts_of = facts_of;
    const tr::Trace t = l3::model::lock_trace(*run, own, f);
    // The run's final count is a fact with its origin: the last step's snapshot of *count.
    const std::string count = std::string(facts_of) + ".count";
    ASSERT_TRUE(t.fact_values.count(count)) << count;
    EXPECT_EQ(t.fact_values.at(count).value, double(run->count()));
    EXPECT_EQ(t.fact_values.at(count).step, int(t.steps.size()) - 1);
    EXPECT_EQ(tr::validate(t), std::vector<std::string>{});
    EXPECT_EQ(tr::check_truth(t), std::vector<std::string>{});
    EXPECT_EQ(t.steps.size(), size_t(run->recording.result.instructions));
    EXPECT_EQ(t.producer.kind, tr::ProducerKind::model);
  }
}

TEST(LockModel, TheDeadlockTraceShowsTheWinnerHoldingTheLockWhileItWaits) {
  const l3::model::LockRun every = l3::model::run_lock_kernel(l3::model::every_thread_kernel(), kBound);
  const l3::model::LockRun inside = l3::model::run_lock_kernel(l3::model::inside_the_loop_kernel(), kBound);
  const l3::model::TraceHeader header{"title", "lockstep", {source(kKernels)}, "", kBound, "lockstep"};
  const tr::Trace t = l3::model::lock_trace(every, header, l3::model::find(every, inside));
  std::vector<std::pair<std::string, tr::Category>> lane0, lane1;
  for (const tr::Step& s : t.steps)
    for (const tr::Event& e : s.events)
      if (e.kind == tr::EventKind::slice_begin && e.track == simt::lane_track(0))
        lane0.push_back({e.name, e.category});
      else if (e.kind == tr::EventKind::slice_begin && e.track == simt::lane_track(1))
        lane1.push_back({e.name, e.category});
  const std::vector<std::pair<std::string, tr::Category>> expected0 = {
      {"pc 0: old = atomicCAS(lock.state, 0, 1)", tr::Category::critical},
      {"holds the lock", tr::Category::critical},
      {"pc 1: if (old != 0) go to pc 0, reconverge at pc 2", tr::Category::critical},
      {"wait at pc 2", tr::Category::wait},
      {"wait at pc 2", tr::Category::wait}};
  EXPECT_EQ(lane0, expected0);
  for (const auto& slice : lane1) EXPECT_EQ(slice.second, tr::Category::spin) << slice.first;
  EXPECT_EQ(t.steps[1].note,
            "The warp diverges: lanes 1\u201331 take the branch to pc 0 while lane 0 waits at pc 2, the "
            "reconvergence point.");
}
