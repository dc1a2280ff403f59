// check_facts looks: a fact of every kind passes as built, and fails when its number, its text or
// what it comes from is changed, when its text is truncated instead of rounded, and when it names
// another clock or something the trace does not hold. Then every shipped trace passes it, and the
// shipped facts of each kind are changed the same way.
#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <map>

#include "shipped_lessons.hpp"
#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

std::vector<std::string> fact_problems(const tr::Trace& t) {
  std::vector<std::string> problems;
  tr::check_facts(t, problems);
  return problems;
}

// The four-element tree of minimal_v2.json with one fact of every kind, and a series to take some
// of them from.
tr::Trace facts_of_every_kind() {
  tr::Trace t = tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json");
  t.series.push_back({"final count", "blocks", {4, 2, 4, 3, 4}, true, 4});
  t.series.push_back({"wrong warps per launch", "warps", {0, 3, 0, 1}, true, 0, 8});
  t.series.push_back({"speed-up per round", "\xC3\x97", {1.81, 1.83, 1.8, 1.82, 1.84}});
  t.series.push_back({"mask each kernel saw, in launch order", "mask", {1, 3, 7, 15, 30}});
  const int lesson = int(t.timings.size()), cub = lesson + 1;  // after the file's own timing
  t.timings.push_back({"lesson kernel", 4, 16, 5, 1249.5, 1000, 1600});
  t.timings.push_back({"cub::DeviceReduce::Sum", 4, 16, 5, 1000, 900, 1100});
  const int in = t.buffers.front().id;
  tr::set_fact(t, "duration", tr::duration_fact(t, {0, 0}, {0, 1}, tr::FactUnit::ns, 0));
  tr::set_fact(t, "duration.us", tr::duration_fact(t, {0, 0}, {0, 3}, tr::FactUnit::us, 2));
  tr::set_fact(t, "event", tr::event_value_fact(t, {0, 8}));
  t.tracks[0].block = 3;  // event 8 is on block 3's row, which ran on SM 7
  t.tracks[0].sm = 7;
  tr::set_fact(t, "block", tr::event_block_fact(t, {0, 8}));
  tr::set_fact(t, "sm", tr::event_sm_fact(t, {0, 8}));
  tr::set_fact(t, "snapshot", tr::snapshot_value_fact(t, 0, in, 2));
  tr::set_fact(t, "shortfall", tr::shortfall_fact(t, 0, in, 3, t.launches.front().id));
  tr::set_fact(t, "count", tr::event_count_fact(t, tr::Category::barrier));
  tr::set_fact(t, "series_value", tr::series_value_fact(t, 0, 1, true));
  tr::set_fact(t, "matches", tr::series_matches_fact(t, 0));
  tr::set_fact(t, "median", tr::series_median_fact(t, 0, tr::FactUnit::count, 0));
  tr::set_fact(t, "range", tr::series_range_fact(t, 0));
  tr::set_fact(t, "distinct", tr::series_distinct_fact(t, 0));
  tr::set_fact(t, "mode", tr::series_mode_fact(t, 0));
  tr::set_fact(t, "mode.count", tr::series_mode_count_fact(t, 0));
  tr::set_fact(t, "differs", tr::series_differs_fact(t, 1));
  tr::set_fact(t, "sum", tr::series_sum_fact(t, 1));
  tr::set_fact(t, "timing", tr::timing_median_fact(t, lesson, tr::FactUnit::us, 2));
  tr::set_fact(t, "rate", tr::timing_rate_fact(t, lesson, 4));
  tr::set_fact(t, "ratio", tr::timing_ratio_fact(t, lesson, cub, 3));
  tr::set_fact(t, "ratio.percent", tr::timing_ratio_fact(t, cub, lesson, 2, tr::FactUnit::percent));
  tr::set_fact(t, "timing.ms", tr::timing_median_fact(t, cub, tr::FactUnit::ms, 4));
  tr::set_fact(t, "spread", tr::series_spread_fact(t, 2, 2));
  tr::set_fact(t, "runs", tr::series_count_fact(t, 0));
  t.parameters["runs"] = 5;
  tr::set_fact(t, "parameter", tr::parameter_fact(t, "runs"));
  tr::set_fact(t, "grid", tr::launch_grid_fact(t, t.launches.front().id));
  tr::set_fact(t, "values", tr::series_values_fact(t, 0));
  tr::set_fact(t, "masks", tr::series_values_fact(t, 3, tr::FactUnit::hex));
  t.parameters["peak_gbs"] = 0.0256;  // twice the lesson kernel's 0.0128 GB/s
  tr::set_fact(t, "share", tr::timing_share_fact(t, lesson, "peak_gbs", 1));
  const std::string report = "lessons/x/recorded/racecheck/documented.log";
  t.facts["racecheck.documented.report"] = report + " fnv1a64:0123456789abcdef";
  tr::set_fact(t, "races", tr::report_count_fact(report, "races", 6));
  tr::set_fact(t, "sites",
               tr::report_sites_fact(report, {"kernels.cuh:27 (r6::fold)", "kernels.cuh:28 (r6::fold)"}));
  // Two 2x2 matrices of 32-bit words in step 0, for an item and a fold written as matrices.
  t.buffers.push_back({7, "m", tr::ElementType::u32, {2, 2, 2}, tr::MemorySpace::global, -1});
  t.steps[0].snapshots.push_back({7, {}, {1, 2, 3, 4, 0, 1, 1, 4294967295.0}});
  tr::set_fact(t, "fold", tr::snapshot_fold_fact(t, 0, in, tr::Operator::add));
  tr::set_fact(t, "item", tr::snapshot_item_fact(t, 0, 7, 1));
  tr::set_fact(t, "product", tr::snapshot_fold_fact(t, 0, 7, tr::Operator::matmul));
  t.parameters["bytes"] = 16;  // over the strided load of thread 0, 48 ns
  tr::set_fact(t, "event.rate", tr::event_rate_fact(t, "bytes", {0, 0}, {0, 1}, 3));
  tr::set_fact(t, "idle.share", tr::series_share_fact(t, 1, t.launches.front().id, {0, 0}, {0, 3}, 2));
  tr::set_fact(t, "at.once", tr::most_at_once_fact(t, tr::Category::barrier));
  return t;
}

}  // namespace

