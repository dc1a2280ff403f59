// S2's trace building on made-up runs (no GPU needed): with and without the wait, on one GPU and
// two, the trace validates and replays, the consumer's step comes before the producer's writes
// exactly when it read the poison, and the Perfetto export has the host, the streams in their
// devices and the flow from the event's record to the wait.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "streams/stream-wait-event/timeline_steps.hpp"
#include "streams_fixture.hpp"

namespace {

namespace tr = gridlock::trace;

constexpr int kPoison = int(0xA5A5A5A5u);

// Producer blocks from 1000 to 1000 + delay + 500; the consumer after them (wait) or from 1500
// (no wait, reading the poison).
s2::RecordedRun made_up_run(bool wait, bool two_devices) {
  s2::RecordedRun r;
  r.wait = wait;
  r.consumer_device = two_devices ? 1 : 0;
  r.device_names = {"Test GPU", "Test GPU"};
  r.n = 64;
  r.block = 32;
  r.delay_ns = 100000;
  for (int b = 0; b < 4; ++b) r.producer.push_back({1000 + b * 10, 101500 - b * 10, b});
  const int64_t start = wait ? 103000 : 1500;
  r.copy_begin = start - 2000;
  r.copy_end = start - 500;
  for (int b = 0; b < 4; ++b) r.consumer.push_back({start + b * 10, start + 900 - b * 10, b});
  r.host = {{"produce<<<>>>", -5000, -3000}, {"cudaEventRecord(done, producer)", -3000, -2800}};
  if (wait) r.host.push_back({"cudaStreamWaitEvent(consumer, done)", -2800, -2600});
  r.host.push_back({"consume<<<>>>", -2600, -1000});
  r.host.push_back({"cudaStreamSynchronize(consumer)", -1000, 104000, tr::Category::sync});
  r.stamp = 12345;
  r.poison = kPoison;
  for (int j = 0; j < 8; ++j) {
    r.in_sample.push_back(1000 * j - 7);
    r.out_sample.push_back(wait ? r.produced(size_t(j)) : kPoison);
  }
  r.stale = wait ? 0 : r.n;
  r.poisoned = r.stale;
  return r;
}

tr::Trace built(const s2::RecordedRun& r) {
  gridlock::LessonRun run = streams_test::lesson_run("lessons/streams/stream-wait-event/kernels.cuh");
  run.trace().producer.devices.push_back(streams_test::test_gpu("Second GPU"));
  s2::build_steps(run, r);
  return run.trace();
}

}  // namespace

TEST(S2Timeline, EveryRunIsValidAndTruthful) {
  for (bool wait : {true, false})
    for (bool two : {false, true}) {
      SCOPED_TRACE(std::string(wait ? "wait" : "no wait") + (two ? ", two GPUs" : ", one GPU"));
      streams_test::expect_valid_and_truthful(built(made_up_run(wait, two)));
    }
}

TEST(S2Timeline, TheConsumerComesFirstWhenItReadThePoison) {
  const tr::Trace without = built(made_up_run(false, false));
  ASSERT_EQ(without.steps.size(), 3u);
  EXPECT_EQ(without.steps[1].label, "PHASE 3: read the data");
  const tr::Trace with = built(made_up_run(true, false));
  EXPECT_EQ(with.steps[2].label, "PHASE 3: read the data");
  EXPECT_EQ(with.facts.at("recorded.stale"), "0 of 64");
  // The consumer starts 1500 ns after the producer's last block ends: 1.5 µs, rounded.
  EXPECT_EQ(with.facts.at("recorded.gap"), "2 \xC2\xB5s");
}

// The recorded run's times are measured between its events, so each leads to them; the gap of a
// consumer that began before the producer ended is negative, no time from one event to a later
// one, and stays text.
TEST(S2Timeline, TheRecordedTimesComeFromTheirEvents) {
  const tr::Trace with = built(made_up_run(true, false));
  for (const char* key : {"recorded.gap", "recorded.producer", "recorded.consumer", "recorded.host_free"}) {
    SCOPED_TRACE(key);
    ASSERT_TRUE(with.fact_values.count(key));
    EXPECT_EQ(with.fact_values.at(key).kind, tr::FactKind::duration);
  }
  // The producer ends at 101500 ns, the host's last call (the consumer's launch) at -1000 ns.
  EXPECT_EQ(with.fact_values.at("recorded.host_free").value, 102500);
  EXPECT_EQ(with.facts.at("recorded.host_free"), "102 \xC2\xB5s");  // printf rounds a half to even
  std::vector<std::string> problems;
  tr::check_facts(with, problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const tr::Trace without = built(made_up_run(false, false));
  EXPECT_FALSE(without.fact_values.count("recorded.gap"));
  EXPECT_EQ(without.facts.at("recorded.gap"), "-100 \xC2\xB5s");
}

TEST(S2Timeline, PerfettoHasHostStreamsInDevicesAndTheWaitFlow) {
  const tr::Trace t = built(made_up_run(true, true));
  const streams_test::ExportSummary e = streams_test::summarize(streams_test::perfetto_events(t));
  EXPECT_EQ(e.thread_pid.at("producer stream"), 1);  // device 0 is process 1
  EXPECT_EQ(e.thread_pid.at("consumer stream"), 2);
  EXPECT_EQ(e.thread_pid.at("CPU thread"), 0);
  EXPECT_EQ(e.slices_by_category.at("kernel"), 2);
  EXPECT_EQ(e.slices_by_category.at("copy"), 1);
  EXPECT_EQ(e.flow_starts.size(), 1u);
  EXPECT_EQ(e.flow_finishes.size(), 1u);
  const tr::Trace without = built(made_up_run(false, true));
  EXPECT_TRUE(streams_test::summarize(streams_test::perfetto_events(without)).flow_starts.empty());
}
