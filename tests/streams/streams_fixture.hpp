// What the streams chapter's trace tests share: a lesson run with the lesson's kernel source and a
// made-up GPU, the checks every shipped trace must pass, and a summary of a Perfetto export.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "common/lesson.hpp"
#include "trace/trace.hpp"

namespace streams_test {

namespace tr = gridlock::trace;

inline std::string read_source(const std::string& path_in_repo) {
  std::ifstream in(std::string(GRIDLOCK_SOURCE_DIR) + "/" + path_in_repo, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline tr::Device test_gpu(const std::string& name = "Test GPU") { return {name, 9, 0, 132, 13000, 13000}; }

// A run of a lesson whose kernel source is `path_in_repo`, on one made-up GPU.
inline gridlock::LessonRun lesson_run(const std::string& path_in_repo) {
  tr::Trace t;
  t.lesson_id = "test";
  t.technique = "S";
  t.producer.devices = {test_gpu()};
  t.producer.program = "tests";
  t.producer.recorded_at = "2026-01-01T00:00:00Z";
  t.clock.resolution_ns = 32;
  const std::string text = read_source(path_in_repo);
  EXPECT_FALSE(text.empty()) << path_in_repo;
  t.sources = {{path_in_repo, text, tr::source_hash(text)}};
  return gridlock::LessonRun(gridlock::LessonOptions{}, t);
}

inline void expect_valid_and_truthful(const tr::Trace& t) {
  for (const std::string& p : tr::validate(t)) ADD_FAILURE() << "validate: " << p;
  for (const std::string& p : tr::check_truth(t)) ADD_FAILURE() << "check_truth: " << p;
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
