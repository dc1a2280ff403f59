// The explorer: the outcome sets the model allows for the lessons' kernels (the four memory-model
// tests among them), what each of the model's rules makes reachable, the search's completeness,
// and that every instruction names a line of the real kernel that holds its code.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "explore/kernels.hpp"
#include "explore/ptx.hpp"

namespace ex = gridlock::explore;

namespace {

struct Search {
  std::set<std::string> outcomes;
  bool complete = false;
  int64_t states = 0;
  std::vector<ex::Outcome> details;
};

Search explore(const std::string& kernel, ex::Placement placement, ex::Bounds bounds = {},
               int64_t slice = 1 << 20, int lanes = 0) {
  const ex::ModelKernel k = ex::model_kernel(kernel, placement.blocks(), lanes);
  ex::Explorer explorer(ex::Machine(k.program, placement), k.outcome, bounds);
  while (!explorer.advance(slice)) {
  }
  Search run;
  for (const ex::Outcome& o : explorer.outcomes()) run.outcomes.insert(o.label);
  run.complete = explorer.complete();
  run.states = explorer.states();
  run.details = explorer.outcomes();
  return run;
}

bool any_with(const std::set<std::string>& outcomes, const std::string& part) {
  for (const std::string& o : outcomes)
    if (o.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Explore, RacyCounterLosesAnUpdateTheAtomicDoesNot) {
  const Search plain = explore("racy-counter", ex::spread(2, 2));
  EXPECT_TRUE(plain.complete);
  EXPECT_EQ(plain.outcomes, (std::set<std::string>{"count = 1: 1 update lost", "count = 2: exact"}));
  const Search atomic = explore("racy-counter-atomic", ex::spread(2, 2));
  EXPECT_TRUE(atomic.complete);
  EXPECT_EQ(atomic.outcomes, (std::set<std::string>{"count = 2: exact"}));
}

// The four memory-model tests: the documented lock and guard can fail in the model, their
// ordered forms cannot.
TEST(Explore, DocumentedLockCanLoseAnUpdate) {
  const Search run = explore("documented-lock", ex::spread(2, 2));
  EXPECT_TRUE(run.complete);
  EXPECT_TRUE(run.outcomes.count("count = 1: 1 update lost")) << run.states;
  EXPECT_TRUE(run.outcomes.count("count = 2: exact"));
}

TEST(Explore, OrderedLockCannotLoseAnUpdate) {
  for (const ex::Placement& placement : {ex::spread(2, 2), ex::spread(2, 1), ex::spread(3, 2)}) {
    const Search run = explore("ordered-lock", placement);
    EXPECT_TRUE(run.complete);
    const std::string exact = "count = " + std::to_string(placement.blocks()) + ": exact";
    EXPECT_EQ(run.outcomes, (std::set<std::string>{exact})) << placement.blocks() << " blocks";
  }
}

TEST(Explore, DocumentedGuardCanReadAStalePartial) {
  const Search run = explore("documented-guard", ex::spread(2, 2));
  EXPECT_TRUE(run.complete);
  EXPECT_TRUE(run.outcomes.count("the merge reads 3 of 3: every partial"));
  EXPECT_TRUE(any_with(run.outcomes, "stale partials")) << run.states;
}

TEST(Explore, AcquireGuardReadsEveryPartial) {
  for (int blocks : {2, 3}) {
    const Search run = explore("acquire-guard", ex::spread(blocks, 2));
    EXPECT_TRUE(run.complete);
    const int total = blocks * (blocks + 1) / 2;
    EXPECT_EQ(run.outcomes, (std::set<std::string>{"the merge reads " + std::to_string(total) + " of " +
                                                   std::to_string(total) + ": every partial"}));
  }
}

// Without rule 4 (a line filled at any time) the documented guard's stale read is unreachable:
// every block fences before its ticket, so no line of the merging SM can be older than it.
TEST(Explore, TheStaleReadNeedsALineFilledEarly) {
  ex::Placement placement = ex::spread(2, 2);
  placement.fills = false;
  const Search run = explore("documented-guard", placement);
  EXPECT_TRUE(run.complete);
  EXPECT_FALSE(any_with(run.outcomes, "stale partials"));
}

// Without late writes the racy counter still loses updates (two loads before either store), but
// the documented lock no longer does on SMs that share nothing: what it loses, it loses to
// pending writes and stale lines.
TEST(Explore, WhatEachRuleMakesReachable) {
  ex::Placement strong = ex::spread(2, 2);
  strong.late_writes = false;
  strong.fills = false;
  EXPECT_TRUE(explore("racy-counter", strong).outcomes.count("count = 1: 1 update lost"));
  EXPECT_EQ(explore("documented-lock", strong).outcomes, (std::set<std::string>{"count = 2: exact"}));
}

// The H100 counted right with the documented lock while each block had an SM to itself, and
// wrong once two blocks shared one (critical-section's README). The model agrees when its lines
// are filled only by loads and an SM's writes reach memory before its next atomic: then what is
// lost is lost to a stale line an earlier block left in the same SM.
TEST(Explore, SharingAnSmIsWhatLosesUpdatesWithOnlyLoadsFillingLines) {
  const auto h100_like = [](int blocks, int sms) {
    ex::Placement p = ex::spread(blocks, sms);
    p.fills = false;
    p.in_order_atomics = true;
    return p;
  };
  EXPECT_EQ(explore("documented-lock", h100_like(3, 3)).outcomes,
            (std::set<std::string>{"count = 3: exact"}));
  EXPECT_TRUE(explore("documented-lock", h100_like(3, 2)).outcomes.count("count = 2: 1 update lost"));
  EXPECT_EQ(explore("ordered-lock", h100_like(3, 2)).outcomes, (std::set<std::string>{"count = 3: exact"}));
}

TEST(Explore, CompleteOnlyWhenNoStateIsLeft) {
  ex::Bounds shallow;
  shallow.depth = 3;
  const Search cut = explore("racy-counter", ex::spread(2, 2), shallow);
  EXPECT_FALSE(cut.complete);
  const Search whole = explore("racy-counter", ex::spread(2, 2));
  EXPECT_TRUE(whole.complete);
  EXPECT_GT(whole.states, cut.states);
  ex::Bounds few;
  few.states = 10;
  EXPECT_FALSE(explore("documented-lock", ex::spread(2, 2), few).complete);
}

TEST(Explore, SlicesFindWhatOneGoFinds) {
  const Search whole = explore("documented-guard", ex::spread(2, 2));
  const Search sliced = explore("documented-guard", ex::spread(2, 2), {}, 7);
  EXPECT_EQ(whole.outcomes, sliced.outcomes);
  EXPECT_EQ(whole.states, sliced.states);
}

// A witness is a run: replayed from the start, its moves end in its outcome.
TEST(Explore, EveryOutcomeComesWithARunThatReachesIt) {
  const Search run = explore("documented-lock", ex::spread(2, 2));
  for (const ex::Outcome& o : run.details) {
    EXPECT_FALSE(o.witness.empty()) << o.label;
    EXPECT_GT(o.ends, 0) << o.label;
  }
}

TEST(Explore, UnknownKernelAndBadPlacementAreRefused) {
  EXPECT_THROW(ex::model_kernel("no-such-kernel", 2), std::invalid_argument);
  EXPECT_THROW(ex::model_kernel("racy-counter", 0), std::invalid_argument);
  EXPECT_THROW(ex::Machine(ex::model_kernel("racy-counter", 2).program, ex::Placement{}),
               std::invalid_argument);
}

ex::Placement in_lockstep(ex::Placement p) {
  p.lockstep = true;
  return p;
}

Search with_lanes(const std::string& kernel, ex::Placement placement, int lanes) {
  return explore(kernel, placement, {}, 1 << 20, lanes);
}

// L3: the lock taken by every thread never finishes when the lanes of a warp run in lockstep (the
// lane that won waits for its warp-mates to reconverge, and they spin for the lock it holds);
// scheduled independently it finishes. The loop form finishes either way.
TEST(Explore, TheLockInEveryThreadHangsOnlyInLockstep) {
  for (int lanes : {2, 3}) {
    const Search lockstep = with_lanes("lock-in-every-thread", in_lockstep(ex::spread(1, 1)), lanes);
    EXPECT_TRUE(lockstep.complete);
    EXPECT_EQ(lockstep.outcomes, (std::set<std::string>{ex::kNeverEnds})) << lanes << " lanes";
    const Search independent = with_lanes("lock-in-every-thread", ex::spread(1, 1), lanes);
    EXPECT_TRUE(independent.complete);
    EXPECT_EQ(independent.outcomes, (std::set<std::string>{"count = 1: exact"})) << lanes << " lanes";
    for (const ex::Placement& p : {ex::spread(1, 1), in_lockstep(ex::spread(1, 1))})
      EXPECT_EQ(with_lanes("lock-inside-the-loop", p, lanes).outcomes,
                (std::set<std::string>{"count = 1: exact"}));
  }
}

// L3's exercise: running the path that leaves the loop first does not save the documented kernel
// (the winner's path starts where the paths meet, so it waits there whatever the order: the
// reconvergence rule is what deadlocks it); the loop form ends either way.
TEST(Explore, WhichPathRunsFirstDoesNotSaveTheLock) {
  ex::Placement other_order = in_lockstep(ex::spread(1, 1));
  other_order.fall_through_first = true;
  EXPECT_EQ(with_lanes("lock-in-every-thread", other_order, 3).outcomes,
            (std::set<std::string>{ex::kNeverEnds}));
  EXPECT_EQ(with_lanes("lock-inside-the-loop", other_order, 3).outcomes,
            (std::set<std::string>{"count = 1: exact"}));
}

// The run shown for a hang ends where the kernel spins: two moves, the CAS and the split.
TEST(Explore, AHangComesWithTheRunIntoItsSpin) {
  const Search lockstep = with_lanes("lock-in-every-thread", in_lockstep(ex::spread(1, 1)), 2);
  ASSERT_EQ(lockstep.details.size(), 1u);
  EXPECT_EQ(lockstep.details[0].moves.size(), 2u);
  EXPECT_NE(lockstep.details[0].witness.back().find("the warp splits"), std::string::npos);
}

// R6: without __syncwarp() the documented warp sum goes wrong once lanes run apart, and never in
// lockstep; with it, never.
TEST(Explore, TheWarpSumNeedsSyncwarpOnlyWhenLanesRunApart) {
  const Search apart = with_lanes("warp-sum-documented", ex::spread(1, 1), 4);
  EXPECT_TRUE(apart.complete);
  EXPECT_TRUE(apart.outcomes.count("every lane returns the sum 10"));
  EXPECT_TRUE(apart.outcomes.count("4 of 4 lanes return a wrong sum")) << apart.states;
  EXPECT_EQ(with_lanes("warp-sum-documented", in_lockstep(ex::spread(1, 1)), 4).outcomes,
            (std::set<std::string>{"every lane returns the sum 10"}));
  for (int lanes : {2, 4, 8}) {
    const Search synced = with_lanes("warp-sum-syncwarp", ex::spread(1, 1), lanes);
    EXPECT_TRUE(synced.complete);
    EXPECT_EQ(synced.outcomes, (std::set<std::string>{"every lane returns the sum " +
                                                      std::to_string(lanes * (lanes + 1) / 2)}));
  }
}

// G2: without the barrier before the next fetch, thread 0 refills the shared slot while warp 1
// still reads it: a result goes to another item's place, or to out[-1].
TEST(Explore, TheWorkQueueNeedsItsClosingBarrier) {
  const Search with = explore("work-queue", ex::spread(1, 1));
  EXPECT_TRUE(with.complete);
  EXPECT_EQ(with.outcomes, (std::set<std::string>{"every item's result in place, from each warp"}));
  const Search without = explore("work-queue-no-barrier", ex::spread(1, 1));
  EXPECT_TRUE(without.complete);
  EXPECT_TRUE(any_with(without.outcomes, "holds item 0's"));
  EXPECT_TRUE(any_with(without.outcomes, "outside an array: block 0 thread 32"));
  EXPECT_TRUE(without.outcomes.count("every item's result in place, from each warp"));
}

// The lockstep scheduler reconverges where the paths of a branch meet: the spin loop's exit.
TEST(Explore, BranchesReconvergeAtTheirPostDominator) {
  const ex::Program lock = ex::model_kernel("lock-in-every-thread", 1).program;
  const std::vector<int> meet = ex::reconvergence_points(lock);
  EXPECT_EQ(meet[1], 2);  // while (!try_lock()) meets at the count
  EXPECT_EQ(meet[2], 6);  // if (threadIdx.x == 0) meets at unlock()
  EXPECT_EQ(meet[0], -1);
  const ex::Program loop = ex::model_kernel("lock-inside-the-loop", 1).program;
  EXPECT_EQ(ex::reconvergence_points(loop)[1], 8);  // if (try_lock()) meets at the loop's test
}

TEST(Explore, LanesAKernelDoesNotTakeAreRefused) {
  EXPECT_THROW(ex::model_kernel("warp-sum-documented", 1, 3), std::invalid_argument);
  EXPECT_THROW(ex::model_kernel("racy-counter", 1, 2), std::invalid_argument);
  EXPECT_EQ(ex::model_kernel("warp-sum-syncwarp", 1, 8).program.thread_ids.size(), 8u);
}

// Every instruction names a line of the real kernel whose code it stands for.
TEST(Explore, EveryInstructionNamesItsLine) {
  for (const std::string& name : ex::model_kernel_names()) {
    const ex::ModelKernel k = ex::model_kernel(name, 2, ex::model_kernel(name, 2).lane_choices.back());
    for (const ex::Instruction& in : k.program.code) {
      std::ifstream file(std::string(GRIDLOCK_SOURCE_DIR) + "/" + in.file);
      ASSERT_TRUE(file) << in.file;
      std::string line;
      for (int n = 0; n < in.line && std::getline(file, line); ++n) {
      }
      EXPECT_NE(line.find(in.source), std::string::npos)
          << name << ": " << in.file << ":" << in.line << " is \"" << line << "\", not \"" << in.source
          << "\"";
    }
  }
}

// The PTX check follows control flow, not only the text's order: a store the text holds after the
// load but no path reaches is not the model's store.
TEST(Explore, ThePtxCheckFollowsEachPath) {
  const ex::Program racy = ex::model_kernel("racy-counter", 1).program;
  const auto ptx = [](const std::string& between) {
    return ".file 1 \"/src/lessons/locks/racy-counter/kernels.cuh\"\n.visible .entry k()\n{\n"
           ".loc 1 24 1\nld.global.u32 %r1, [%rd1];\n.loc 1 25 1\nadd.s32 %r2, %r1, 1;\n" +
           between + "st.global.u32 [%rd1], %r2;\n$L__BB0_2:\n.loc 1 28 1\nret;\n}\n";
  };
  EXPECT_TRUE(ex::compare_with_ptx(racy, ex::read_ptx(ptx(""))).empty());
  const std::vector<std::string> skipped =
      ex::compare_with_ptx(racy, ex::read_ptx(ptx("bra.uni $L__BB0_2;\n")));
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_NE(skipped[0].find("no path of the PTX"), std::string::npos) << skipped[0];
  EXPECT_THROW(ex::read_ptx(ptx("bra.uni $L__nowhere;\n")), std::runtime_error);
}

TEST(Explore, OutcomesCountTheirStatesInWords) {
  ex::Outcome one{"count = 1", 1, {}, {}}, many{"count = 2", 3, {}, {}}, hang{ex::kNeverEnds, 8, {}, {}};
  EXPECT_EQ(ex::ends_in_words(one), "1 final state");
  EXPECT_EQ(ex::ends_in_words(many), "3 final states");
  EXPECT_EQ(ex::ends_in_words(hang), "8 states from which no run ends");
}

// The search offers one move where it commutes with every other (a local instruction, a load of
// shared memory no other thread can still store to): the outcome sets are those of the search
// that offers every move, in fewer states.
TEST(Explore, TheReductionLosesNoOutcome) {
  ex::Bounds every_move;
  every_move.reduce = false;
  const auto both = [&](const std::string& kernel, ex::Placement placement, int lanes) {
    const Search reduced = explore(kernel, placement, {}, 1 << 20, lanes);
    const Search whole = explore(kernel, placement, every_move, 1 << 20, lanes);
    EXPECT_TRUE(reduced.complete && whole.complete) << kernel;
    EXPECT_EQ(reduced.outcomes, whole.outcomes) << kernel;
    EXPECT_LE(reduced.states, whole.states) << kernel;
  };
  both("warp-sum-documented", ex::spread(1, 1), 2);
  both("warp-sum-documented", ex::spread(1, 1), 4);
  both("warp-sum-syncwarp", ex::spread(1, 1), 4);
  both("work-queue-no-barrier", ex::spread(1, 1), 0);
  both("documented-guard", ex::spread(2, 2), 0);
  both("lock-in-every-thread", in_lockstep(ex::spread(1, 1)), 2);
  both("lock-inside-the-loop", ex::spread(2, 2), 2);
}

// The rules the screen and the command line state are the ones memory_model.hpp's comment states.
TEST(Explore, TheRulesShownAreTheHeadersRules) {
  std::ifstream header(std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/common/explore/memory_model.hpp");
  ASSERT_TRUE(header);
  std::string comment;
  for (std::string line; std::getline(header, line) && line.rfind("//", 0) == 0;) {
    std::istringstream words(line.substr(2));
    for (std::string w; words >> w;) comment += w + " ";
  }
  ASSERT_EQ(ex::model_rules().size(), 8u);
  for (const std::string& rule : ex::model_rules()) EXPECT_NE(comment.find(rule), std::string::npos) << rule;
}