TEST(FactsCheck, FactsOfEveryKindPassAsBuilt) {
  const tr::Trace t = facts_of_every_kind();
  EXPECT_EQ(t.fact_values.size(), 37u);
  EXPECT_EQ(t.facts.at("event.rate"), "0.333");  // 16 bytes in 48 ns, GB/s
  EXPECT_EQ(t.facts.at("idle.share"), "6.25%");  // 4 over a grid of 1 times 64 ns
  // Thread 0 waits from 48 to 64 while thread 1 waits from 40: two at once, from event 2. Thread 1's
  // second wait begins at 64, as the first two end: an interval is open up to, not at, its end.
  EXPECT_EQ(t.facts.at("at.once"), "2");
  EXPECT_EQ(t.fact_values.at("at.once").at.step, 0);
  EXPECT_EQ(t.fact_values.at("at.once").at.event, 2);
  EXPECT_EQ(t.facts.at("sites"), "kernels.cuh:27 (r6::fold), kernels.cuh:28 (r6::fold)");
  EXPECT_EQ(t.facts.at("fold"), "8");  // 3 - 1 + 4 + 2
  EXPECT_EQ(t.facts.at("item"), "[[0, 1], [1, 4294967295]]");
  // [[1, 2], [3, 4]] x [[0, 1], [1, -1]] modulo 2^32: [[2, -1], [4, -1]]
  EXPECT_EQ(t.facts.at("product"), "[[2, 4294967295], [4, 4294967295]]");
  EXPECT_EQ(t.facts.at("share"), "50.0%");
  EXPECT_EQ(t.facts.at("races"), "6");
  EXPECT_EQ(t.facts.at("runs"), "5");
  EXPECT_EQ(t.facts.at("values"), "4 2 4 3 4");
  EXPECT_EQ(t.facts.at("masks"), "0x1 0x3 0x7 0xf 0x1e");
  EXPECT_EQ(t.facts.at("parameter"), "5");
  EXPECT_EQ(t.facts.at("grid"), "1");
  EXPECT_EQ(t.facts.at("distinct"), "3");
  EXPECT_EQ(t.facts.at("mode"), "4");  // {4, 2, 4, 3, 4}: 4, three times
  EXPECT_EQ(t.facts.at("mode.count"), "3/5");
  EXPECT_EQ(t.facts.at("differs"), "2/4");  // {0, 3, 0, 1} against 0
  EXPECT_EQ(t.facts.at("sum"), "4/32");     // 4 of 4 launches x 8 warps
  EXPECT_TRUE(fact_problems(t).empty()) << fact_problems(t).front();
  EXPECT_EQ(t.facts.at("duration"), "48 ns");
  EXPECT_EQ(t.facts.at("duration.us"), "0.06 \xC2\xB5s");
  EXPECT_EQ(t.facts.at("event"), "2");
  EXPECT_EQ(t.facts.at("block"), "3");
  EXPECT_EQ(t.facts.at("sm"), "7");
  EXPECT_EQ(t.facts.at("snapshot"), "4");
  EXPECT_EQ(t.facts.at("shortfall"), "-1");  // in[3] = 2 against a grid of 1
  EXPECT_EQ(t.facts.at("count"), "8");
  EXPECT_EQ(t.facts.at("series_value"), "2/4");
  EXPECT_EQ(t.facts.at("matches"), "3/5");
  EXPECT_EQ(t.facts.at("median"), "4");
  EXPECT_EQ(t.facts.at("range"),
            "2\xE2\x80\x93"
            "4");
  EXPECT_EQ(t.facts.at("timing"), "1.25 \xC2\xB5s");              // 1249.5 ns
  EXPECT_EQ(t.facts.at("rate"), "0.0128");                        // 16 bytes in 1249.5 ns, GB/s
  EXPECT_EQ(t.facts.at("ratio"), "0.800\xC3\x97");                // 1000 / 1249.5: slower than the baseline
  EXPECT_EQ(t.facts.at("ratio.percent"), "124.95%");              // 1249.5 / 1000
  EXPECT_EQ(t.facts.at("timing.ms"), "0.0010 ms");                // 1000 ns
  EXPECT_EQ(t.facts.at("spread"), "1.82\xC3\x97 \xC2\xB1 0.02");  // the middle round, half of 1.84 - 1.80
  // What the JSON form carries comes back whole.
  const tr::Trace back = tr::from_json(tr::to_json(t));
  EXPECT_EQ(back.fact_values.size(), t.fact_values.size());
  EXPECT_TRUE(fact_problems(back).empty());
}

