// A trace written and read back is the same trace, field by field; version 1 files read and
// convert; writes are atomic and keep numeric arrays on one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <tuple>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

const std::string kKernel =
    "// PHASE 1: load\nr[i] = in[i];\n// PHASE 2: tree\nr[i] += r[i + s];\n// PHASE 3: merge\nmerge();\n";
const std::string kHost = "int main() {\n  // PHASE 4: check\n  check();\n}\n";

// Every field of version 2 is set, most of them to a value other than the default.
tr::Trace sample() {
  tr::Trace t;
  t.lesson_id = "sample";
  t.lesson_title = "Sample";
  t.technique = "R3";
  t.producer.kind = tr::ProducerKind::gpu;
  t.producer.devices = {{"Test GPU", 9, 0, 132, 13000, 13010}, {"Other GPU", 8, 6, 84, 12080, 12060}};
  t.producer.program = "sample";
  t.producer.recorded_at = "2026-11-22T10:00:00Z";
  t.clock = {"%globaltimer", 32, "the first launch"};
  t.parameters = {{"n", 4}, {"block", 2}, {"grid", 2}, {"ratio", 0.25}};
  t.exit_code = 1;
  t.notices = {"3 events did not fit the event log", "the input was not recorded"};
  t.facts = {{"median", "1.50 µs"}, {"sum", "10"}};
  t.sources = {{"lessons/x/kernels.cuh", kKernel, tr::source_hash(kKernel)},
               {"lessons/x/main.cu", kHost, tr::source_hash(kHost)}};
  t.buffers = {{0, "in", tr::ElementType::u32, {4}, tr::MemorySpace::global, 0},
               {1, "partial", tr::ElementType::u32, {2}, tr::MemorySpace::global, 1},
               {2, "f", tr::ElementType::f32, {2, 2}, tr::MemorySpace::shared, 0},
               {3, "m", tr::ElementType::i32, {2, 2, 2}, tr::MemorySpace::registers, 0},
               {4, "result", tr::ElementType::u32, {1}, tr::MemorySpace::host, -1}};
  t.tracks = {{0, tr::TrackKind::host, "host", -1, -1, -1, -1, -1, -1},
              {1, tr::TrackKind::device, "GPU 0", -1, 0, -1, -1, -1, -1},
              {2, tr::TrackKind::stream, "stream 1", 1, 0, -1, -1, -1, -1},
              {3, tr::TrackKind::kernel, "reduce", 2, 0, -1, -1, -1, -1},
              {4, tr::TrackKind::block, "block 0", 3, 0, 0, -1, -1, 7},
              {5, tr::TrackKind::warp, "warp 0", 4, 0, 0, 0, -1, 7},
              {6, tr::TrackKind::lane, "lane 3", 5, 0, 0, 0, 3, 7},
              {7, tr::TrackKind::lock, "lock", -1, 1, -1, -1, -1, -1},
              {8, tr::TrackKind::block, "block 1", -1, 1, 1, -1, -1, 2}};
  t.launches = {{0, "reduce<2>", 0, 2, 2, 2}, {1, "merge", 1, -1, 1, 32}};

  tr::Step load;
  load.label = "PHASE 1: load";
  load.detail = "each thread loads 2";
  load.note = "the first pass";
  load.source = 0;
  load.line_begin = 1;
  load.line_end = 2;
  load.launch = 0;
  load.snapshots = {{0, {}, {1, 2, 3, 4294967295.0}},
                    {2, {1}, {-1.25, 3e20}},
                    {3, {}, {1, 2, 3, 4, -2147483648.0, 2147483647, 0, -1}}};
  load.ops = {{tr::Operator::copy, 1, 0, -1, {0}, {3}, {}, {5}},
              {tr::Operator::add, 1, 1, 0, {1}, {-1}, {2}, {-1}},
              {tr::Operator::matmul, 3, 3, 3, {0}, {1}, {0}, {0}},
              {tr::Operator::min, 2, 2, 2, {0}, {1}, {-1}, {1}}};
  load.live = {{1, 0, 2, 1}, {0, 1, 2, 2}};
  load.events = {{5, tr::EventKind::slice_begin, 10, "load", tr::Category::work, 0, {7}, {}},
                 {5, tr::EventKind::slice_end, 42, "load", tr::Category::work, 0, {}, {}},
                 {6, tr::EventKind::instant, 43, "read", tr::Category::atomic, 42, {}, {7}},
                 {7, tr::EventKind::counter, 44, "holder", tr::Category::critical, 3, {}, {}},
                 {8, tr::EventKind::instant, 45, "ticket", tr::Category::spin, 1, {8}, {7}}};
  load.focus = 3;  // the counter, not the earliest event that ends something
  tr::Step check;
  check.label = "PHASE 4: check";
  check.source = 1;
  check.line_begin = 2;
  check.line_end = 3;
  check.launch = 1;
  check.events = {{0, tr::EventKind::instant, 50, "checked", tr::Category::host, 0.5, {}, {8}}};
  t.steps = {load, check};
  t.claims = {{"R3.sum", "sums", tr::Verdict::contradicted, "3 != 4", "because"},
              {"R3.fast", "is fast", tr::Verdict::not_observable, "", "one GPU only"}};
  t.timings = {{"k", 4, 16, 10, 1500.5, 1000, 2000}};
  return t;
}

