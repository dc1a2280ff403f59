// The timeline export is Chrome trace-event JSON with one named thread per track.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

TEST(Perfetto, SlicesAndTrackNames) {
  tr::Trace t = tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal.json");
  nlohmann::json j = nlohmann::json::parse(tr::to_perfetto_json(t));
  const auto& events = j.at("traceEvents");
  int begins = 0, ends = 0, names = 0, counters = 0;
  for (const auto& e : events) {
    std::string ph = e.at("ph");
    begins += ph == "B";
    ends += ph == "E";
    counters += ph == "C";
    names += ph == "M" && e.at("name") == "thread_name";
  }
  EXPECT_EQ(begins, 1);
  EXPECT_EQ(ends, 1);
  EXPECT_EQ(counters, 1);
  EXPECT_EQ(names, 1);
}
