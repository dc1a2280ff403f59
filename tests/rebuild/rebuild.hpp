// What the tests that rebuild shipped traces from what they recorded share: a lesson run that
// starts from a shipped trace with everything its recording builds taken out, a made-up run, the
// events of a row by category, and the comparison of a rebuilt trace with the shipped one, part
// by part.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "trace/trace.hpp"

namespace rebuild_test {

namespace tr = gridlock::trace;

// The text of the file at `path`.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline tr::Trace read_trace(const std::filesystem::path& path) {
  return tr::from_json(read_text(path), path.string());
}

inline tr::Device test_gpu(const std::string& name = "Test GPU") { return {name, 9, 0, 132, 13000, 13000}; }

// The shipped traces of lesson `folder` (under lessons/), each variant's and the classroom's.
inline std::vector<std::filesystem::path> shipped(const std::string& folder) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/" +
                                                           folder + "/recorded"))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// A run of the lesson as the shipped trace's recording began it: its producer, clock, sources,
// parameters and claims, and none of what the recording builds.
inline gridlock::LessonRun run_like(const tr::Trace& shipped) {
  tr::Trace t = shipped;
  t.tracks.clear();
  t.buffers.clear();
  t.launches.clear();
  t.steps.clear();
  t.series.clear();
  t.facts.clear();
  t.fact_values.clear();
  t.notices.clear();
  return gridlock::LessonRun(gridlock::LessonOptions{}, t);
}

// The events on `track` of `category`, in step order.
inline std::vector<tr::Event> events_on(const tr::Trace& t, int track, tr::Category category) {
  std::vector<tr::Event> out;
  for (const tr::Step& s : t.steps)
    for (const tr::Event& e : s.events)
      if (e.track == track && e.category == category) out.push_back(e);
  return out;
}

// A trace's JSON with each fact's series and events given by their content, not their index: the
// driver adds series of its own before or after the recording's, and a trace recorded before the
// writer ordered events the way it does today holds a step's events in another order.
inline nlohmann::json with_series_inline(const tr::Trace& t) {
  nlohmann::json j = nlohmann::json::parse(tr::to_json(t));
  const nlohmann::json series = j.value("series", nlohmann::json::array());
  for (auto& [key, fact] : j["fact_values"].items()) {
    if (fact.contains("series")) fact["series"] = series.at(fact["series"].get<size_t>());
    for (const char* ref : {"start", "end", "at"})  // an event [step, index]: the step and the event itself
      if (fact.contains(ref) && fact[ref].is_array() && fact[ref].size() == 2) {
        const size_t step = fact[ref][0].get<size_t>(), event = fact[ref][1].get<size_t>();
        fact[ref] = {step, j.at("steps").at(step).at("events").at(event)};
      }
  }
  return j;
}

// A step's events sorted by their JSON: a trace recorded before the writer ordered events the way
// it does today holds the same events in another order.
inline std::vector<std::string> events_in_any_order(const nlohmann::json& step) {
  std::vector<std::string> out;
  for (const auto& e : step.value("events", nlohmann::json::array())) out.push_back(e.dump());
  std::sort(out.begin(), out.end());
  return out;
}

// The moment a step is about: its focus event's time (among events of one instant, which one it
// names follows the order the writer gave them, which has changed).
inline nlohmann::json focused(const nlohmann::json& step) {
  const int focus = step.value("focus", -1);
  return focus < 0 ? nlohmann::json() : step.at("events").at(size_t(focus)).at("t_ns");
}

// A made-up run of the lesson whose kernel source is `path_in_repo` (technique `technique`), on one
// made-up GPU.
inline gridlock::LessonRun made_up_run(const std::string& path_in_repo, const std::string& technique = "") {
  tr::Trace t;
  t.lesson_id = "test";
  t.technique = technique;
  t.producer.devices = {test_gpu()};
  t.producer.program = "tests";
  t.producer.recorded_at = "2026-01-01T00:00:00Z";
  t.clock.resolution_ns = 32;
  const std::string text = read_text(std::string(GRIDLOCK_SOURCE_DIR) + "/" + path_in_repo);
  t.sources = {{path_in_repo, text, tr::source_hash(text)}};
  return gridlock::LessonRun(gridlock::LessonOptions{}, t);
}