template <typename T, typename Fields>
void expect_each_same(const char* what, const std::vector<T>& a, const std::vector<T>& b, Fields fields) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(fields(a[i]) == fields(b[i])) << what << "[" << i << "]";
}

void expect_same(const tr::Trace& a, const tr::Trace& b) {
  EXPECT_EQ(
      std::tie(a.lesson_id, a.lesson_title, a.technique, a.parameters, a.exit_code, a.notices, a.facts),
      std::tie(b.lesson_id, b.lesson_title, b.technique, b.parameters, b.exit_code, b.notices, b.facts));
  const tr::Producer &pa = a.producer, &pb = b.producer;
  EXPECT_TRUE(std::tie(pa.kind, pa.model, pa.program, pa.recorded_at) ==
              std::tie(pb.kind, pb.model, pb.program, pb.recorded_at));
  expect_each_same("devices", pa.devices, pb.devices, [](const tr::Device& d) {
    return std::tie(d.name, d.cc_major, d.cc_minor, d.sm_count, d.driver_version, d.runtime_version);
  });
  EXPECT_EQ(std::tie(a.clock.source, a.clock.resolution_ns, a.clock.origin),
            std::tie(b.clock.source, b.clock.resolution_ns, b.clock.origin));
  expect_each_same("sources", a.sources, b.sources,
                   [](const tr::Source& s) { return std::tie(s.file, s.text, s.hash); });
  expect_each_same("buffers", a.buffers, b.buffers, [](const tr::Buffer& x) {
    return std::tie(x.id, x.name, x.type, x.shape, x.space, x.device);
  });
  expect_each_same("tracks", a.tracks, b.tracks, [](const tr::Track& x) {
    return std::tie(x.id, x.kind, x.name, x.parent, x.device, x.block, x.warp, x.lane, x.sm, x.base);
  });
  expect_each_same("launches", a.launches, b.launches, [](const tr::Launch& x) {
    return std::tie(x.id, x.name, x.device, x.stream, x.grid, x.block);
  });
  ASSERT_EQ(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i) {
    SCOPED_TRACE("steps[" + std::to_string(i) + "]");
    const tr::Step &sa = a.steps[i], &sb = b.steps[i];
    EXPECT_TRUE(std::tie(sa.label, sa.detail, sa.note, sa.source, sa.line_begin, sa.line_end, sa.launch) ==
                std::tie(sb.label, sb.detail, sb.note, sb.source, sb.line_begin, sb.line_end, sb.launch));
    expect_each_same("snapshots", sa.snapshots, sb.snapshots,
                     [](const tr::Snapshot& x) { return std::tie(x.buffer, x.items, x.values); });
    expect_each_same("ops", sa.ops, sb.ops, [](const tr::Operation& x) {
      return std::tie(x.op, x.dst_buffer, x.a_buffer, x.b_buffer, x.dst, x.a, x.b, x.thread);
    });
    expect_each_same("live", sa.live, sb.live,
                     [](const tr::LiveRange& x) { return std::tie(x.buffer, x.begin, x.count, x.stride); });
    EXPECT_EQ(tr::focus_event(sa), tr::focus_event(sb));
    expect_each_same("events", sa.events, sb.events, [](const tr::Event& x) {
      return std::tie(x.track, x.kind, x.t_ns, x.name, x.category, x.value, x.flows_out, x.flows_in);
    });
  }
  expect_each_same("claims", a.claims, b.claims, [](const tr::Claim& x) {
    return std::tie(x.id, x.statement, x.verdict, x.measurement, x.reason);
  });
  expect_each_same("timings", a.timings, b.timings, [](const tr::Timing& x) {
    return std::tie(x.name, x.elements, x.bytes, x.repetitions, x.median_ns, x.min_ns, x.max_ns);
  });
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(TraceRoundTrip, EveryFieldSurvives) {
  const tr::Trace a = sample();
  ASSERT_EQ(tr::validate(a), std::vector<std::string>());
  const tr::Trace b = tr::from_json(tr::to_json(a));
  EXPECT_EQ(b.version_read, tr::kFormatVersion);
  expect_same(a, b);
  EXPECT_EQ(tr::to_json(a), tr::to_json(b));
}

// A memory word written in hex keeps its base; one that says nothing is decimal; an unknown base is
// refused with its place.
TEST(TraceRoundTrip, AMemoryWordsBaseSurvives) {
  tr::Trace a = sample();
  a.tracks.push_back(
      {static_cast<int>(a.tracks.size()), tr::TrackKind::memory, "mask", 1, 0, -1, -1, -1, -1});
  a.tracks.back().base = tr::ValueBase::hex;
  const std::string text = tr::to_json(a);
  ASSERT_NE(text.find("\"base\":\"hex\""), std::string::npos);
  const tr::Trace b = tr::from_json(text);
  EXPECT_EQ(b.tracks.back().base, tr::ValueBase::hex);
  EXPECT_EQ(b.tracks.front().base, tr::ValueBase::decimal);
  std::string octal = text;
  octal.replace(octal.find("\"base\":\"hex\""), 12, "\"base\":\"oct\"");
  try {
    tr::from_json(octal, "octal.json");
    ADD_FAILURE() << "an unknown base was read";
  } catch (const tr::TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("base"), std::string::npos) << e.what();
  }
}

