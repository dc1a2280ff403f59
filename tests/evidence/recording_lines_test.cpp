// Recording lines from a compiler's line tables, and the whole statements they make.
#include "common/sources/recording_lines.hpp"

#include <gtest/gtest.h>

#include "common/sources/recording_per_phase.hpp"

namespace src = gridlock::sources;

namespace {

// Two instantiations of one kernel, as nvcc -ptx -lineinfo writes them: the plain one has code on
// lines 5 and 6 of the kernel file; the recording one also on 4 and 7 (its own) and on line 9,
// where the recorder's code (file 2) was inlined, and on 12 of the lock (file 3), whose plain
// instantiation has code on 11 only.
constexpr const char* kPtx = R"(
.visible .entry _Z1kILb0EEvv(
)
{
	.loc	1 5 3
	ld.global.u32 	%r1, [%rd1];
	.loc	3 11 5, function_name $L__info_string0, inlined_at 1 6 3
	atom.global.cas.b32 	%r2, [%rd2], 0, 1;
	ret;
}
.visible .entry _Z1kILb1EEvv(
)
{
	.loc	1 4 3
	mov.u64 	%rd3, %globaltimer;
	.loc	1 5 3
	ld.global.u32 	%r1, [%rd1];
	.loc	3 11 5, function_name $L__info_string0, inlined_at 1 6 3
	atom.global.cas.b32 	%r2, [%rd2], 0, 1;
	.loc	3 12 5, function_name $L__info_string0, inlined_at 1 6 3
	add.s32 	%r3, %r3, 1;
	.loc	2 30 7, function_name $L__info_string1, inlined_at 1 9 3
	st.global.u64 	[%rd4], %rd3;
	.loc	1 7 3
	st.global.u32 	[%rd5], %r3;
	ret;
}
	.file	1 "/repo/lessons/x/kernels.cuh"
	.file	2 "/repo/lessons/common/record/event_recorder.cuh", 1700000000, 2000
	.file	3 "/repo/lessons/x/lock.cuh"
)";

}  // namespace

TEST(RecordingLines, AreTheLinesOnlyARecordingKernelHasCodeOn) {
  const auto lines = src::lines_only_recording_kernels(kPtx);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines.at("/repo/lessons/x/kernels.cuh"), (std::vector<int>{4, 7, 9}));
  EXPECT_EQ(lines.at("/repo/lessons/x/lock.cuh"), (std::vector<int>{12}));  // recording in a technique file
  EXPECT_EQ(lines.at("/repo/lessons/common/record/event_recorder.cuh"), (std::vector<int>{30}));
}

TEST(RecordingLines, NeedARecorderToTellTheKernelsApart) {
  std::string no_recorder = kPtx;
  no_recorder.replace(no_recorder.find("event_recorder.cuh"), 18, "helpers.cuh");
  EXPECT_TRUE(src::lines_only_recording_kernels(no_recorder).empty());  // both kernels count as plain
  EXPECT_TRUE(src::lines_only_recording_kernels("").empty());
}

TEST(RecordingLines, NameThePlainKernels) {
  EXPECT_EQ(src::plain_kernels(kPtx), (std::vector<std::string>{"_Z1kILb0EEvv"}));
  std::string no_recorder = kPtx;
  no_recorder.replace(no_recorder.find("event_recorder.cuh"), 18, "helpers.cuh");
  EXPECT_EQ(src::plain_kernels(no_recorder), (std::vector<std::string>{"_Z1kILb0EEvv", "_Z1kILb1EEvv"}));
  EXPECT_TRUE(src::plain_kernels("").empty());
}

TEST(RecordingLines, KnowTheRecordersFiles) {
  EXPECT_TRUE(src::is_recorder_file("lessons/common/record/tree_recorder.cuh"));
  EXPECT_TRUE(src::is_recorder_file("/a/lessons/common/../common/record/event_log.cuh"));
  EXPECT_TRUE(src::is_recorder_file("lessons/streams/common/span_recorder.cuh"));
  EXPECT_FALSE(src::is_recorder_file("lessons/common/record/clock.cuh"));  // plain code reads it too
  EXPECT_FALSE(src::is_recorder_file("lessons/locks/common/locks.cuh"));
}