// The rebuilt trace holds what the shipped one's recording made: the same rows, buffers, launches
// and steps (their words, snapshots, operations, live sets, events in any order and the event
// each is about), each series among the
// shipped ones, and the same facts (a fact's series by content) and notices; no fact of the
// recording ("recorded.*") is missing.
inline void expect_same_recording(const tr::Trace& rebuilt, const tr::Trace& shipped) {
  const nlohmann::json a = with_series_inline(rebuilt), b = with_series_inline(shipped);
  for (const char* part : {"tracks", "buffers", "launches"}) EXPECT_EQ(a.at(part), b.at(part)) << part;
  const nlohmann::json none = nlohmann::json::array();
  const nlohmann::json &shipped_series = b.value("series", none), &shipped_notices = b.value("notices", none);
  for (const auto& one : a.value("series", none))
    EXPECT_NE(std::find(shipped_series.begin(), shipped_series.end(), one), shipped_series.end())
        << one.at("name");
  for (const char* part : {"facts", "fact_values"}) {
    for (const auto& [key, value] : a.at(part).items())
      EXPECT_EQ(value, b.at(part).value(key, nlohmann::json())) << key;
    for (const auto& [key, value] : b.at(part).items())
      if (key.rfind("recorded.", 0) == 0) EXPECT_TRUE(a.at(part).contains(key)) << key << " is not rebuilt";
  }
  for (const auto& notice : a.value("notices", none))
    EXPECT_NE(std::find(shipped_notices.begin(), shipped_notices.end(), notice), shipped_notices.end())
        << notice;
  ASSERT_EQ(a.at("steps").size(), b.at("steps").size());
  for (size_t s = 0; s < a.at("steps").size(); ++s) {
    const nlohmann::json &x = a["steps"][s], &y = b["steps"][s];
    for (const char* part : {"label", "detail", "note", "launch", "snapshots", "ops", "live"})
      EXPECT_EQ(x.value(part, nlohmann::json()), y.value(part, nlohmann::json()))
          << "step " << s << " " << part;
    EXPECT_EQ(events_in_any_order(x), events_in_any_order(y)) << "step " << s << " events";
    EXPECT_EQ(focused(x), focused(y)) << "step " << s << " focus";
  }
}

// What a recording's notices say: whether the watchdog stopped the run and after how many ms
// ("the watchdog stopped the recorded run after 5000 ms: ..."), and how many records did not fit
// the log.
struct NoticeWords {
  bool stopped = false;
  long long limit_ms = 0, dropped = 0;
};

inline NoticeWords notice_words(const tr::Trace& t) {
  NoticeWords w;
  const std::string after = "the watchdog stopped the recorded run after ";
  for (const std::string& notice : t.notices) {
    if (notice.rfind("the watchdog stopped", 0) == 0) w.stopped = true;
    if (notice.rfind(after, 0) == 0) w.limit_ms = std::stoll(notice.substr(after.size()));
    if (notice.find("records did not fit") != std::string::npos) w.dropped = std::stoll(notice);
  }
  return w;
}

// `run` with `recorded` built into it by `build` (a lesson's build_steps), its events ordered as
// run_lesson orders them before it writes the trace.
template <typename Recorded, typename Build>
tr::Trace built(gridlock::LessonRun run, Recorded recorded, Build build) {
  build(run, recorded);
  tr::order_events(run.trace());
  return run.trace();
}

inline void expect_valid_and_truthful(const tr::Trace& t) {
  for (const std::string& p : tr::validate(t)) ADD_FAILURE() << "validate: " << p;
  for (const std::string& p : tr::check_truth(t)) ADD_FAILURE() << "check_truth: " << p;
}

// Every shipped trace of lesson `folder` made by program `program` (not a model's) is what
// `build` makes of what `recorded_in` reads back from it. Returns how many were rebuilt.
template <typename ReadBack, typename Build>
int expect_shipped_traces_rebuilt(const std::string& folder, const std::string& program, ReadBack recorded_in,
                                  Build build) {
  int rebuilt = 0;
  for (const auto& path : shipped(folder)) {
    SCOPED_TRACE(path.filename().string());
    const tr::Trace trace = read_trace(path);
    if (trace.producer.program != program) continue;
    expect_same_recording(built(run_like(trace), recorded_in(trace), build), trace);
    ++rebuilt;
  }
  return rebuilt;
}

}  // namespace rebuild_test
