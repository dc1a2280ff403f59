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
}
