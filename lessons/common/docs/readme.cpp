// Resolves a README's blocks against the files they name, then compares or rewrites them.
#include "docs/readme.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "docs/headings.hpp"
#include "docs/lesson_table.hpp"
#include "docs/markers.hpp"
#include "docs/outcomes_table.hpp"
#include "docs/region.hpp"
#include "docs/stale.hpp"
#include "docs/trace_text.hpp"
#include "trace/trace.hpp"

namespace gridlock::docs {
namespace fs = std::filesystem;
namespace {

constexpr std::uintmax_t kMaxTextBytes = 16u << 20;
constexpr const char* kClaimsHeading = kLessonHeadings[4];

// Throws DocsError saying what is wrong; the caller names the file.
void expect_regular_file(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) throw DocsError("not a readable file");
}

std::string read_text(const fs::path& path) {
  expect_regular_file(path);
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  if (error || size > kMaxTextBytes) throw DocsError("unreadable or larger than 16 MiB");
  std::ifstream in(path, std::ios::binary);
  std::string text(static_cast<size_t>(size), '\0');
  if (!in.read(text.data(), static_cast<std::streamsize>(size)))
    throw DocsError("could not read the whole file");
  return text;
}

// Writes what each block should hold, reading every file at most once.
class Generator {
 public:
  Generator(fs::path folder, std::string default_trace, const std::vector<trace::LessonEntry>* lessons)
      : folder_(std::move(folder)), default_trace_(std::move(default_trace)), lessons_(lessons) {}

  std::string text_for(const Block& block) {
    switch (block.kind) {
      case BlockKind::code:
        return fenced_cpp(region(block));
      case BlockKind::claims:
        return claims_table(trace_for(block));
      case BlockKind::timings:
        return timings_table(trace_for(block));
      case BlockKind::fact:
        return fact_text(trace_for(block), block.name);
      case BlockKind::lessons:
        if (!lessons_)
          throw DocsError("the lesson table is written from the lesson index: give --index LESSON_INDEX");
        return lesson_table(*lessons_, folder_.empty() ? fs::path(".") : folder_, block.name);
      case BlockKind::outcomes:
        return outcomes_table(block.name);
    }
    return {};
  }

 private:
  std::string region(const Block& block) {
    std::string code;
    try {
      code = extract_region(source(block.file), block.name);
    } catch (const DocsError& e) {
      throw DocsError(block.file + ": " + e.what());  // the source's own problem, or its region's
    }
    for (std::string_view line : trace::split_lines(code))
      if (is_marker_line(line))
        throw DocsError(block.file +
                        ": the region holds a line that reads as a README marker: " + std::string(line));
    return code;
  }

  const std::string& source(const std::string& file) {
    auto found = sources_.find(file);
    if (found == sources_.end()) found = sources_.emplace(file, read_text(folder_ / file)).first;
    return found->second;
  }

  const trace::Trace& trace_for(const Block& block) {
    const std::string& file = block.file.empty() ? default_trace_ : block.file;
    if (file.empty())
      throw DocsError(
          "no trace to read: add <!-- trace: recorded/NAME.json --> near the top, or name one "
          "in this marker");
    auto found = traces_.find(file);
    if (found != traces_.end()) return found->second;
    try {
      expect_regular_file(folder_ / file);
      return traces_.emplace(file, trace::read_file((folder_ / file).string())).first->second;
    } catch (const DocsError& e) {
      throw DocsError("unreadable trace: " + file + ": " + e.what());
    } catch (const std::exception& e) {
      throw DocsError(std::string("unreadable trace: ") + e.what());
    }
  }

