// Step labels are found as phase comments in the kernel source, and name one place in it.
#include <gtest/gtest.h>

#include <string>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

static const char* kKernel =
    "__global__ void k() {\n"       // 1
    "  // PHASE 1: strided load\n"  // 2
    "  int a = 0;\n"                // 3
    "  a += 1;\n"                   // 4
    "\n"                            // 5
    "  // PHASE 2: halving tree\n"  // 6
    "  for (;;) {\n"                // 7
    "  }\n"                         // 8
    "}\n";                          // 9

TEST(PhaseLines, FromCommentToTheNextPhase) {
  tr::LineRange r = tr::find_phase_lines(kKernel, "PHASE 1: strided load");
  EXPECT_EQ(r.begin, 2);
  EXPECT_EQ(r.end, 4);  // the blank line before the next phase is not part of it
}

TEST(PhaseLines, LastPhaseEndsWithTheFunction) {
  tr::LineRange r = tr::find_phase_lines(kKernel, "PHASE 2: halving tree");
  EXPECT_EQ(r.begin, 6);
  EXPECT_EQ(r.end, 8);
}

TEST(PhaseLines, UnknownLabelGivesNoLines) {
  EXPECT_EQ(tr::find_phase_lines(kKernel, "PHASE 3: nothing").begin, 0);
  EXPECT_EQ(tr::find_phase_lines(kKernel, "PHASE 1").begin, 0);  // whole comment only
}

TEST(PhaseLines, ALabelThatAppearsTwiceGivesNoLines) {
  const std::string two_kernels =
      std::string(kKernel) + "__global__ void m() {\n  // PHASE 1: strided load\n}\n";
  EXPECT_EQ(tr::find_phase_lines(two_kernels, "PHASE 1: strided load").begin, 0);
  EXPECT_EQ(tr::find_phase_lines(two_kernels, "PHASE 2: halving tree").begin, 6);
}

TEST(PhaseLines, PhaseOfALabel) {
  EXPECT_EQ(tr::phase_of("PHASE 2: halving tree"), "PHASE 2");
  EXPECT_EQ(tr::phase_of("PHASE 2"), "PHASE 2");
  std::string_view label;
  EXPECT_TRUE(tr::is_phase_comment("  // PHASE 3: merge ", &label));
  EXPECT_EQ(label, "PHASE 3: merge");
  EXPECT_FALSE(tr::is_phase_comment("  // phase 3"));
}

TEST(SplitLines, NumbersLinesAsAnEditorDoes) {
  auto lines = tr::split_lines("a\r\nb\n\nc");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "a");  // the '\r' of a Windows line end is dropped
  EXPECT_EQ(lines[1], "b");
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(lines[3], "c");
  EXPECT_EQ(tr::split_lines("x\n").size(), 2u);  // a final newline ends in an empty line
  EXPECT_EQ(tr::split_lines("").size(), 1u);
}
