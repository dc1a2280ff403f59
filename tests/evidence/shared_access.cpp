// The shared-access rule of shared_access.hpp.
#include "shared_access.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "common/sources/files.hpp"

namespace gridlock::evidence {
namespace {

// The index just past the bracket that closes the one at `open` (text[open] is `open_c`), or npos.
size_t closing(const std::string& text, size_t open, char open_c, char close_c) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    depth += text[i] == open_c ? 1 : text[i] == close_c ? -1 : 0;
    if (depth == 0) return i + 1;
  }
  return std::string::npos;
}

// The parameters of a list (without its parentheses), split at top-level commas.
std::vector<std::string> parameters(const std::string& list) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : list) {
    depth += (c == '<' || c == '(') ? 1 : (c == '>' || c == ')') ? -1 : 0;
    if (c == ',' && depth == 0)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

// The name a parameter declares when it points or refers to shared memory by the rule; else "".
std::string shared_parameter(std::string p) {
  p = p.substr(0, p.find('='));
  static const std::regex last_name(R"((\w+)\s*$)");
  std::smatch m;
  if (!std::regex_search(p, m, last_name)) return "";
  const std::string type = p.substr(0, size_t(m.position(0)));
  const bool pointer = type.find('*') != std::string::npos, reference = type.find('&') != std::string::npos;
  const bool is_volatile = type.find("volatile") != std::string::npos;
  const bool const_pointee = type.substr(0, type.find('*')).find("const") != std::string::npos;
  return (is_volatile && (pointer || reference)) || (pointer && !const_pointee) ? m[1].str() : "";
}

// Where the parameter list of the function whose declaration goes on from `from` opens: the first
// "name(" that is not __launch_bounds__(...); npos when there is none.
size_t parameter_list(const std::string& text, size_t from) {
  static const std::regex call(R"((\w+)\s*\()");
  std::smatch m;
  auto begin = text.begin() + std::ptrdiff_t(from);
  while (std::regex_search(begin, text.end(), m, call)) {
    const size_t open = size_t(begin - text.begin() + m.position(0) + m.length(0) - 1);
    if (m[1] != "__launch_bounds__") return open;
    const size_t after = closing(text, open, '(', ')');
    if (after == std::string::npos) return after;
    begin = text.begin() + std::ptrdiff_t(after);
  }
  return std::string::npos;
}

size_t line_of(const std::string& text, size_t at) {
  return size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

// Whether text[begin, end) uses a shared name: a match of `access` that is not an address taken
// (`&r[warp]` hands the place on; `a && s[0]` does load).
bool accesses(const std::string& text, size_t begin, size_t end, const std::regex& access) {
  const auto first = text.begin() + std::ptrdiff_t(begin), last = text.begin() + std::ptrdiff_t(end);
  for (auto m = std::sregex_iterator(first, last, access); m != std::sregex_iterator(); ++m) {
    size_t at = begin + size_t(m->position(0));
    while (at > begin && (text[at - 1] == ' ' || text[at - 1] == '\t')) --at;
    const bool address = at > begin && text[at - 1] == '&' && !(at > begin + 1 && text[at - 2] == '&');
    if (!address) return true;
  }
  return false;
}

// A __device__ or __global__ function with a body: its name, its lines (0-based, from the line of
// its marker to the line of its closing brace) and its shared names by the rule.
struct DeviceFunction {
  std::string name;
  size_t first_line = 0, last_line = 0;
  std::vector<std::string> shared_names;
};

// The functions of `text` (code_only's output).
std::vector<DeviceFunction> device_functions(const std::string& text) {
  static const std::regex marker(R"(\b__(device|global)__\b)");
  static const std::regex shared_decl(R"(__shared__[^;\[]*?\b(\w+)\s*\[)");
  std::vector<DeviceFunction> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), marker); it != std::sregex_iterator(); ++it) {
    const bool device = (*it)[1] == "device";
    const size_t open = parameter_list(text, size_t(it->position(0) + it->length(0)));
    if (open == std::string::npos) break;
    const size_t close = closing(text, open, '(', ')');
    const size_t body = text.find_first_of("{;", close);
    if (close == std::string::npos || body == std::string::npos || text[body] == ';') continue;
    const size_t end = closing(text, body, '{', '}');
    if (end == std::string::npos) break;

    DeviceFunction f;
    size_t name_end = open;
    while (name_end > 0 && std::isspace(static_cast<unsigned char>(text[name_end - 1]))) --name_end;
    size_t name_start = name_end;
    while (name_start > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[name_start - 1])) || text[name_start - 1] == '_'))
      --name_start;
    f.name = text.substr(name_start, name_end - name_start);
    f.first_line = line_of(text, size_t(it->position(0)));
    f.last_line = line_of(text, end - 1);
    if (device)
      for (const std::string& p : parameters(text.substr(open + 1, close - open - 2)))
        if (const std::string n = shared_parameter(p); !n.empty()) f.shared_names.push_back(n);
    const std::string body_text = text.substr(body, end - body);
    for (auto d = std::sregex_iterator(body_text.begin(), body_text.end(), shared_decl);
         d != std::sregex_iterator(); ++d)
      f.shared_names.push_back((*d)[1]);
    out.push_back(f);
  }
  return out;
}

}  // namespace

std::vector<bool> shared_access_lines(const std::string& source) {
  const std::string text = sources::code_only(source);
  // Where lines are matched, the __shared__ declarations are blanked: declaring is no access.
  std::string scan = text;
  static const std::regex declaration(R"(__shared__[^;]*;)");
  for (auto d = std::sregex_iterator(text.begin(), text.end(), declaration); d != std::sregex_iterator(); ++d)
    for (size_t i = size_t(d->position(0)); i < size_t(d->position(0) + d->length(0)); ++i)
      if (scan[i] != '\n') scan[i] = ' ';
  std::vector<size_t> line_starts{0};
  for (size_t i = 0; i < scan.size(); ++i)
    if (scan[i] == '\n') line_starts.push_back(i + 1);
  std::vector<bool> touches(line_starts.size(), false);
  for (const DeviceFunction& f : device_functions(text)) {
    if (f.shared_names.empty()) continue;
    std::string alternatives;
    for (const std::string& n : f.shared_names) alternatives += (alternatives.empty() ? "" : "|") + n;
    const std::regex access("\\b(" + alternatives + ")\\s*(\\[|\\.|->)");
    for (size_t line = f.first_line; line <= f.last_line; ++line) {
      const size_t line_end = line + 1 < line_starts.size() ? line_starts[line + 1] - 1 : scan.size();
      touches[line] = touches[line] || accesses(scan, line_starts[line], line_end, access);
    }
  }
  return touches;
}

std::string enclosing_function(const std::string& source, int line) {
  std::string name;  // the innermost: the last one that begins at or before the line
  for (const DeviceFunction& f : device_functions(sources::code_only(source)))
    if (line >= 1 && f.first_line <= size_t(line - 1) && size_t(line - 1) <= f.last_line) name = f.name;
  return name;
}

}  // namespace gridlock::evidence
