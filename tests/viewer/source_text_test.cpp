// Recording lines as traces name them, the work of a phase; the buffer each step touches.
#include "model/source_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "fixture_trace.hpp"
#include "model/step_buffer.hpp"

namespace gt = gridlock::trace;
using namespace gridlock::viewer;

namespace {

// A source as a trace carries it, with the lines its producer named recording lines.
gt::Source source_with(const char* text, std::vector<int> recording) {
  gt::Source s{"kernels.cuh", text, gt::source_hash(text)};
  s.recording = std::move(recording);
  return s;
}

}  // namespace

TEST(RecordingLines, AreTheLinesTheTraceNames) {
  const gt::Source s = source_with("a;\nrecord();\nb;\n", {2, 9});  // 9 lies past the text
  EXPECT_EQ(recording_lines(s), (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(recording_lines(source_with("a;\nb;", {})), (std::vector<bool>{false, false}));
}

TEST(RecordingLines, OfTheFixtureKernelAreItsRecorderCalls) {
  const gt::Trace t = gridlock::viewer::testing::make_counter_trace(4, 2, false, 4);
  const std::vector<bool> lines = recording_lines(t.sources[0]);
  int marked = 0;
  for (bool b : lines) marked += b ? 1 : 0;
  EXPECT_EQ(marked, 4);
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

// R1's halving tree as the lesson writes it: the step's work is the combine and the barrier.
constexpr const char* kHalvingPhase =
    "  // PHASE 2: halving tree\n"                                 // 1
    "  // Each level folds the upper half onto the lower half;\n"  // 2
    "  // every thread reaches every __syncthreads().\n"           // 3
    "  int step = 1;\n"                                            // 4
    "  for (int size = B / 2; size > 0; size /= 2, ++step) {\n"    // 5
    "    if (idx < size) {\n"                                      // 6
    "      r[idx] = op(r[idx], r[idx + size]);\n"                  // 7
    "      rec.combined(step, idx, idx, idx + size);\n"            // 8
    "    }\n"                                                      // 9
    "    rec.work_done(step);\n"                                   // 10
    "    __syncthreads();\n"                                       // 11
    "    rec.after_barrier(step, r);\n"                            // 12
    "  }\n"                                                        // 13
    "\n"                                                           // 14
    "  // PHASE 3: write the result\n"                             // 15
    "  if (idx == 0) *out = r[0];\n";                              // 16

const gt::Source kHalving = source_with(kHalvingPhase, {8, 10, 12});

TEST(WorkLines, AreTheStatementsARecordingObserves) {
  EXPECT_EQ(work_lines(kHalving, 1, 13), (std::vector<int>{7, 11}));
  EXPECT_TRUE(work_lines(source_with(kHalvingPhase, {}), 1, 13).empty());  // no recording named: the phase
}

// Lines the lesson lit inside the phase are its work, in place of the guess; lit lines outside the
// phase (or on its comment) are not.
TEST(WorkLines, TheLinesALessonLitInThePhaseAreItsWork) {
  EXPECT_EQ(step_work_lines(kHalving, 1, 13, {{5, 7}, {11, 11}}), (std::vector<int>{5, 6, 7, 11}));
  EXPECT_EQ(step_work_lines(kHalving, 1, 13, {{1, 2}, {14, 16}}), (std::vector<int>{2}));
  EXPECT_EQ(step_work_lines(kHalving, 1, 13, {{15, 16}}), work_lines(kHalving, 1, 13));
  EXPECT_EQ(step_work_lines(kHalving, 1, 13, {}), (std::vector<int>{7, 11}));
  EXPECT_EQ(step_work_lines(kHalving, 1, 13, {{7, 12}}), (std::vector<int>{7, 9, 11}));  // not 8, 10, 12
}

TEST(WorkLines, OfAPhaseThatRecordsNothingAreItsFewStatements) {
  EXPECT_EQ(work_lines(kHalving, 15, 16), (std::vector<int>{16}));
  const char* long_phase =
      "// PHASE 1: many\n"
      "a = 1;\n"
      "b = 2;\n"
      "c = 3;\n"
      "d = 4;\n";
  EXPECT_TRUE(
      work_lines(source_with(long_phase, {}), 1, 5).empty());  // four statements: the whole phase is the work
}

TEST(WorkLines, TakeTwoAdjacentStatementsAndLookPastTheBlockThatHoldsTheRecording) {
  const char* racy =
      "  // PHASE 1: read, add one, write back\n"           // 1
      "  if (threadIdx.x == 0) {\n"                         // 2
      "    const unsigned long long before = rec.now();\n"  // 3: nothing before it in the phase
      "    const int seen = *count;\n"                      // 4
      "    *count = seen + 1;\n"                            // 5
      "    rec.record(kRead, seen, before);\n"              // 6
      "    rec.record(kWrote, seen + 1, rec.now());\n"      // 7
      "  }\n";
  EXPECT_EQ(work_lines(source_with(racy, {3, 6, 7}), 1, 8), (std::vector<int>{4, 5}));
  const char* lock =
      "  // PHASE 1: take the lock\n"                        // 1
      "  const auto asked = rec.now();\n"                    // 2
      "  const Taken taken = lock.lock(abort);\n"            // 3
      "  if (!taken.ok) {\n"                                 // 4
      "    rec.record(kGaveUp, 0, asked);\n"                 // 5
      "    return;\n"                                        // 6
      "  }\n"                                                // 7
      "  const auto took = gridlock::time_after(rec, 1);\n"  // 8: a helper given the recorder
      "  if (threadIdx.x == 0) merge_rec.begin();\n";  // 9: a recorder by another name, behind a condition
  EXPECT_EQ(work_lines(source_with(lock, {2, 5, 8, 9}), 1, 9), (std::vector<int>{3}));
}

TEST(WorkLines, RefuseRangesOutsideTheSource) {
  EXPECT_TRUE(work_lines(kHalving, 0, 13).empty());
  EXPECT_TRUE(work_lines(kHalving, 12, 12).empty());
  EXPECT_EQ(work_lines(kHalving, 15, 999), (std::vector<int>{16}));
  EXPECT_TRUE(work_lines(source_with("", {}), 1, 5).empty());
}

TEST(PhaseWhy, IsTheCommentBelowThePhaseComment) {
  EXPECT_EQ(
      phase_why(kHalvingPhase, 1),
      "Each level folds the upper half onto the lower half; every thread reaches every __syncthreads().");
  EXPECT_EQ(phase_why(kHalvingPhase, 15), "");  // code follows at once
  EXPECT_EQ(phase_why(kHalvingPhase, 0), "");
  EXPECT_EQ(phase_why(kHalvingPhase, 99), "");
  EXPECT_EQ(phase_why("// PHASE 1: a\n// PHASE 2: b\n", 1), "");  // the next phase is not a why
}

namespace {

std::string line_of(const gt::Source& source, int line) {
  return std::string(gt::split_lines(source.text)[static_cast<std::size_t>(line - 1)]);
}

}  // namespace

// On R1's shipped trace the halving tree's steps light the combine and the barrier, and the
// caption's why is the kernel's own comment.
TEST(WorkLines, OfTheShippedHalvingTreeAreTheCombineAndTheBarrier) {
  const gt::Trace t = gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                                    "/reduction/reduce-single-block/recorded/reduce-single-block.json");
  const auto tree = std::find_if(t.steps.begin(), t.steps.end(),
                                 [](const gt::Step& s) { return s.label == "PHASE 2: halving tree"; });
  ASSERT_NE(tree, t.steps.end());
  const gt::Source& source = t.sources[static_cast<std::size_t>(tree->source)];
  const std::vector<int> lines = work_lines(source, tree->line_begin, tree->line_end);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(line_of(source, lines[0]).find("r[idx + size]"), std::string::npos) << line_of(source, lines[0]);
  EXPECT_NE(line_of(source, lines[1]).find("__syncthreads();"), std::string::npos)
      << line_of(source, lines[1]);
  EXPECT_FALSE(phase_why(source.text, tree->line_begin).empty());
}

// Every step of every shipped trace lights lines inside its phase, at most a handful of them.
TEST(WorkLines, OfEveryShippedStepLieInsideItsPhase) {
  int steps = 0, narrowed = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(GRIDLOCK_TEST_LESSONS_DIR)) {
    if (entry.path().extension() != ".json" || entry.path().parent_path().filename() != "recorded") continue;
    const gt::Trace t = gt::read_file(entry.path().string());
    for (const gt::Step& s : t.steps) {
      const std::vector<int> lines =
          work_lines(t.sources[static_cast<std::size_t>(s.source)], s.line_begin, s.line_end);
      ++steps;
      narrowed += lines.empty() ? 0 : 1;
      for (int line : lines) {
        EXPECT_GT(line, s.line_begin) << entry.path() << " " << s.label;
        EXPECT_LE(line, s.line_end) << entry.path() << " " << s.label;
      }
      EXPECT_LE(lines.size(), 6u) << entry.path() << " " << s.label;
    }
  }
  EXPECT_GT(steps, 500);
  EXPECT_GT(narrowed * 10, steps * 8)
      << narrowed << " of " << steps << " steps light fewer lines than their phase";
}
