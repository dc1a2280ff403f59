// Checks the six fixed sections of a lesson README.
#include "docs/headings.hpp"

#include "docs/markdown_lines.hpp"

namespace gridlock::docs {

namespace {

constexpr std::string_view kPlaceholder = "(to be written)";

bool is_top_heading(std::string_view line) {
  const std::string_view text = trim(line);
  const size_t hashes = text.find_first_not_of('#');
  const size_t level = hashes == std::string_view::npos ? text.size() : hashes;
  return line.substr(0, 1) == "#" && (level == 1 || level == 2) &&
         (hashes == std::string_view::npos || text[hashes] == ' ');
}

bool is_text(std::string_view line) {
  const std::string_view text = trim(line);
  Comment comment;
  return !text.empty() && !(read_comment(text, 0, &comment) && comment.end == text.size());
}

std::string quoted(std::string_view heading) { return "section \"" + std::string(heading) + "\""; }

// Problems with one section's own text.
void check_text(const Section& section, const std::vector<Line>& lines, std::vector<Problem>& problems) {
  bool has_text = false;
  for (int n = section.line + 1; n <= section.last_line; ++n) {
    const std::string_view text = lines[n - 1].text;
    has_text = has_text || is_text(text);
    if (text.find(kPlaceholder) != std::string_view::npos) {
      problems.push_back(
          {n, quoted(section.heading) + " is still the template's placeholder \"(to be written)\""});
      return;
    }
  }
  if (!has_text) problems.push_back({section.line, quoted(section.heading) + " has no text"});
}

const Section* find_unique(const std::vector<Section>& sections, std::string_view heading,
                           std::vector<Problem>& problems) {
  const Section* first = nullptr;
  for (const Section& section : sections) {
    if (section.heading != heading) continue;
    if (first)
      problems.push_back({section.line, quoted(heading) + " appears twice (first on line " +
                                            std::to_string(first->line) + ")"});
    else
      first = &section;
  }
  if (!first) problems.push_back({0, "missing " + quoted(heading)});
  return first;
}

}  // namespace

std::vector<Section> find_sections(std::string_view readme) {
  const std::vector<Line> lines = split_markdown_lines(readme);
  std::vector<Section> sections;
  FenceTracker fence;
  for (const Line& line : lines) {
    if (fence.in_fence(line.text) || !is_top_heading(line.text)) continue;
    if (!sections.empty()) sections.back().last_line = line.number - 1;
    sections.push_back({std::string(trim(line.text)), line.number, line.number});
  }
  if (!sections.empty()) sections.back().last_line = static_cast<int>(lines.size());
  return sections;
}

std::vector<Problem> check_lesson_headings(std::string_view readme) {
  const std::vector<Line> lines = split_markdown_lines(readme);
  const std::vector<Section> sections = find_sections(readme);
  std::vector<Problem> problems;
  const Section* previous = nullptr;
  for (const char* heading : kLessonHeadings) {
    const Section* section = find_unique(sections, heading, problems);
    if (!section) continue;
    if (previous && section->line < previous->line)
      problems.push_back({section->line, quoted(heading) + " comes before " + quoted(previous->heading) +
                                             "; the order is Goal, The technique, Run it, What to look "
                                             "for in the viewer, What the documentation claims and what "
                                             "we measured, Exercises"});
    check_text(*section, lines, problems);
    previous = section;
  }
  return problems;
}

}  // namespace gridlock::docs
