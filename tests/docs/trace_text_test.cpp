// The claims and timings tables and the facts, from traces built here.
#include "docs/trace_text.hpp"

#include <gtest/gtest.h>

#include "docs/problem.hpp"

namespace docs = gridlock::docs;
namespace tr = gridlock::trace;

namespace {

tr::Trace gpu_trace() {
  tr::Trace t;
  t.producer.devices.push_back({"NVIDIA H100 80GB HBM3", 9, 0, 132, 13000, 13000});
  t.producer.recorded_at = "2026-11-22T09:54:09Z";
  t.clock.resolution_ns = 32;
  t.parameters = {{"n", 100000000}, {"ratio", 0.1}, {"third", 1.0 / 3}, {"negative", -7}};
  t.facts = {{"spread", "0.80–1.12 µs"}, {"device", "shadowed by the built-in"}};
  return t;
}

std::string fact_error(const tr::Trace& trace, const std::string& key) {
  try {
    docs::fact_text(trace, key);
  } catch (const docs::DocsError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(ClaimsTable, VerdictMeasurementAndReason) {
  tr::Trace t;
  t.claims.push_back({"a", "x | y\ncommutes", tr::Verdict::contradicted, "3/20 | wrong", "reordered"});
  t.claims.push_back({"b", "fences", tr::Verdict::not_observable, "", "never reorders"});
  t.claims.push_back({"c", "sums", tr::Verdict::confirmed, "20/20", ""});
  EXPECT_EQ(docs::claims_table(t),
            "| claim | verdict | measured |\n"
            "|---|---|---|\n"
            "| x \\| y commutes | contradicted | 3/20 \\| wrong — reordered |\n"
            "| fences | not observable | never reorders |\n"
            "| sums | confirmed | 20/20 |\n");
}

TEST(ClaimsTable, NoClaimsGivesTheHeader) {
  EXPECT_EQ(docs::claims_table(tr::Trace{}), "| claim | verdict | measured |\n|---|---|---|\n");
}

TEST(TimingsTable, FixedFormats) {
  tr::Trace t;
  t.timings.push_back({"a|b", 10000, 40000, 200, 7900, 7712, 8500});
  t.timings.push_back({"zero", 5, 0, 1, 0, 0, 0});
  EXPECT_EQ(docs::timings_table(t),
            "| timing | elements | median µs | min–max µs | GB/s |\n"
            "|---|---:|---:|---:|---:|\n"
            "| a\\|b | 10000 | 7.90 | 7.71–8.50 | 5.1 |\n"
            "| zero | 5 | 0.00 | 0.00–0.00 | 0.0 |\n");
}

TEST(Facts, BuiltIns) {
  const tr::Trace t = gpu_trace();
  EXPECT_EQ(docs::fact_text(t, "device"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(docs::fact_text(t, "device.summary"),
            "NVIDIA H100 80GB HBM3, compute capability 9.0, 132 SMs, CUDA 13.0");
  EXPECT_EQ(docs::fact_text(t, "recorded_at"), "2026-11-22");
  EXPECT_EQ(docs::fact_text(t, "clock.resolution_ns"), "32");
  EXPECT_EQ(docs::fact_text(t, "parameter.n"), "100000000");
  EXPECT_EQ(docs::fact_text(t, "parameter.negative"), "-7");
  EXPECT_EQ(docs::fact_text(t, "parameter.ratio"), "0.1");
  EXPECT_EQ(docs::fact_text(t, "parameter.third"), "0.3333333333333333");
}

TEST(Facts, EveryDeviceOfTheRun) {
  tr::Trace t = gpu_trace();
  EXPECT_EQ(docs::fact_text(t, "devices"), "NVIDIA H100 80GB HBM3");
  t.producer.devices.push_back(t.producer.devices[0]);
  EXPECT_EQ(docs::fact_text(t, "devices"), "two NVIDIA H100 80GB HBM3 GPUs");
  t.producer.devices[1].name = "NVIDIA H200";
  EXPECT_EQ(docs::fact_text(t, "devices"), "NVIDIA H100 80GB HBM3 and NVIDIA H200");
  t.producer.devices.clear();
  EXPECT_NE(fact_error(t, "devices").find("names no device"), std::string::npos);
}

TEST(Facts, TheTracesOwn) { EXPECT_EQ(docs::fact_text(gpu_trace(), "spread"), "0.80–1.12 µs"); }

TEST(Facts, DriverNamedWhenItDiffersFromTheRuntime) {
  tr::Trace t = gpu_trace();
  t.producer.devices[0].driver_version = 13010;
  t.producer.devices[0].runtime_version = 12080;
  EXPECT_EQ(docs::fact_text(t, "device.summary"),
            "NVIDIA H100 80GB HBM3, compute capability 9.0, 132 SMs, CUDA 12.8 (driver 13.1)");
}

TEST(Facts, UnknownKeyNamesWhatThereIs) {
  const std::string error = fact_error(gpu_trace(), "nope");
  EXPECT_NE(error.find("unknown fact \"nope\""), std::string::npos) << error;
  EXPECT_NE(error.find("the trace has device, spread"), std::string::npos) << error;
  EXPECT_NE(fact_error(tr::Trace{}, "nope").find("the trace has none"), std::string::npos);
  EXPECT_NE(fact_error(gpu_trace(), "parameter.m")
                .find("no parameter \"m\" (the trace has n, negative, ratio, third)"),
            std::string::npos);
}

TEST(Facts, WhatATraceDoesNotState) {
  tr::Trace model;
  model.producer.kind = tr::ProducerKind::model;
  model.producer.model = "a lockstep model";
  EXPECT_EQ(fact_error(model, "device"), "the trace names no device (it was produced by a lockstep model)");
  EXPECT_EQ(fact_error(model, "clock.resolution_ns"), "the trace's clock does not state its resolution");
  EXPECT_EQ(fact_error(model, "recorded_at"), "the trace does not say when it was recorded");
}

TEST(Facts, ValuesThatCannotBeWrittenInline) {
  tr::Trace t;
  t.facts = {{"two-lines", "a\nb"}, {"comment", "a <!-- b"}};
  EXPECT_NE(fact_error(t, "two-lines").find("cannot be written inline"), std::string::npos);
  EXPECT_NE(fact_error(t, "comment").find("cannot be written inline"), std::string::npos);
}
