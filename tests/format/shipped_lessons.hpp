// The lessons the project ships, as the build's lesson index lists them (GRIDLOCK_LESSON_INDEX):
// shared by the tests that read every lesson's recorded traces.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "trace/lesson_index.hpp"

inline std::vector<gridlock::trace::LessonEntry> shipped_lessons() {
  std::ifstream in(GRIDLOCK_LESSON_INDEX);
  std::vector<std::string> problems;
  std::vector<gridlock::trace::LessonEntry> out = gridlock::trace::parse_lesson_index(in, "", problems);
  for (const std::string& p : problems) ADD_FAILURE() << p;
  return out;
}

// Every trace file the shipped lessons hold (LESSON/recorded/*.json), lesson by lesson.
inline std::vector<std::filesystem::path> shipped_trace_paths() {
  std::vector<std::filesystem::path> out;
  for (const gridlock::trace::LessonEntry& lesson : shipped_lessons())
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(lesson.folder) / "recorded"))
      if (entry.path().extension() == ".json") out.push_back(entry.path());
  return out;
}
