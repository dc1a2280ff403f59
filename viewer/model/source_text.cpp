// Finding the recording lines of a kernel.
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

// The line without a trailing // comment (strings and block comments are not looked into: a
// recording statement holds neither).
std::string_view code_of(std::string_view line) {
  const std::size_t comment = line.find("//");
  return trim(comment == std::string_view::npos ? line : line.substr(0, comment));
}

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The length of the recorder's name at the start of `code` ("rec" or "merge_rec" for the
// recorder `rec`), 0 when `code` does not start with a recorder.
std::size_t recorder_at(std::string_view code, std::string_view recorder) {
  std::size_t n = 0;
  while (n < code.size() && is_word(code[n])) ++n;
  const std::string_view name = code.substr(0, n);
  if (name == recorder) return n;
  const bool suffixed = name.size() > recorder.size() + 1 &&
                        name.substr(name.size() - recorder.size()) == recorder &&
                        name[name.size() - recorder.size() - 1] == '_';
  return suffixed ? n : 0;
}

// `rec.record(...)`, `merge_rec->begin()`, or a helper given the recorder first:
// `gridlock::time_after(rec, now)`.
bool calls_recorder(std::string_view code, std::string_view recorder) {
  if (const std::size_t n = recorder_at(code, recorder)) {
    const std::string_view rest = code.substr(n);
    if (rest.substr(0, 1) == "." || rest.substr(0, 2) == "->") return true;
  }
  const std::size_t open = code.find('(');
  if (open == std::string_view::npos || open == 0) return false;
  for (char c : code.substr(0, open))
    if (!is_word(c) && c != ':' && c != '<' && c != '>' && c != ' ' && c != ',') return false;
  const std::string_view argument = trim(code.substr(open + 1));
  const std::size_t n = recorder_at(argument, recorder);
  return n > 0 && (argument.substr(n, 1) == "," || argument.substr(n, 1) == ")");
}

// "const unsigned long long t = rec.now();": declarations and plain assignments of a call on
// the recorder (one '=' that is not part of ==, <=, >=, != or a compound assignment).
bool assigns_recording(std::string_view code, std::string_view recorder) {
  const std::size_t eq = code.find('=');
  if (eq == std::string_view::npos || eq == 0 || code.substr(eq, 2) == "==") return false;
  const char before = code[eq - 1];
  if (!is_word(before) && before != ' ' && before != ']') return false;
  for (char c : code.substr(0, eq))
    if (c == '(' || c == ';') return false;
  return calls_recorder(trim(code.substr(eq + 1)), recorder);
}

// What follows the condition of `if (...) statement`; empty when `code` is no such line.
std::string_view after_condition(std::string_view code) {
  if (code.substr(0, 2) != "if" || code.size() < 3 || is_word(code[2])) return {};
  const std::size_t open = code.find('(');
  if (open == std::string_view::npos) return {};
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == '(') ++depth;
    if (code[i] == ')' && --depth == 0) return trim(code.substr(i + 1));
  }
  return {};
}

bool records(std::string_view code, std::string_view recorder) {
  if (const std::string_view body = after_condition(code); !body.empty()) code = body;
  return calls_recorder(code, recorder) || assigns_recording(code, recorder);
}

}  // namespace

std::vector<bool> recording_lines(std::string_view source, std::string_view recorder) {
  const std::vector<std::string_view> lines = trace::split_lines(source);
  std::vector<bool> out(lines.size(), false);
  bool continues = false;  // inside a recording statement that began on an earlier line
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view code = code_of(lines[i]);
    if (continues) {
      out[i] = true;
      continues = code.empty() || code.back() != ';';
      continue;
    }
    if (code.empty()) continue;
    const std::size_t end = code.find(';');
    const bool alone = end == std::string_view::npos || end + 1 == code.size();  // one statement
    if (alone && records(code, recorder)) {
      out[i] = true;
      continues = code.back() != ';';
    }
  }
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

std::vector<int> work_lines(std::string_view source, int first, int last, std::string_view recorder) {
  const std::vector<std::string_view> lines = trace::split_lines(source);
  const std::vector<bool> recording = recording_lines(source, recorder);
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

std::vector<int> step_work_lines(std::string_view source, int first, int last,
                                 const std::vector<std::pair<int, int>>& lights) {
  std::vector<int> lit;
  for (const auto& [from, to] : lights)
    for (int line = std::max(from, first + 1); line <= std::min(to, last); ++line) lit.push_back(line);
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
