// The viewer's number and time formatters.
#include "format.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace gridlock::viewer;

TEST(Format, ValuesInFullOrCompact) {
  EXPECT_EQ(format_value(-2147483648.0, false), "-2147483648");
  EXPECT_EQ(format_value(1.0 / 3.0, false), "0.333333");
  EXPECT_EQ(format_value(12345, true), "12.3k");
  EXPECT_EQ(format_value(-4.5e9, true), "-4.5G");
  EXPECT_EQ(format_value(999, true), "999");
  EXPECT_EQ(format_value(std::nan(""), false), "?");
}

TEST(Format, DurationsPickTheirUnit) {
  EXPECT_EQ(format_duration(850), "850 ns");
  EXPECT_EQ(format_duration(1500), "1.50 \xC2\xB5s");
  EXPECT_EQ(format_duration(2.25e6), "2.25 ms");
  EXPECT_EQ(format_duration(-32), "-32 ns");
}

TEST(Format, AModelsTicksAreNoDuration) {
  const auto tick = gridlock::trace::TimeUnit::tick;
  EXPECT_EQ(format_duration(197, tick), "197 ticks");
  EXPECT_EQ(format_duration(1, tick), "1 tick");
  EXPECT_EQ(format_duration(2500, tick), "2500 ticks");  // never "2.50 µs"
  EXPECT_EQ(format_tick(1500, 500, tick), "1500 ticks");
  EXPECT_EQ(format_tick(-0.2, 50, tick), "0 ticks");
  EXPECT_EQ(format_cursor_time(40, 10, true, tick), "launch + 30 ticks");
}

TEST(Format, TicksReadDifferentlyFromTheirNeighbours) {
  // 1.7 ms into a run, ticks 300 ns apart: two decimals of a millisecond would print one label
  // three times over.
  EXPECT_EQ(format_tick(1.7003e6, 300), "1.7003 ms");
  EXPECT_EQ(format_tick(1.7006e6, 300), "1.7006 ms");
  EXPECT_NE(format_tick(1.7003e6, 300), format_tick(1.7006e6, 300));
  // Ticks far apart keep format_duration's two decimals.
  EXPECT_EQ(format_tick(2.25e6, 250e3), "2.25 ms");
  EXPECT_EQ(format_tick(1500, 500), "1.50 \xC2\xB5s");
  EXPECT_EQ(format_tick(850, 50), "850 ns");
  EXPECT_EQ(format_tick(0, 0), "0 ns");
}

TEST(Format, NoTimeReadsMinusZero) {
  EXPECT_EQ(format_duration(-0.3), "0 ns");
  EXPECT_EQ(format_duration(-0.6), "-1 ns");
  EXPECT_EQ(format_tick(-1e-7, 500000), "0 ns");
  EXPECT_EQ(format_tick(-0.4, 2e5), "0 ns");
  EXPECT_EQ(format_duration(-0.2, gridlock::trace::TimeUnit::tick), "0 ticks");
}

TEST(Format, VersionsParametersCountsAndDevices) {
  EXPECT_EQ(format_cuda_version(13000), "13.0");
  EXPECT_EQ(format_cuda_version(12040), "12.4");
  EXPECT_EQ(format_cuda_version(0), "?");
  EXPECT_EQ(format_parameter(1024), "1024");
  EXPECT_EQ(format_parameter(0.5), "0.5");
  EXPECT_EQ(format_parameter("runs", 200), "200");
  EXPECT_EQ(format_parameter("watchdog_ns", 2e8), format_duration(2e8));  // a time, by its name
  EXPECT_EQ(format_parameter("ns", 5), "5");
  EXPECT_EQ(format_count(1, "warp"), "1 warp");
  EXPECT_EQ(format_count(16, "warp"), "16 warps");
  gridlock::trace::Device h100;
  h100.name = "NVIDIA H100";
  gridlock::trace::Device a100;
  a100.name = "NVIDIA A100";
  EXPECT_EQ(format_devices({}), "");
  EXPECT_EQ(format_devices({h100}), "NVIDIA H100");
  EXPECT_EQ(format_devices({h100, h100}), "2 \xC3\x97 NVIDIA H100");
  EXPECT_EQ(format_devices({a100, h100}), "NVIDIA A100 + NVIDIA H100");
}

TEST(Format, DurationsFromTheCommandLine) {
  int64_t ns = 0;
  EXPECT_TRUE(parse_duration("42560", ns));
  EXPECT_EQ(ns, 42560);
  EXPECT_TRUE(parse_duration("42.5us", ns));
  EXPECT_EQ(ns, 42500);
  EXPECT_TRUE(parse_duration("1.2 ms", ns));
  EXPECT_EQ(ns, 1200000);
  EXPECT_TRUE(parse_duration("3\xC2\xB5s", ns));
  EXPECT_EQ(ns, 3000);
  EXPECT_TRUE(parse_duration("-5ns", ns));
  EXPECT_EQ(ns, -5);
  EXPECT_FALSE(parse_duration("", ns));
  EXPECT_FALSE(parse_duration("soon", ns));
  EXPECT_FALSE(parse_duration("5 minutes", ns));
}
