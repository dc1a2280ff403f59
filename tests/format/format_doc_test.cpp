// FORMAT.md and the writer stay in step: every name of every enum the format uses (track kinds,
// event kinds and categories, verdicts, clock units, ...) and every field the writer emits for a
// trace that holds one of everything appears in FORMAT.md, in backquotes.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "trace/enum_names.hpp"
#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

std::string format_md() {
  std::ifstream in(GRIDLOCK_FORMAT_MD);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

template <typename Enum>
void expect_every_name_documented(const std::string& doc, const char* what) {
  for (const char* name : tr::EnumNames<Enum>::names) {
    const std::string quoted = "`\"" + std::string(name) + "\"`", plain = "`" + std::string(name) + "`";
    EXPECT_TRUE(doc.find(quoted) != std::string::npos || doc.find(plain) != std::string::npos)
        << what << " \"" << name << "\" is not in FORMAT.md (as " << quoted << " or " << plain << ")";
  }
}

// A trace that sets every field the writer can emit, the optional ones included (the minimal
// trace already holds a flow).
tr::Trace one_of_everything() {
  tr::Trace t = tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json");
  t.variant = "documented";
  t.notices = {"a notice"};
  t.facts = {{"a.fact", "1"}};
  t.timings.push_back({"lesson kernel", 10, 40, 3, 1000, 900, 1100});
  t.timings.push_back({"cub::DeviceReduce::Sum", 10, 40, 3, 900, 800, 1000});
  t.series.push_back({"a series", "runs", {1, 2}, true, 2});
  // One fact of each kind, so that every field a kind writes is emitted.
  const tr::EventRef first{0, 0};
  tr::set_fact(t, "f.duration", tr::duration_fact(t, first, first, tr::FactUnit::us, 1));
  tr::set_fact(t, "f.event", tr::event_value_fact(t, first));
  tr::set_fact(t, "f.snapshot", tr::snapshot_value_fact(t, 0, t.buffers.front().id, 0));
  tr::set_fact(t, "f.shortfall", tr::shortfall_fact(t, 0, t.buffers.front().id, 0, t.launches.front().id));
  tr::set_fact(t, "f.count", tr::event_count_fact(t, tr::Category::work));
  tr::set_fact(t, "f.series_value", tr::series_value_fact(t, 0, 1, true));
  tr::set_fact(t, "f.matches", tr::series_matches_fact(t, 0));
  tr::set_fact(t, "f.median", tr::series_median_fact(t, 0, tr::FactUnit::ns, 0));
  tr::set_fact(t, "f.range", tr::series_range_fact(t, 0));
  tr::set_fact(t, "f.distinct", tr::series_distinct_fact(t, 0));
  tr::set_fact(t, "f.timing", tr::timing_median_fact(t, 0, tr::FactUnit::us, 2));
  tr::set_fact(t, "f.ratio", tr::timing_ratio_fact(t, 0, 1, 2));
  tr::set_fact(t, "f.spread", tr::series_spread_fact(t, 0, 2));
  tr::set_fact(t, "f.runs", tr::series_count_fact(t, 0));
  t.parameters["runs"] = 2;
  tr::set_fact(t, "f.parameter", tr::parameter_fact(t, "runs"));
  tr::set_fact(t, "f.grid", tr::launch_grid_fact(t, t.launches.front().id));
  tr::set_fact(t, "f.masks", tr::series_values_fact(t, 0, tr::FactUnit::hex));
  t.facts["racecheck.x.report"] = "a.log fnv1a64:0123456789abcdef";
  tr::set_fact(t, "f.sites", tr::report_sites_fact("a.log", {"kernels.cuh:27 (r6::fold)"}));
  tr::set_fact(t, "f.fold", tr::snapshot_fold_fact(t, 0, t.buffers.front().id, tr::Operator::add));
  t.parameters["bytes"] = 64;
  tr::set_fact(t, "f.rate", tr::event_rate_fact(t, "bytes", first, {0, 1}, 0));
  tr::set_fact(t, "f.share", tr::series_share_fact(t, 0, t.launches.front().id, first, {0, 1}, 0));
  tr::set_fact(t, "f.at_once", tr::most_at_once_fact(t, tr::Category::work));
  t.sources.front().recording = {1};
  t.steps.front().lights.push_back({0, t.steps.front().line_begin, t.steps.front().line_begin});
  return t;
}

void collect_keys(const nlohmann::json& j, std::set<std::string>& keys) {
  if (j.is_object())
    for (const auto& [key, value] : j.items()) {
      keys.insert(key);
      collect_keys(value, keys);
    }
  if (j.is_array())
    for (const auto& value : j) collect_keys(value, keys);
}

}  // namespace

TEST(FormatDoc, ListsEveryEnumName) {
  const std::string doc = format_md();
  ASSERT_FALSE(doc.empty()) << "cannot read " GRIDLOCK_FORMAT_MD;
  expect_every_name_documented<tr::ElementType>(doc, "element type");
  expect_every_name_documented<tr::MemorySpace>(doc, "memory space");
  expect_every_name_documented<tr::TrackKind>(doc, "track kind");
  expect_every_name_documented<tr::EventKind>(doc, "event kind");
  expect_every_name_documented<tr::Category>(doc, "event category");
  expect_every_name_documented<tr::Verdict>(doc, "verdict");
  expect_every_name_documented<tr::ProducerKind>(doc, "producer kind");
  expect_every_name_documented<tr::Operator>(doc, "operator");
  expect_every_name_documented<tr::TimeUnit>(doc, "clock unit");
  expect_every_name_documented<tr::SourceRole>(doc, "source role");
  expect_every_name_documented<tr::FactKind>(doc, "fact kind");
  expect_every_name_documented<tr::FactUnit>(doc, "fact unit");
}

TEST(FormatDoc, ListsEveryFieldTheWriterEmits) {
  const std::string doc = format_md();
  const tr::Trace t = one_of_everything();
  ASSERT_FALSE(t.steps.empty());
  std::set<std::string> keys;
  collect_keys(nlohmann::json::parse(tr::to_json(t)), keys);
  for (const char* optional :
       {"variant",  "series", "timings",  "flows_out", "flows_in", "unit", "lights", "role",  "fact_values",
        "decimals", "of",     "upper",    "clock",     "start",    "end",  "at",     "step",  "buffer",
        "item",     "launch", "category", "timing",    "versus",   "op",   "listed", "report"})
    EXPECT_EQ(keys.count(optional), 1u) << "the trace written here lacks \"" << optional << "\"";
  for (const std::string& key : keys) {
    if (t.facts.count(key) || t.parameters.count(key) || t.fact_values.count(key))
      continue;  // the trace's own names
    EXPECT_NE(doc.find("`" + key + "`"), std::string::npos) << "field \"" << key << "\" is not in FORMAT.md";
  }
}