TEST(FactsCheck, AListHoldsEveryValueInOrderInItsUnit) {
  const tr::Trace t = facts_of_every_kind();
  for (const char* wrong : {"4 2 4 3", "4 2 4 3 4 4", "4 4 2 3 4", "4  2 4 3 4", "0x4 0x2 0x4 0x3 0x4"}) {
    tr::Trace c = t;
    c.facts["values"] = wrong;
    EXPECT_FALSE(fact_problems(c).empty()) << wrong;
  }
  for (const char* wrong : {"0x1 0x3 0x7 0xf 0x1E", "1 3 7 15 30", "0x1 0x3 0x7 0xf 0x1f"}) {
    tr::Trace c = t;
    c.facts["masks"] = wrong;
    EXPECT_FALSE(fact_problems(c).empty()) << wrong;
  }
  tr::Trace percent = t;
  percent.fact_values["values"].unit = tr::FactUnit::percent;
  EXPECT_FALSE(fact_problems(percent).empty());
  // A matrix: its words row by row, in brackets, every one there and in its place.
  for (const char* wrong : {"[[0, 1], [4294967295, 1]]", "[[0, 1, 1, 4294967295]]", "[0, 1], [1, 4294967295]",
                            "[[0, 1], [1]]", "[[0, 1],[1, 4294967295]]", "[[0, 1], [1, 4294967295]] ",
                            "0 1 1 4294967295", "[[0, 1], [1, 4294967295.0]]"}) {
    tr::Trace c = t;
    c.facts["item"] = wrong;
    EXPECT_FALSE(fact_problems(c).empty()) << wrong;
  }
  tr::Trace blanks = t;  // a matrix fact written as a list of counts
  blanks.fact_values["product"].unit = tr::FactUnit::count;
  blanks.facts["product"] = "2 4294967295 4 4294967295";
  EXPECT_TRUE(fact_problems(blanks).empty());  // the unit says how it is written: still the words
  tr::Trace scalar = t;                        // one number is not a matrix
  scalar.fact_values["fold"].unit = tr::FactUnit::matrix;
  EXPECT_FALSE(fact_problems(scalar).empty());
  tr::Trace other_op = t;  // the fold with another operator states another number
  other_op.fact_values["fold"].op = tr::Operator::max;
  EXPECT_FALSE(fact_problems(other_op).empty());
}

