// A student's run in the model: moves by key, undo, the seeded random scheduler, a challenge's
// goal, and the search a slice at a time.
#include "model/explore_session.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace ex = gridlock::explore;
using gridlock::viewer::ExploreSession;

namespace {

ex::ModelRun racy() {
  ex::ModelRun run;
  run.kernel = "racy-counter";
  return run;
}

}  // namespace

TEST(ExploreSession, KeysTakeMovesAndUndoTakesThemBack) {
  ExploreSession s(racy());
  ASSERT_GE(s.choices().size(), 2u);
  EXPECT_EQ(s.choices()[0].key, "1");
  EXPECT_NE(s.choices()[0].text.find("block 0"), std::string::npos) << s.choices()[0].text;
  const ex::State start = s.state();
  EXPECT_TRUE(s.choose_key("1"));
  EXPECT_EQ(s.log().size(), 1u);
  EXPECT_NE(s.state(), start);
  EXPECT_FALSE(s.choose_key("9"));  // fewer moves than nine
  EXPECT_FALSE(s.choose_key("x"));
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.state(), start);
  EXPECT_FALSE(s.undo());
}

TEST(ExploreSession, TheSameSeedPlaysTheSameRun) {
  ExploreSession a(racy()), b(racy());
  a.set_seed(7);
  b.set_seed(7);
  while (a.random_move()) ASSERT_TRUE(b.random_move());
  EXPECT_TRUE(a.ended());
  EXPECT_EQ(a.log(), b.log());
  EXPECT_EQ(a.outcome(), b.outcome());
}

TEST(ExploreSession, TheSolutionKeysSolveTheChallengeAndOnlyThere) {
  for (const ex::Challenge& c : ex::challenges()) {
    ExploreSession s(c.run, c);
    std::istringstream keys(ex::solution_keys(c, c.run));
    for (std::string key; keys >> key;) ASSERT_TRUE(s.choose_key(key)) << c.title << ": key " << key;
    EXPECT_TRUE(s.solved()) << c.title << " ended in " << s.outcome();
    ex::ModelRun corrected = c.run;
    corrected.kernel = c.corrected;
    EXPECT_EQ(ex::solution_keys(c, corrected), "") << c.title << " is reachable on " << c.corrected;
  }
}

TEST(ExploreSession, TheSearchRunsInSlicesAndStops) {
  ExploreSession s(racy());
  s.start_search();
  int slices = 0;
  while (s.advance_search(5)) ++slices;
  EXPECT_GT(slices, 1);
  ASSERT_NE(s.search(), nullptr);
  EXPECT_TRUE(s.search()->complete());
  EXPECT_EQ(s.search()->outcomes().size(), 2u);
  s.stop_search();
  EXPECT_EQ(s.search(), nullptr);
}

TEST(ExploreSession, AWindowsSearchKeepsFewerStates) {
  ex::ModelRun run = racy();
  run.bounds.states = 50'000'000;
  EXPECT_LE(ExploreSession(run).run().bounds.states, 500'000);
}

// In lockstep no run of the lock in every thread ends: the session says so from the start, and
// the challenge is solved once the spin has gone round (lane 0 holding the lock, waiting for its
// warp); undo takes it back; the loop form never hangs.
TEST(ExploreSession, AHangIsToldAfterTheMoveThatMakesIt) {
  const ex::Challenge* deadlock = nullptr;
  for (const ex::Challenge& c : ex::challenges())
    if (c.reached == ex::kNeverEnds) deadlock = &c;
  ASSERT_NE(deadlock, nullptr);
  ExploreSession s(deadlock->run, *deadlock);
  EXPECT_TRUE(s.hung());  // one warp in lockstep: decided from the start
  EXPECT_FALSE(s.solved());
  ASSERT_TRUE(s.choose_key("1"));  // the CAS: lane 0 wins
  ASSERT_TRUE(s.choose_key("1"));  // the branch: the warp splits
  EXPECT_TRUE(s.hung());
  EXPECT_FALSE(s.spins());
  ASSERT_TRUE(s.choose_key("1"));  // lane 1's CAS fails
  ASSERT_TRUE(s.choose_key("1"));  // and it spins back
  EXPECT_TRUE(s.spins());
  EXPECT_TRUE(s.solved());
  EXPECT_NE(s.outcome().find("waits for its warp to reconverge"), std::string::npos) << s.outcome();
  EXPECT_TRUE(s.undo());
  EXPECT_FALSE(s.spins());

  ex::ModelRun loop = deadlock->run;
  loop.kernel = deadlock->corrected;
  ExploreSession corrected(loop, *deadlock);
  for (int move = 0; move < 200 && !corrected.ended(); ++move) {
    ASSERT_TRUE(corrected.choose_key("1"));
    EXPECT_FALSE(corrected.hung()) << "after move " << move;
  }
  EXPECT_TRUE(corrected.ended());
  EXPECT_FALSE(corrected.solved());
}

// The seeded scheduler plays to an end or a spin, the same run for the same seed.
TEST(ExploreSession, RandomMovesPlayToTheEndOrToTheSpin) {
  for (const ex::Challenge& c : ex::challenges()) {
    ExploreSession a(c.run, c), b(c.run, c);
    a.set_seed(11);
    b.set_seed(11);
    const int moves = a.random_to_the_end(10000);
    EXPECT_EQ(b.random_to_the_end(10000), moves) << c.title;
    EXPECT_EQ(a.log(), b.log()) << c.title;
    EXPECT_TRUE(a.ended() || a.spins()) << c.title << " after " << moves << " moves";
  }
}