TEST(TraceRoundTrip, ModelProducedTraceSaysSo) {
  tr::Trace a = sample();
  a.producer.kind = tr::ProducerKind::model;
  a.producer.model = "lockstep warp scheduler";
  tr::Trace b = tr::from_json(tr::to_json(a));
  EXPECT_EQ(b.producer.kind, tr::ProducerKind::model);
  EXPECT_EQ(b.producer.model, "lockstep warp scheduler");
  EXPECT_EQ(b.producer.devices.size(), 2u);  // the GPUs it models
}

TEST(TraceRoundTrip, NumericArraysStayOnOneLine) {
  const std::string text = tr::to_json(sample());
  const std::regex only_a_number(R"(\s*-?[0-9][0-9.eE+-]*,?\s*)");
  std::istringstream lines(text);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    ++count;
    EXPECT_FALSE(std::regex_match(line, only_a_number))
        << "line " << count << " holds only a number: " << line;
  }
  EXPECT_NE(text.find("\"values\":[1,2,3,4,-2147483648,2147483647,0,-1]"), std::string::npos);
  EXPECT_NE(text.find("\"shape\":[2,2,2]"), std::string::npos);
}

TEST(TraceRoundTrip, TheVersion2MinimalSaysWhatTheWriterWrites) {
  const std::string path = GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json";
  const tr::Trace t = tr::read_file(path);
  EXPECT_EQ(t.version_read, 2);
  EXPECT_EQ(nlohmann::json::parse(read_text(path)), nlohmann::json::parse(tr::to_json(t)));
  for (const tr::Step& s : t.steps) {
    const tr::LineRange lines = tr::find_phase_lines(t.sources[static_cast<size_t>(s.source)].text, s.label);
    EXPECT_EQ(std::tie(lines.begin, lines.end), std::tie(s.line_begin, s.line_end)) << s.label;
  }
  EXPECT_EQ(tr::check_truth(t), std::vector<std::string>());
}

TEST(TraceRoundTrip, WriterRefusesAnInvalidTrace) {
  tr::Trace a = sample();
  a.steps[0].snapshots[0].values.pop_back();
  EXPECT_THROW(tr::to_json(a), tr::TraceError);
}

TEST(TraceRoundTrip, WriterRefusesASnapshotItemBelowZero) {
  tr::Trace a = sample();
  a.steps[0].snapshots[1].items = {-1};
  const std::vector<std::string> problems = tr::validate(a);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("item -1 is outside buffer \"f\""), std::string::npos) << problems[0];
  EXPECT_THROW(tr::to_json(a), tr::TraceError);
}