  fs::path folder_;
  std::string default_trace_;
  const std::vector<trace::LessonEntry>* lessons_;
  std::map<std::string, std::string> sources_;
  std::map<std::string, trace::Trace> traces_;
};

// A README with every block resolved: `expected[i]` is what blocks[i] should hold (none when it
// cannot be generated).
struct Resolved {
  bool readable = false;
  std::string text;
  Markers markers;
  std::vector<std::optional<std::string>> expected;
  std::vector<Problem> problems;
};

// Generated text uses '\n'; a README written with "\r\n" gets its own line breaks back.
std::string with_line_breaks_of(const std::string& readme, std::string text) {
  const size_t newline = readme.find('\n');
  if (newline == std::string::npos || newline == 0 || readme[newline - 1] != '\r') return text;
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

Resolved resolve(const std::string& path, const std::vector<trace::LessonEntry>* lessons) {
  Resolved r;
  try {
    r.text = read_text(path);
    r.readable = true;
  } catch (const DocsError& e) {
    r.problems.push_back({0, e.what()});  // the caller names the README
    return r;
  }
  r.markers = find_markers(r.text);
  r.problems = r.markers.problems;
  Generator generator(fs::path(path).parent_path(), r.markers.trace, lessons);
  for (const Block& block : r.markers.blocks) {
    try {
      r.expected.push_back(with_line_breaks_of(r.text, generator.text_for(block)));
    } catch (const DocsError& e) {
      r.expected.push_back(std::nullopt);
      r.problems.push_back({block.line, describe(block) + ": " + e.what()});
    }
  }
  return r;
}

// The lesson outline beyond the headings: a default trace, and the claims as a generated table.
void check_outline(const Resolved& r, std::vector<Problem>& problems) {
  if (r.markers.trace.empty())
    problems.push_back({0,
                        "no <!-- trace: recorded/NAME.json --> marker: a lesson README names the trace "
                        "its numbers come from"});
  for (const Section& section : find_sections(r.text)) {
    if (section.heading != kClaimsHeading) continue;
    for (const Block& block : r.markers.blocks)
      if (block.kind == BlockKind::claims && block.line > section.line && block.line <= section.last_line)
        return;
    problems.push_back({section.line, "section \"" + section.heading +
                                          "\" has no <!-- claims --> block: the claims table is generated "
                                          "from the trace"});
  }
}

}  // namespace

Outcome check_readme(const std::string& path, Outline outline,
                     const std::vector<trace::LessonEntry>* lessons) {
  Resolved r = resolve(path, lessons);
  Outcome outcome{std::move(r.problems), static_cast<int>(r.markers.blocks.size()), false};
  if (!r.readable) return outcome;
  for (size_t i = 0; i < r.markers.blocks.size(); ++i) {
    const Block& block = r.markers.blocks[i];
    const std::string found = r.text.substr(block.begin, block.end - block.begin);
    if (r.expected[i] && found != *r.expected[i])
      outcome.problems.push_back({block.line, stale_message(block, *r.expected[i], found)});
  }
  if (outline == Outline::chapter) return outcome;
  for (Problem& p : check_lesson_headings(r.text)) outcome.problems.push_back(std::move(p));
  check_outline(r, outcome.problems);
  return outcome;
}

Outcome update_readme(const std::string& path, const std::vector<trace::LessonEntry>* lessons) {
  Resolved r = resolve(path, lessons);
  Outcome outcome{std::move(r.problems), static_cast<int>(r.markers.blocks.size()), false};
  if (!outcome.problems.empty()) return outcome;
  std::string updated;
  size_t copied = 0;
  for (size_t i = 0; i < r.markers.blocks.size(); ++i) {
    const Block& block = r.markers.blocks[i];
    updated.append(r.text, copied, block.begin - copied).append(*r.expected[i]);
    copied = block.end;
  }
  updated.append(r.text, copied, std::string::npos);
  if (updated == r.text) return outcome;
  try {
    trace::write_file_atomically(path, updated);
    outcome.rewritten = true;
  } catch (const trace::TraceError& e) {
    outcome.problems.push_back({0, e.what()});
  }
  return outcome;
}

}  // namespace gridlock::docs
