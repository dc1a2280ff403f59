// Finding the recording lines of a kernel.
#include "model/source_text.hpp"

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

bool calls_recorder(std::string_view code, std::string_view recorder) {
  if (code.substr(0, recorder.size()) != recorder) return false;
  const std::string_view rest = code.substr(recorder.size());
  return rest.substr(0, 1) == "." || rest.substr(0, 2) == "->";
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
    if (alone && (calls_recorder(code, recorder) || assigns_recording(code, recorder))) {
      out[i] = true;
      continues = code.back() != ';';
    }
  }
  return out;
}

}  // namespace gridlock::viewer
