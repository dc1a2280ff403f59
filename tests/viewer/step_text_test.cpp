// Naming steps for people.
#include "model/step_text.hpp"

#include <gtest/gtest.h>

using namespace gridlock::viewer;

TEST(StepText, TheNameCarriesTheDetail) {
  gridlock::trace::Step step;
  step.label = "PHASE 2: halving tree";
  step.detail = "level 3 of 10, size 128";
  EXPECT_EQ(step_name(step), "PHASE 2: halving tree \xC2\xB7 level 3 of 10, size 128");
  step.detail.clear();
  EXPECT_EQ(step_name(step), "PHASE 2: halving tree");
}

TEST(StepText, PositionsCountFromOne) {
  EXPECT_EQ(step_position(0, 12), "step 1 of 12");
  EXPECT_EQ(step_position(5, 12), "step 6 of 12");
  EXPECT_EQ(step_position(11, 12), "step 12 of 12");
  EXPECT_EQ(step_position(0, 0), "no steps");  // a trace of timings only
}

TEST(StepText, LaunchBoundariesAreWhereTheLaunchChanges) {
  gridlock::trace::Trace t;
  t.launches = {{0, "reduce_blocks", -1, -1, 4, 256}, {1, "reduce_partials", -1, -1, 1, 4}};
  for (int launch : {0, 0, 1, 1, -1}) {
    gridlock::trace::Step s;
    s.launch = launch;
    t.steps.push_back(s);
  }
  EXPECT_EQ(launch_starts(t), (std::vector<int>{2, 4}));
  EXPECT_EQ(launch_text(t, 3), "launch 2 of 2: reduce_partials");
  EXPECT_EQ(launch_text(t, 4), "");
}
