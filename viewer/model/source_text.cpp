// Reading a kernel for people: its recording lines as the trace gives them, a phase's work, its why.
#include "model/source_text.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The line without a trailing // comment (strings and block comments are not looked into).
std::string_view code_of(std::string_view line) {
  const std::size_t comment = line.find("//");
  return trim(comment == std::string_view::npos ? line : line.substr(0, comment));
}

}  // namespace

std::vector<bool> recording_lines(const trace::Source& source) {
  std::vector<bool> out(trace::split_lines(source.text).size(), false);
  for (int line : source.recording)
    if (line >= 1 && line <= static_cast<int>(out.size())) out[static_cast<std::size_t>(line - 1)] = true;
  return out;
}

namespace {

enum class LineKind { comment, recording, block, statement };

// A line as work_lines reads it: a comment or blank line; a recording; a line that opens or
// closes a block, or leaves it (`if (...) {`, `}`, `} else {`, `return;`); or a statement.
LineKind kind_of(std::string_view line, bool recording) {
  const std::string_view code = code_of(line);
  if (code.empty()) return LineKind::comment;
  if (recording) return LineKind::recording;
  if (code.back() == '{' || code.front() == '}' || code == "return;" || code == "break;" ||
      code == "continue;")
    return LineKind::block;
  return LineKind::statement;
}

constexpr std::size_t kMaxObserved = 2;  // statements one recording observes
constexpr std::size_t kMaxUnrecorded = 3;

}  // namespace

std::vector<int> work_lines(const trace::Source& source, int first, int last) {
  const std::vector<std::string_view> lines = trace::split_lines(source.text);
  const std::vector<bool> recording = recording_lines(source);
  last = std::min(last, static_cast<int>(lines.size()));
  if (first < 1 || last <= first) return {};
  auto kind = [&](int line) {
    const auto i = static_cast<std::size_t>(line - 1);
    return kind_of(lines[i], recording[i]);
  };
  std::vector<int> found;
  auto take = [&](int line) {
    if (std::find(found.begin(), found.end(), line) == found.end()) found.push_back(line);
  };
  bool any_recording = false;
  for (int line = first + 1; line <= last; ++line) {
    if (kind(line) != LineKind::recording) continue;
    any_recording = true;
    std::size_t taken = 0;
    for (int back = line - 1; back > first && taken < kMaxObserved; --back) {
      const LineKind k = kind(back);
      if (k == LineKind::comment) continue;
      if (k == LineKind::statement) {
        take(back);
        ++taken;
        continue;
      }
      if (taken > 0) break;  // the statements just before the recording end here
    }
  }
  if (!any_recording) {
    for (int line = first + 1; line <= last; ++line)
      if (kind(line) == LineKind::statement) take(line);
    if (found.size() > kMaxUnrecorded) found.clear();
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<int> step_work_lines(const trace::Source& source, int first, int last,
                                 const std::vector<std::pair<int, int>>& lights) {
  const std::vector<bool> recording = recording_lines(source);
  std::vector<int> lit;
  for (const auto& [from, to] : lights)
    for (int line = std::max(from, first + 1); line <= std::min(to, last); ++line)
      if (line > static_cast<int>(recording.size()) || !recording[static_cast<std::size_t>(line - 1)])
        lit.push_back(line);
  std::sort(lit.begin(), lit.end());
  lit.erase(std::unique(lit.begin(), lit.end()), lit.end());
  return lit.empty() ? work_lines(source, first, last) : lit;
}

std::string phase_why(std::string_view source, int phase_line) {
  const std::vector<std::string_view> lines = trace::split_lines(source);
  std::string why;
  for (int i = phase_line; i >= 1 && i < static_cast<int>(lines.size()); ++i) {
    const std::string_view text = trim(lines[static_cast<std::size_t>(i)]);
    if (text.substr(0, 2) != "//") break;
    const std::string_view words = trim(text.substr(2));
    if (words.empty() || trace::is_phase_comment(text)) break;
    if (!why.empty()) why += ' ';
    why += words;
  }
  return why;
}

std::vector<std::string> step_whys(const trace::Trace& trace) {
  std::vector<std::string> whys;
  for (const trace::Step& step : trace.steps) {
    const bool known = step.source >= 0 && step.source < static_cast<int>(trace.sources.size());
    whys.push_back(known
                       ? phase_why(trace.sources[static_cast<std::size_t>(step.source)].text, step.line_begin)
                       : std::string());
  }
  return whys;
}

}  // namespace gridlock::viewer