// Whether the checker finds a problem in `t` once `change` is made to it.
bool refused_after(tr::Trace t, const std::function<void(tr::Trace&)>& change) {
  change(t);
  return !fact_problems(t).empty();
}

TEST(FactsCheck, AShareOfAStatedRateIsAPercentageAndAReportsCountIsWhole) {
  const tr::Trace t = facts_of_every_kind();
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) {
    c.fact_values["share"].unit = tr::FactUnit::times;
    c.facts["share"] = "0.5\xC3\x97";
  }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) { c.parameters.erase("peak_gbs"); }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) {
    c.fact_values["races"].value = 6.5;
    c.facts["races"] = "6.5";
  }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) { c.fact_values["races"].counted = "lines"; }));
  EXPECT_THROW(tr::report_count_fact("a.log", "lines", 1), tr::TraceError);
  // A report's places: each file:line (function), listed as the text says, of a cited report.
  for (const char* wrong : {"kernels.cuh:27", "kernels.cuh:0 (r6::fold)", ":27 (r6::fold)",
                            "kernels.cuh:2x (f)", "kernels.cuh:27 ()"})
    EXPECT_TRUE(refused_after(t, [&](tr::Trace& c) {
      c.fact_values["sites"].listed[0] = wrong;
      c.facts["sites"] = std::string(wrong) + ", kernels.cuh:28 (r6::fold)";
    })) << wrong;
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) { c.facts["sites"] = "kernels.cuh:27 (r6::fold)"; }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) { c.fact_values["sites"].report = "other.log"; }));
}

TEST(FactsCheck, ARangeOfOneNumberIsWrittenOnce) {
  tr::Trace t = facts_of_every_kind();
  t.series.push_back({"kernels at once, one a run", "kernels", {3, 3, 3}});
  tr::set_fact(t, "one", tr::series_range_fact(t, int(t.series.size()) - 1));
  EXPECT_EQ(t.facts.at("one"), "3");
  EXPECT_TRUE(fact_problems(t).empty()) << fact_problems(t).front();
  t.facts["range"] = "2";  // its series runs from 2 to 4
  EXPECT_FALSE(fact_problems(t).empty());
}

TEST(FactsCheck, AChangedNumberOrTextOfEveryKindIsFound) {
  const tr::Trace t = facts_of_every_kind();
  for (const auto& [key, value] : t.fact_values) {
    tr::Trace number = t;
    number.fact_values[key].value += 1;
    EXPECT_FALSE(fact_problems(number).empty()) << key << ": a changed number passed";
    tr::Trace text = t;
    text.facts[key] = "7" + text.facts[key];
    EXPECT_FALSE(fact_problems(text).empty()) << key << ": a changed text passed";
    tr::Trace gone = t;
    gone.facts.erase(key);
    EXPECT_FALSE(fact_problems(gone).empty()) << key << ": a number without its text passed";
  }
}

