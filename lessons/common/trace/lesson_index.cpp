// Reading the lesson index.
#include "trace/lesson_index.hpp"

#include <filesystem>

namespace gridlock::trace {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(separator, start);
    fields.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return fields;
    start = at + 1;
  }
}

// "a.json,b.json|c.json,d.json" (or empty) into pairs; false when malformed.
bool parse_compare_pairs(const std::string& text, std::vector<std::pair<std::string, std::string>>& pairs) {
  if (text.empty()) return true;
  for (const std::string& pair : split(text, '|')) {
    const std::vector<std::string> names = split(pair, ',');
    if (names.size() != 2 || names[0].empty() || names[1].empty()) return false;
    pairs.emplace_back(names[0], names[1]);
  }
  return true;
}

}  // namespace

std::vector<LessonEntry> parse_lesson_index(std::istream& in, const std::string& base_folder,
                                            std::vector<std::string>& problems) {
  namespace fs = std::filesystem;
  std::vector<LessonEntry> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> fields = split(line, '\t');
    const std::string where = "lesson index line " + std::to_string(number);
    if (fields.size() < 3 || fields.size() > 6 || fields.size() == 5 || fields[0].empty() ||
        fields[2].empty()) {
      problems.push_back(where +
                         ": expected id<TAB>title<TAB>folder[<TAB>compare pairs[<TAB>technique<TAB>shows]]");
      continue;
    }
    fs::path folder(fields[2]);
    if (folder.is_relative() && !base_folder.empty()) folder = fs::path(base_folder) / folder;
    LessonEntry entry{fields[0], fields[1], folder.lexically_normal().string(), {}, {}, {}};
    if (fields.size() >= 4 && !parse_compare_pairs(fields[3], entry.compare))
      problems.push_back(where + ": compare pairs must read a.json,b.json|c.json,d.json");
    if (fields.size() == 6) {
      entry.technique = fields[4];
      entry.shows = fields[5];
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace gridlock::trace
