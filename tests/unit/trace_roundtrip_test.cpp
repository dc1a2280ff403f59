// A trace written and read back is the same trace; writes are atomic.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

tr::Trace sample() {
  tr::Trace t;
  t.lesson_id = "sample";
  t.lesson_title = "Sample";
  t.technique = "R1";
  t.producer.kind = tr::ProducerKind::gpu;
  t.producer.device = {"Test GPU", 9, 0, 132, 13000, 13000};
  t.producer.program = "sample";
  t.producer.recorded_at = "2026-11-22T10:00:00Z";
  t.parameters = {{"n", 4}, {"block", 4}};
  t.source.file = "lessons/x/kernels.cuh";
  t.source.text = "// PHASE 1: load\nr[i] = in[i];\n// PHASE 2: tree\nr[i] += r[i + s];\n";
  t.source.hash = tr::source_hash(t.source.text);
  t.buffers = {{0, "r", tr::ElementType::i32, {4}, tr::MemorySpace::shared},
               {1, "f", tr::ElementType::f32, {2, 2}, tr::MemorySpace::global}};
  t.tracks = {{0, tr::TrackKind::block, "block 0", 0, -1, 7}, {1, tr::TrackKind::warp, "warp 0", 0, 0, 7}};
  tr::Step s;
  s.label = "PHASE 2: tree";
  s.detail = "level 1 of 2, size 2";
  s.note = "two pairs";
  s.line_begin = 3;
  s.line_end = 4;
  s.snapshots = {{0, {5, -2, 2147483647, -2147483648.0}}, {1, {0.5, -1.25, 3e10, 1e-3}}};
  s.combines = {{0, {0, 1}, {2, 3}, {0, 1}}};
  s.live = {{0, 0, 2, 1}};
  s.events = {{1, tr::EventKind::slice_begin, 10, "level 1", 0},
              {1, tr::EventKind::slice_end, 42, "level 1", 0},
              {0, tr::EventKind::counter, 42, "live", 2}};
  t.steps = {s};
  t.claims = {{"R1.sum", "sums", tr::Verdict::contradicted, "3 != 4", "because"}};
  t.timings = {{"k", 4, 10, 1500.5, 1000, 2000}};
  return t;
}

}  // namespace

TEST(TraceRoundTrip, EveryFieldSurvives) {
  const tr::Trace a = sample();
  const tr::Trace b = tr::from_json(tr::to_json(a));
  EXPECT_EQ(tr::to_json(a), tr::to_json(b));
  EXPECT_EQ(b.producer.device.name, "Test GPU");
  EXPECT_EQ(b.producer.device.sm_count, 132);
  EXPECT_EQ(b.steps[0].snapshots[0].values[3], -2147483648.0);
  EXPECT_EQ(b.steps[0].snapshots[1].values[1], -1.25);
  EXPECT_EQ(b.steps[0].combines[0].src[1], 3);
  EXPECT_EQ(b.steps[0].events[2].value, 2);
  EXPECT_EQ(b.claims[0].verdict, tr::Verdict::contradicted);
  EXPECT_DOUBLE_EQ(b.timings[0].median_ns, 1500.5);
  EXPECT_EQ(b.tracks[1].sm, 7);
}

TEST(TraceRoundTrip, ModelProducedTraceSaysSo) {
  tr::Trace a = sample();
  a.producer.kind = tr::ProducerKind::model;
  a.producer.model = "lockstep warp scheduler";
  tr::Trace b = tr::from_json(tr::to_json(a));
  EXPECT_EQ(b.producer.kind, tr::ProducerKind::model);
  EXPECT_EQ(b.producer.model, "lockstep warp scheduler");
}

TEST(TraceRoundTrip, WriterRefusesAnInvalidTrace) {
  tr::Trace a = sample();
  a.steps[0].snapshots[0].values.pop_back();
  EXPECT_THROW(tr::to_json(a), tr::TraceError);
}

TEST(TraceFile, WriteIsAtomicAndLeavesNoTemporary) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("gridlock-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::create_directories(dir);
  fs::path file = dir / "t.json";
  tr::write_file(sample(), file.string());
  tr::Trace back = tr::read_file(file.string());
  EXPECT_EQ(back.lesson_id, "sample");
  int entries = 0;
  for (auto& e : fs::directory_iterator(dir)) entries += e.is_regular_file();
  EXPECT_EQ(entries, 1);

  // An invalid trace is refused before anything is written: the old file stays intact.
  tr::Trace broken = sample();
  broken.source.hash = "fnv1a64:0000000000000000";
  EXPECT_THROW(tr::write_file(broken, file.string()), tr::TraceError);
  EXPECT_EQ(tr::read_file(file.string()).lesson_id, "sample");
  fs::remove_all(dir);
}

TEST(TraceFile, MissingFileIsAClearError) {
  try {
    tr::read_file("/nonexistent/trace.json");
    FAIL() << "no error";
  } catch (const tr::TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/trace.json: cannot open"), std::string::npos) << e.what();
  }
}