TEST(FactsCheck, AChangedOriginOfEveryKindIsFound) {
  const tr::Trace t = facts_of_every_kind();
  const std::map<std::string, std::function<void(tr::Trace&)>> change = {
      {"duration", [](tr::Trace& c) { c.steps[0].events[1].t_ns += 8; }},
      {"duration.us", [](tr::Trace& c) { c.steps[0].events[3].t_ns += 8; }},
      {"event", [](tr::Trace& c) { c.steps[0].events[8].value = 3; }},
      {"block", [](tr::Trace& c) { c.tracks[0].block = 4; }},
      {"sm", [](tr::Trace& c) { c.tracks[0].sm = 8; }},
      {"snapshot", [](tr::Trace& c) { c.steps[0].snapshots[0].values[2] = 5; }},
      {"shortfall", [](tr::Trace& c) { c.launches[0].grid = 4; }},
      {"count", [](tr::Trace& c) { c.steps[0].events[2].category = tr::Category::work; }},
      {"series_value", [](tr::Trace& c) { c.series[0].values[1] = 1; }},
      {"matches", [](tr::Trace& c) { c.series[0].values[1] = 4; }},
      {"median",
       [](tr::Trace& c) {
         c.series[0].values = {1, 1, 1, 4, 4};
       }},
      {"range", [](tr::Trace& c) { c.series[0].values[0] = 5; }},
      {"distinct", [](tr::Trace& c) { c.series[0].values[1] = 3; }},
      {"mode",
       [](tr::Trace& c) {
         c.series[0].values = {4, 2, 2, 3, 2};
       }},
      {"mode.count", [](tr::Trace& c) { c.series[0].values[0] = 2; }},
      {"differs", [](tr::Trace& c) { c.series[1].values[0] = 2; }},
      {"sum", [](tr::Trace& c) { c.series[1].out_of = 16; }},
      {"timing", [](tr::Trace& c) { c.timings.end()[-2].median_ns = 1300; }},
      {"rate", [](tr::Trace& c) { c.timings.end()[-2].bytes = 32; }},
      {"ratio", [](tr::Trace& c) { c.timings.back().median_ns = 900; }},
      {"ratio.percent", [](tr::Trace& c) { c.timings.back().median_ns = 1010; }},
      {"timing.ms", [](tr::Trace& c) { c.timings.back().median_ns = 1100; }},
      {"spread", [](tr::Trace& c) { c.series[2].values[4] = 1.9; }},
      {"runs", [](tr::Trace& c) { c.series[0].values.push_back(4); }},
      {"parameter", [](tr::Trace& c) { c.parameters["runs"] = 6; }},
      {"grid", [](tr::Trace& c) { c.launches[0].grid = 2; }},
      {"values", [](tr::Trace& c) { c.series[0].values[4] = 3; }},
      {"masks", [](tr::Trace& c) { c.series[3].values[4] = 31; }},
      {"share", [](tr::Trace& c) { c.parameters["peak_gbs"] = 0.0512; }},
      {"races",
       [](tr::Trace& c) {
         c.facts["racecheck.documented.report"] = "lessons/x/recorded/racecheck/other.log fnv1a64:0";
       }},
      {"fold", [](tr::Trace& c) { c.steps[0].snapshots[0].values[1] = 1; }},
      {"sites", [](tr::Trace& c) { c.fact_values["sites"].listed[1] = "kernels.cuh:29 (r6::fold)"; }},
      {"item", [](tr::Trace& c) { c.steps[0].snapshots.back().values[7] = 5; }},
      {"product", [](tr::Trace& c) { c.steps[0].snapshots.back().values[0] = 2; }},
      {"event.rate", [](tr::Trace& c) { c.parameters["bytes"] = 32; }},
      {"idle.share", [](tr::Trace& c) { c.series[1].values[3] = 2; }},
      {"at.once",
       [](tr::Trace& c) {  // thread 0's waits become other work: one wait at a time
         for (int step : {0, 1})
           for (int e : {2, 3}) c.steps[size_t(step)].events[size_t(e)].category = tr::Category::other;
       }},
  };
  ASSERT_EQ(change.size(), t.fact_values.size());
  for (const auto& [key, apply] : change) {
    tr::Trace c = t;
    apply(c);
    bool about_key = false;
    for (const std::string& p : fact_problems(c)) about_key |= p.find("\"" + key + "\"") != std::string::npos;
    EXPECT_TRUE(about_key) << key << ": a changed origin passed";
  }
}

