// The timeline export is Chrome trace-event JSON: one named thread per track, one process per
// device, slices with their category, counters, and flows as start/finish pairs.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

int count(const nlohmann::json& events, const std::string& ph) {
  int n = 0;
  for (const auto& e : events) n += e.at("ph") == ph;
  return n;
}

}  // namespace

TEST(Perfetto, SlicesCountersFlowsAndTrackNames) {
  const tr::Trace t = tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json");
  const nlohmann::json events = nlohmann::json::parse(tr::to_perfetto_json(t)).at("traceEvents");
  EXPECT_EQ(count(events, "B"), 7);
  EXPECT_EQ(count(events, "E"), 7);
  EXPECT_EQ(count(events, "C"), 2);
  EXPECT_EQ(count(events, "s"), 1);
  EXPECT_EQ(count(events, "f"), 1);
  int thread_names = 0, barrier_slices = 0;
  for (const auto& e : events) {
    thread_names += e.at("ph") == "M" && e.at("name") == "thread_name";
    barrier_slices += e.at("ph") == "B" && e.at("cat") == "barrier";
    if (e.at("ph") == "s") {
      EXPECT_EQ(e.at("tid"), 2);  // thread 1 wrote r[1] ...
      EXPECT_EQ(e.at("ts"), 0.040);
    }
    if (e.at("ph") == "f") {
      EXPECT_EQ(e.at("tid"), 1);  // ... and thread 0 read it
      EXPECT_EQ(e.at("ts"), 0.064);
    }
  }
  EXPECT_EQ(thread_names, 3);
  EXPECT_EQ(barrier_slices, 4);
}

TEST(Perfetto, EachDeviceIsAProcess) {
  tr::Trace t = tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json");
  t.producer.devices = {{"Test GPU", 9, 0, 132, 13000, 13000}};
  t.tracks[1].device = 0;
  const nlohmann::json events = nlohmann::json::parse(tr::to_perfetto_json(t)).at("traceEvents");
  bool named = false;
  for (const auto& e : events) {
    if (e.at("ph") == "M" && e.at("name") == "process_name" && e.at("pid") == 1)
      named = e.at("args").at("name") == "GPU 0: Test GPU";
    if (e.at("ph") == "B") {
      EXPECT_EQ(e.at("pid"), e.at("tid") == 1 ? 1 : 0) << e.dump();
    }
  }
  EXPECT_TRUE(named);
}
