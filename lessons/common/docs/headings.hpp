// The fixed outline of a lesson README: six sections, in order, each with text of its own.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "docs/problem.hpp"

namespace gridlock::docs {

// The six headings, in order.
inline constexpr const char* kLessonHeadings[6] = {"## Goal",
                                                   "## The technique",
                                                   "## Run it",
                                                   "## What to look for in the viewer",
                                                   "## What the documentation claims and what we measured",
                                                   "## Exercises"};

// A level-1 or level-2 heading outside code fences, and the lines up to the next one.
struct Section {
  std::string heading;  // the whole heading line, trimmed: "## Goal"
  int line = 0;         // the heading's line
  int last_line = 0;    // the section's last line
};

std::vector<Section> find_sections(std::string_view readme);

// Each of kLessonHeadings present once, in order, followed by some text (not only blank lines or
// comments) that does not contain the template's placeholder "(to be written)".
std::vector<Problem> check_lesson_headings(std::string_view readme);

}  // namespace gridlock::docs
