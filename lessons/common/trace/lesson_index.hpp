// The lesson index the build writes (lesson-index.txt): the lessons in teaching order, read by
// the viewer's gallery and by the tests that visit every lesson.
#pragma once

#include <istream>
#include <string>
#include <utility>
#include <vector>

namespace gridlock::trace {

// One line of the index: id<TAB>title<TAB>folder[<TAB>a.json,b.json|c.json,d.json[<TAB>technique
// <TAB>what it shows]].
struct LessonEntry {
  std::string id;
  std::string title;
  std::string folder;  // a relative folder is taken relative to the index file's folder
  // Pairs of recorded trace files (names in the folder's recorded/) the lesson declares for
  // side-by-side comparison.
  std::vector<std::pair<std::string, std::string>> compare;
  std::string technique;  // the documented technique's entry in TECHNIQUES.md: "L2"
  std::string shows;      // what the lesson shows, in a line, for the README's lesson tables
};

// Parses an index. Lines that are empty or start with '#' are skipped; malformed lines are
// reported in `problems` (with their line number) and skipped.
std::vector<LessonEntry> parse_lesson_index(std::istream& in, const std::string& base_folder,
                                            std::vector<std::string>& problems);

}  // namespace gridlock::trace
