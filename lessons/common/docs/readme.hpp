// gridlock-readme's two operations on a lesson README: check that every generated block holds
// what the tool would write, and rewrite the blocks in place.
#pragma once

#include <string>
#include <vector>

#include "docs/problem.hpp"
#include "trace/lesson_index.hpp"

namespace gridlock::docs {

struct Outcome {
  std::vector<Problem> problems;  // empty: the README passed (check) or was brought up to date (update)
  int blocks = 0;                 // generated blocks found, facts included
  bool rewritten = false;         // update: the file's content changed
};

// What a README must hold beside current blocks: a lesson's outline (the six headings, a default
// trace, a claims block), or nothing more for a chapter's README.
enum class Outline { lesson, chapter };

// Every block is current; for a lesson, the six headings are in place, the README names its
// default trace and its claims section holds a claims block. Paths in markers are relative to the
// README's folder. `lessons` (the lesson index) is what lessons blocks are written from; a README
// with one is a problem without it.
Outcome check_readme(const std::string& path, Outline outline = Outline::lesson,
                     const std::vector<trace::LessonEntry>* lessons = nullptr);

// Regenerates every block and writes the file (atomically) when that changes it; bytes outside
// the blocks stay as they are. Writes nothing when a block cannot be generated.
Outcome update_readme(const std::string& path, const std::vector<trace::LessonEntry>* lessons = nullptr);

}  // namespace gridlock::docs
