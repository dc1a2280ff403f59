// Recording lines in kernel sources; the buffer each step touches.
#include "model/source_text.hpp"

#include <gtest/gtest.h>

#include "fixture_trace.hpp"
#include "model/step_buffer.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

TEST(RecordingLines, MarksStatementsThatOnlyRecord) {
  const char* source =
      "__global__ void k(int* count, Recorder rec) {\n"        // 1: the parameter is not a call
      "  rec.begin();\n"                                       // 2
      "  // PHASE 1: read\n"                                   // 3
      "  const unsigned long long before = rec.now();\n"       // 4: a value that is a recording
      "  const int seen = *count;  // rec.x() in a comment\n"  // 5
      "  rec.record(kRead, seen,\n"                            // 6: over two lines
      "             before);\n"                                // 7
      "  if (seen == rec.limit()) return;\n"                   // 8: other code around it
      "  rec->flush();  rec.begin();\n"                        // 9: two statements
      "  recorder.begin();\n"                                  // 10: another name
      "  t = rec.now();\n"                                     // 11
      "}\n";
  const std::vector<bool> lines = recording_lines(source);
  const std::vector<bool> expected = {false, true,  false, true, false, true, true,
                                      false, false, false, true, false, false};
  EXPECT_EQ(lines, expected);
}

TEST(RecordingLines, FindsTheLessonKernelsHooks) {
  const gt::Trace t = gridlock::viewer::testing::make_counter_trace(4, 2, false, 4);
  const std::vector<bool> lines = recording_lines(t.sources[0].text);
  int marked = 0;
  for (bool b : lines) marked += b ? 1 : 0;
  EXPECT_EQ(marked, 4);  // rec.begin(), before = rec.now(), two rec.record(...)
}

TEST(StepBuffer, FollowsTheBufferEachStepWritesOrSnapshots) {
  gt::Trace t = gridlock::viewer::testing::make_halving_trace(64, 200, 3);
  // Buffers: 0 in, 1 r, 2 acc, 3 out. The load writes acc and r: r is the candidate.
  EXPECT_EQ(step_buffer(t, 0, {1}), 1);
  EXPECT_EQ(step_buffer(t, 0, {3, 1}), 1);                                     // out is not written there
  EXPECT_EQ(step_buffer(t, static_cast<int>(t.steps.size()) - 1, {1, 3}), 3);  // the write of out
  t.steps[2].ops.clear();
  t.steps[2].snapshots.clear();
  const std::vector<int> by_step = buffers_by_step(t, {1});
  EXPECT_EQ(by_step[2], 1);  // touches none: keeps the one before
  EXPECT_EQ(step_buffer(t, 99, {1}), -1);
}
