// Step labels are found as phase comments in the kernel source.
#include <gtest/gtest.h>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

static const char* kKernel =
    "__global__ void k() {\n"        // 1
    "  // PHASE 1: strided load\n"   // 2
    "  int a = 0;\n"                 // 3
    "  a += 1;\n"                    // 4
    "\n"                             // 5
    "  // PHASE 2: halving tree\n"   // 6
    "  for (;;) {\n"                 // 7
    "  }\n"                          // 8
    "}\n";                           // 9

TEST(PhaseLines, FromCommentToTheNextPhase) {
  tr::LineRange r = tr::find_phase_lines(kKernel, "PHASE 1: strided load");
  EXPECT_EQ(r.begin, 2);
  EXPECT_EQ(r.end, 4);   // the blank line before the next phase is not part of it
}

TEST(PhaseLines, LastPhaseEndsWithTheFunction) {
  tr::LineRange r = tr::find_phase_lines(kKernel, "PHASE 2: halving tree");
  EXPECT_EQ(r.begin, 6);
  EXPECT_EQ(r.end, 8);
}

TEST(PhaseLines, UnknownLabelGivesNoLines) {
  EXPECT_EQ(tr::find_phase_lines(kKernel, "PHASE 3: nothing").begin, 0);
  EXPECT_EQ(tr::find_phase_lines(kKernel, "PHASE 1").begin, 0);   // whole comment only
}