TEST(FactsCheck, ATruncatedTimeAnotherClockAndAMissingOriginAreFound) {
  tr::Trace t = facts_of_every_kind();
  t.steps[0].events[1].t_ns = 1999;  // 1999 ns after the start
  t.steps[0].events[2].t_ns = 1999;
  tr::set_fact(t, "duration", tr::duration_fact(t, {0, 0}, {0, 1}, tr::FactUnit::ns, 0));
  tr::set_fact(t, "late", tr::duration_fact(t, {0, 0}, {0, 1}, tr::FactUnit::us, 0));
  // The facts on the events moved: the rate over the load, and the most at once, now elsewhere.
  EXPECT_FALSE(fact_problems(t).empty());
  tr::set_fact(t, "event.rate", tr::event_rate_fact(t, "bytes", {0, 0}, {0, 1}, 3));
  tr::set_fact(t, "at.once", tr::most_at_once_fact(t, tr::Category::barrier));
  EXPECT_EQ(t.facts.at("late"), "2 \xC2\xB5s");  // rounded
  EXPECT_TRUE(fact_problems(t).empty()) << fact_problems(t).front();
  tr::Trace truncated = t;
  truncated.facts["late"] = "1 \xC2\xB5s";
  EXPECT_FALSE(fact_problems(truncated).empty());
  tr::Trace decimals = t;
  decimals.facts["late"] = "2.0 \xC2\xB5s";
  EXPECT_FALSE(fact_problems(decimals).empty());
  tr::Trace clock = t;
  clock.fact_values["late"].clock = "host steady_clock";
  EXPECT_FALSE(fact_problems(clock).empty());
  tr::Trace backwards = t;
  std::swap(backwards.fact_values["late"].start, backwards.fact_values["late"].end);
  EXPECT_FALSE(fact_problems(backwards).empty());
  tr::Trace nowhere = t;
  nowhere.fact_values["late"].end = {0, 99};
  EXPECT_FALSE(fact_problems(nowhere).empty());
  tr::Trace as_count = t;  // a ratio written without its sign
  as_count.fact_values["ratio"].unit = tr::FactUnit::count;
  as_count.facts["ratio"] = "0.800";
  EXPECT_FALSE(fact_problems(as_count).empty());
  tr::Trace tie = t;  // 2 and 4 twice each: the least of them is the mode
  tie.series[0].values = {4, 2, 4, 3, 2};
  EXPECT_EQ(tr::series_mode_fact(tie, 0).value, 2);
  tie.fact_values["mode"].value = 4;
  tie.facts["mode"] = "4";
  tie.fact_values["mode.count"].value = 2;
  tie.facts["mode.count"] = "2/5";
  bool mode_refused = false;
  for (const std::string& p : fact_problems(tie)) mode_refused |= p.find("\"mode\"") != std::string::npos;
  EXPECT_TRUE(mode_refused) << "a tie was broken towards the greater value";
  tr::Trace as_percent = t;  // a time written as a percentage
  as_percent.fact_values["timing"].unit = tr::FactUnit::percent;
  as_percent.facts["timing"] = "124950.0%";
  EXPECT_FALSE(fact_problems(as_percent).empty());
  tr::Trace percent_off = t;  // a percentage one point off
  percent_off.facts["ratio.percent"] = "124.85%";
  EXPECT_FALSE(fact_problems(percent_off).empty());
  EXPECT_THROW(tr::timing_ratio_fact(t, 0, 1, 1, tr::FactUnit::us), tr::TraceError);
  tr::Trace itself = t;
  itself.fact_values["ratio"].versus = itself.fact_values["ratio"].timing;
  itself.fact_values["ratio"].value = 1;
  itself.facts["ratio"] = "1.000\xC3\x97";
  EXPECT_FALSE(fact_problems(itself).empty());
  tr::Trace spread_off = t;  // the spread misstated, the median right
  spread_off.facts["spread"] = "1.82\xC3\x97 \xC2\xB1 0.03";
  EXPECT_FALSE(fact_problems(spread_off).empty());
  tr::Trace spread_as_times = t;  // a ratio with a spread written as a bare ratio
  spread_as_times.fact_values["spread"].unit = tr::FactUnit::times;
  spread_as_times.facts["spread"] = "1.82\xC3\x97";
  EXPECT_FALSE(fact_problems(spread_as_times).empty());
  tr::Trace no_parameter = t;
  no_parameter.parameters.erase("runs");
  EXPECT_FALSE(fact_problems(no_parameter).empty());
  EXPECT_THROW(tr::parameter_fact(t, "seed"), tr::TraceError);
  EXPECT_THROW(tr::launch_grid_fact(t, 99), tr::TraceError);
  tr::Trace no_launch = t;
  no_launch.fact_values["grid"].launch = 99;
  EXPECT_FALSE(fact_problems(no_launch).empty());
  tr::Trace no_series = t;
  no_series.fact_values["range"].series = 5;
  EXPECT_FALSE(fact_problems(no_series).empty());
  EXPECT_THROW(tr::duration_fact(t, {0, 0}, {3, 0}, tr::FactUnit::us, 0), tr::TraceError);
  // A row that names no SM has none to give, and a fact that says it had one is refused.
  EXPECT_THROW(tr::event_sm_fact(t, {0, 0}), tr::TraceError);
  tr::Trace no_sm = t;
  no_sm.tracks[0].sm = -1;
  EXPECT_FALSE(fact_problems(no_sm).empty());
}

