// What the streams chapter's trace tests share: a lesson run with the lesson's kernel source and a
// made-up GPU, the checks every shipped trace must pass, and a summary of a Perfetto export.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "common/lesson.hpp"
#include "rebuild/rebuild.hpp"
#include "trace/trace.hpp"

namespace streams_test {

namespace tr = gridlock::trace;

using rebuild_test::test_gpu;

// A run of a lesson whose kernel source is `path_in_repo`, on one made-up GPU.
inline gridlock::LessonRun lesson_run(const std::string& path_in_repo) {
  gridlock::LessonRun run = rebuild_test::made_up_run(path_in_repo, "S");
  EXPECT_FALSE(run.trace().sources.front().text.empty()) << path_in_repo;
  return run;
}

// Valid, truthful, and the same number of steps after a JSON round trip.
inline void expect_valid_and_truthful(const tr::Trace& t) {
  rebuild_test::expect_valid_and_truthful(t);
  const tr::Trace again = tr::from_json(tr::to_json(t));
  EXPECT_EQ(again.steps.size(), t.steps.size());
}

inline nlohmann::json perfetto_events(const tr::Trace& t) {
  return nlohmann::json::parse(tr::to_perfetto_json(t)).at("traceEvents");
}

// What an export holds: each named thread's process, slices by category, counter samples by name,
// flow starts and finishes by id.
struct ExportSummary {
  std::map<std::string, int> thread_pid;
  std::map<std::string, int> slices_by_category;
  std::map<std::string, int> counters;
  std::map<int, int> flow_starts, flow_finishes;
};

inline ExportSummary summarize(const nlohmann::json& events) {
  ExportSummary s;
  for (const auto& e : events) {
    const std::string ph = e.at("ph");
    if (ph == "M" && e.at("name") == "thread_name") s.thread_pid[e.at("args").at("name")] = e.at("pid");
    if (ph == "B") ++s.slices_by_category[e.at("cat")];
    if (ph == "C") ++s.counters[e.at("name")];
    if (ph == "s") ++s.flow_starts[e.at("id")];
    if (ph == "f") ++s.flow_finishes[e.at("id")];
  }
  return s;
}

}  // namespace streams_test