TEST(RecordingStatements, AreWholeStatementsAndBlocksThatOnlyRecord) {
  const std::string source =
      "__global__ void k(R rec) {\n"                  // 1
      "  rec.begin();\n"                              // 2
      "  for (int s = 8; s > 0; s /= 2, ++step) {\n"  // 3: its block does work
      "    r[t] += r[t + s];\n"                       // 4
      "    rec.combined(step, t,\n"                   // 5: runs on to line 6
      "                 t + s);\n"                    // 6
      "  }\n"                                         // 7
      "  if (threadIdx.x == 0) {\n"                   // 8: its block only records
      "    rec.record(1, 2, 3);  // a comment (\n"    // 9
      "  }\n"                                         // 10
      "  if (!last) return;\n"                        // 11: a jump
      "  // rec.note();\n"                            // 12: a comment
      "}\n";                                          // 13
  EXPECT_EQ(src::recording_statements(source, {2, 3, 5, 8, 9, 11, 12, 40}),
            (std::vector<int>{2, 5, 6, 8, 9, 10}));
  EXPECT_TRUE(src::recording_statements(source, {}).empty());
}

TEST(RecordingStatements, LeaveOutADeclarationTheTechniqueUses) {
  const std::string source =
      "__global__ void k(R rec) {\n"               // 1
      "  const auto at = rec.now();\n"             // 2: only recording uses `at`
      "  unsigned spins = 0, now = before + 1;\n"  // 3: the loop below uses `now`
      "  while (now < n) now = load();\n"          // 4
      "  rec.record(1, spins, at);\n"              // 5
      "  if (spins == 0) rec.record(2, 0, at);\n"  // 6
      "  if constexpr (Record)\n"                  // 7: its one statement records
      "    if (seen) seen[i] = v;\n"               // 8
      "  x = 1;\n"                                 // 9: an assignment declares nothing
      "  {\n"                                      // 10
      "    const int lane = threadIdx.x % 32;\n"   // 11: its scope ends at 13
      "  }\n"                                      // 12
      "  use(lane);\n"                             // 13: another `lane`
      "}\n";                                       // 14
  EXPECT_EQ(src::recording_statements(source, {2, 3, 5, 6, 8, 9, 11}),
            (std::vector<int>{2, 5, 6, 7, 8, 9, 11}));
}

TEST(RecordingPerPhase, CountsStatementsFromEachPhaseToTheNextOrTheFunctionsEnd) {
  const std::string source =
      "__global__ void k(R rec) {\n"      // 1
      "  Hold hold(rec);\n"               // 2: before any phase
      "  // PHASE 1: take the lock\n"     // 3
      "  const Taken t = lock.lock();\n"  // 4
      "  hold.took(t,\n"                  // 5: one statement over two lines
      "            now);\n"               // 6
      "  // PHASE 2: count\n"             // 7
      "  *count += 1;\n"                  // 8
      "  // PHASE 3: give it back\n"      // 9
      "  lock.unlock();\n"                // 10
      "  hold.released();\n"              // 11
      "  rec.record(1, 2, 3);\n"          // 12: a second statement
      "}\n"                               // 13
      "__global__ void next(R rec) {\n"   // 14
      "  Hold hold(rec);\n"               // 15: another function, no phase
      "}\n";                              // 16
  const std::vector<src::PhaseRecording> phases = src::recording_per_phase(source, {2, 5, 6, 11, 12, 15});
  ASSERT_EQ(phases.size(), 3u);
  EXPECT_EQ(phases[0].phase, "PHASE 1: take the lock");
  EXPECT_EQ(phases[0].line, 3);
  EXPECT_EQ(phases[0].statements, 1);
  EXPECT_EQ(phases[1].statements, 0);
  EXPECT_EQ(phases[2].statements, 2);
}