TEST(FactsCheck, ARateAShareAndTheMostAtOnceKeepToTheirOrigin) {
  const tr::Trace t = facts_of_every_kind();
  EXPECT_THROW(tr::event_rate_fact(t, "bytes", {0, 1}, {0, 0}, 0), tr::TraceError);  // time backwards
  EXPECT_THROW(tr::event_rate_fact(t, "no bytes", {0, 0}, {0, 1}, 0), tr::TraceError);
  EXPECT_THROW(tr::series_share_fact(t, 1, 99, {0, 0}, {0, 3}, 0), tr::TraceError);
  // A share written as a plain number, a rate as a percentage, a rate on another clock.
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) {
    c.fact_values["idle.share"].unit = tr::FactUnit::count;
    c.facts["idle.share"] = "0.06";
  }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) {
    c.fact_values["event.rate"].unit = tr::FactUnit::percent;
    c.facts["event.rate"] = "33.333%";
  }));
  EXPECT_TRUE(
      refused_after(t, [](tr::Trace& c) { c.fact_values["event.rate"].clock = "host steady_clock"; }));
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) {
    std::swap(c.fact_values["idle.share"].start, c.fact_values["idle.share"].end);
  }));
  // The most at once, said to be reached at an event where fewer were open.
  EXPECT_TRUE(refused_after(t, [](tr::Trace& c) { c.fact_values["at.once"].at = {0, 6}; }));
  // A row with an unpaired event of the kind has no intervals to count.
  tr::Trace odd = t;
  odd.steps[1].events[5].category = tr::Category::other;
  EXPECT_THROW(tr::most_at_once_fact(odd, tr::Category::barrier), tr::TraceError);
  EXPECT_FALSE(fact_problems(odd).empty());
  // Counters of the kind are readings, not the ends of an interval.
  tr::Trace counter = t;
  counter.steps[0].events[8].category = tr::Category::barrier;
  EXPECT_EQ(tr::most_at_once_fact(counter, tr::Category::barrier).value, 2);
}

// Every shipped trace's facts with an origin hold what it recorded, and changing the number of
// one fact of each kind found in them is seen.
TEST(FactsCheck, EveryShippedFactWithAnOriginHoldsWhatWasRecorded) {
  std::map<tr::FactKind, int> seen;
  for (const auto& path : shipped_trace_paths()) {
    const tr::Trace t = tr::read_file(path.string());
    const std::vector<std::string> problems = fact_problems(t);
    EXPECT_TRUE(problems.empty()) << path << ": " << problems.front();
    for (const auto& [key, f] : t.fact_values) {
      if (seen[f.kind]++ > 0) continue;
      tr::Trace changed = t;
      changed.fact_values[key].value += 1;
      EXPECT_FALSE(fact_problems(changed).empty()) << path << " " << key;
    }
  }
  for (const auto& [kind, n] : seen) std::cout << tr::to_string(kind) << ": " << n << " shipped facts\n";
}
