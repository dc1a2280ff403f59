// Lines of a text, and the lines of a kernel phase found from its comment, so step labels and
// source stay one text. The phase grammar lives here alone: a phase comment is a line comment
// whose text starts with "PHASE " ("// PHASE 2: halving tree"), and its text is the step label.
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

// The comment text of a line ("// PHASE 1: load" gives "PHASE 1: load"), or empty.
std::string_view comment_of(std::string_view line) {
  size_t at = line.find("//");
  if (at == std::string_view::npos) return {};
  std::string_view c = line.substr(at + 2);
  while (!c.empty() && c.front() == ' ') c.remove_prefix(1);
  while (!c.empty() && c.back() == ' ') c.remove_suffix(1);
  return c;
}

bool is_function_end(std::string_view line) { return !line.empty() && line.front() == '}'; }

constexpr std::string_view kPhasePrefix = "PHASE ";

}  // namespace

bool is_phase_comment(std::string_view line, std::string_view* label) {
  std::string_view c = comment_of(line);
  if (c.substr(0, kPhasePrefix.size()) != kPhasePrefix) return false;
  if (label) *label = c;
  return true;
}

std::string_view phase_of(std::string_view label) {
  size_t colon = label.find(':');
  return colon == std::string_view::npos ? label : label.substr(0, colon);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    std::string_view line =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) return lines;
    start = end + 1;
  }
}

LineRange find_phase_lines(std::string_view source, std::string_view label) {
  const std::vector<std::string_view> lines = split_lines(source);
  LineRange found;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (comment_of(lines[i]) != label) continue;
    if (found.begin != 0) return {};  // a label that names two places names none
    size_t last = i;
    for (size_t j = i + 1; j < lines.size(); ++j) {
      if (is_phase_comment(lines[j]) || is_function_end(lines[j])) break;
      last = j;
    }
    while (last > i && lines[last].find_first_not_of(" \t\r") == std::string_view::npos) --last;
    found = {static_cast<int>(i + 1), static_cast<int>(last + 1)};
  }
  return found;
}

}  // namespace gridlock::trace

namespace gridlock::trace {

LineRange find_region_lines(std::string_view source, std::string_view name) {
  const std::vector<std::string_view> lines = split_lines(source);
  const std::string begin = "// lesson-begin " + std::string(name),
                    end = "// lesson-end " + std::string(name);
  auto is = [](std::string_view line, const std::string& marker) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) return false;
    std::string_view rest = line.substr(first);
    while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ')) rest.remove_suffix(1);
    return rest == marker;
  };
  LineRange found;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!is(lines[i], begin)) continue;
    if (found.begin != 0) return {};  // a region that begins twice names no place
    for (size_t j = i + 1; j < lines.size(); ++j)
      if (is(lines[j], end)) {
        if (j == i + 1) return {};  // an empty region lights nothing
        found = {static_cast<int>(i + 2), static_cast<int>(j)};
        break;
      }
    if (found.begin == 0) return {};  // never closed
  }
  return found;
}

}  // namespace gridlock::trace