TEST(TraceFocus, TheWriterNamesTheEarliestEventThatIsNotASlicesBegin) {
  tr::Trace a = sample();
  a.steps[0].focus = -1;  // the lesson names none: the slice's end at 42, not its begin at 10
  const nlohmann::json written = nlohmann::json::parse(tr::to_json(a));
  EXPECT_EQ(written["steps"][0]["focus"], 1);
  EXPECT_EQ(written["steps"][1]["focus"], 0);
  a.steps[0].events[1].kind = tr::EventKind::slice_begin;  // only begins before 43
  EXPECT_EQ(tr::default_focus(a.steps[0]), 2);
  tr::Step after = a.steps[1];  // a step without events has no focus
  after.events.clear();
  a.steps.push_back(after);
  EXPECT_FALSE(nlohmann::json::parse(tr::to_json(a))["steps"][2].contains("focus"));
}

TEST(TraceFocus, TheWriterKeepsTheNamedFocusAndRefusesOneOutsideTheEvents) {
  tr::Trace a = sample();
  EXPECT_EQ(nlohmann::json::parse(tr::to_json(a))["steps"][0]["focus"], 3);
  a.steps[0].focus = 5;
  const std::vector<std::string> problems = tr::validate(a);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("steps[0].focus: event 5 is outside the step's 5 events"), std::string::npos)
      << problems[0];
  EXPECT_THROW(tr::to_json(a), tr::TraceError);
}

TEST(TraceOrder, EventsFollowTrackThenTimeAndWhatNamedThemFollowsThem) {
  tr::Trace t;
  tr::Step s;
  s.events = {tr::make_event(2, tr::EventKind::instant, 30, "c", tr::Category::atomic),
              tr::make_event(1, tr::EventKind::instant, 20, "b", tr::Category::atomic),
              tr::make_event(2, tr::EventKind::instant, 10, "a", tr::Category::atomic),
              tr::make_event(1, tr::EventKind::instant, 20, "b2", tr::Category::atomic)};
  s.focus = 0;  // "c"
  t.steps = {s, s};
  t.steps[1].focus = -1;
  tr::FactValue fact;
  fact.at = {0, 2};     // "a"
  fact.start = {1, 1};  // "b"
  fact.end = {1, 3};    // "b2"
  t.fact_values["x"] = fact;
  tr::order_events(t);
  std::vector<std::string> names;
  for (const tr::Event& e : t.steps[0].events) names.push_back(e.name);
  EXPECT_EQ(names, (std::vector<std::string>{"b", "b2", "a", "c"}));  // ties keep their order
  EXPECT_EQ(t.steps[0].events[size_t(t.steps[0].focus)].name, "c");
  EXPECT_EQ(t.steps[1].focus, -1);
  const tr::FactValue& moved = t.fact_values.at("x");
  EXPECT_EQ(t.steps[0].events[size_t(moved.at.event)].name, "a");
  EXPECT_EQ(t.steps[1].events[size_t(moved.start.event)].name, "b");
  EXPECT_EQ(t.steps[1].events[size_t(moved.end.event)].name, "b2");
}

TEST(TraceFile, WriteIsAtomicAndLeavesNoTemporary) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() /
                 ("gridlock-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
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
  broken.sources[1].hash = "fnv1a64:0000000000000000";
  EXPECT_THROW(tr::write_file(broken, file.string()), tr::TraceError);
  EXPECT_EQ(tr::read_file(file.string()).lesson_id, "sample");
  fs::remove_all(dir);
}

TEST(TraceFile, MissingFileIsAClearError) {
  try {
    tr::read_file("/nonexistent/trace.json");
    FAIL() << "no error";
  } catch (const tr::TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/trace.json: cannot open"), std::string::npos)
        << e.what();
  }
}

TEST(TraceBounds, MoreValuesThanTheLimitAreRefusedWhileParsing) {
  // One array of kMaxJsonValues numbers: with the array itself, one value too many.
  std::string text = "[";
  text.reserve(static_cast<std::size_t>(2 * tr::kMaxJsonValues + 2));
  for (int64_t i = 0; i < tr::kMaxJsonValues; ++i) text += i ? ",0" : "0";
  text += "]";
  try {
    tr::from_json(text, "many.json");
    FAIL() << "no error";
  } catch (const tr::TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("many.json: more than 8388608 JSON values"), std::string::npos)
        << e.what();
  }
}

TEST(TraceBounds, ANumberTooLargeForADoubleIsRefused) {
  try {
    tr::from_json(R"({"format": 1e999})", "huge.json");
    FAIL() << "no error";
  } catch (const tr::TraceError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("huge.json: ", 0), 0u) << what;
    EXPECT_NE(what.find("the number \"1e999\" does not fit a double"), std::string::npos) << what;
    EXPECT_EQ(what.find("number overflow"), std::string::npos) << what;  // not the library's words
  }
}
