// Recording lines from the compiler's line tables.
#include "common/sources/recording_lines.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <utility>

#include "common/sources/files.hpp"
#include "trace/trace.hpp"

namespace gridlock::sources {

namespace {

using FileLine = std::pair<int, int>;  // a `.file` number and a line

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The first two integers of `text`, a file number and a line ("1 32 3" of ".loc 1 32 3").
bool read_file_line(std::string_view text, FileLine& out) {
  const std::string rest(text);
  char* end = nullptr;
  const long file = std::strtol(rest.c_str(), &end, 10);
  if (end == rest.c_str()) return false;
  const char* at = end;
  const long line = std::strtol(at, &end, 10);
  if (end == at) return false;
  out = {int(file), int(line)};
  return true;
}

struct Unit {          // a kernel (.entry) or a device function the compiler kept (.func)
  std::string kernel;  // a kernel's (mangled) name; empty for a device function
  std::set<FileLine> lines;
  bool records = false;  // it runs recorder code
};

// The name a `.entry` line declares ("_Z6reducePi" of ".visible .entry _Z6reducePi(").
std::string entry_name(std::string_view line) {
  const std::size_t at = line.find(".entry ");
  if (at == std::string_view::npos) return {};
  std::string_view name = trim(line.substr(at + 7));
  return std::string(name.substr(0, name.find('(')));
}

// Every kernel and kept device function of `ptx` with the lines it holds code of, and whether it
// runs recorder code; `files` gets the `.file` table.
std::vector<Unit> read_units(const std::string& ptx, std::map<int, std::string>& files) {
  std::vector<Unit> units;
  std::istringstream in(ptx);
  std::string raw;
  while (std::getline(in, raw)) {
    const std::string_view line = trim(raw);
    if (line.find(".entry ") != std::string_view::npos || line.find(".func ") != std::string_view::npos) {
      units.emplace_back();
      units.back().kernel = entry_name(line);
    } else if (line.rfind(".file", 0) == 0) {
      const std::size_t open = line.find('"'), close = line.find('"', open + 1);
      const long index = std::strtol(std::string(line.substr(5)).c_str(), nullptr, 10);
      if (open != std::string_view::npos && close != std::string_view::npos)
        files[int(index)] = std::string(line.substr(open + 1, close - open - 1));
    } else if (line.rfind(".loc", 0) == 0 && !units.empty()) {
      FileLine at;
      if (read_file_line(line.substr(4), at) && at.second > 0) units.back().lines.insert(at);
      for (std::size_t from = line.find("inlined_at"); from != std::string_view::npos;
           from = line.find("inlined_at", from + 1))
        if (read_file_line(line.substr(from + 10), at) && at.second > 0) units.back().lines.insert(at);
    }
  }
  for (Unit& u : units)
    u.records = std::any_of(u.lines.begin(), u.lines.end(), [&](const FileLine& fl) {
      const auto f = files.find(fl.first);
      return f != files.end() && is_recorder_file(f->second);
    });
  return units;
}

}  // namespace

bool is_recorder_file(const std::string& path) {
  const std::string name = path.substr(path.find_last_of('/') + 1);
  return name.find("recorder") != std::string::npos || name == "event_log.cuh";
}

std::vector<std::string> plain_kernels(const std::string& ptx) {
  std::map<int, std::string> files;
  std::vector<std::string> out;
  for (const Unit& u : read_units(ptx, files))
    if (!u.kernel.empty() && !u.records) out.push_back(u.kernel);
  return out;
}

std::map<std::string, std::vector<int>> lines_only_recording_kernels(const std::string& ptx) {
  std::map<int, std::string> files;
  std::set<FileLine> recording, plain;
  for (const Unit& u : read_units(ptx, files))
    (u.records ? recording : plain).insert(u.lines.begin(), u.lines.end());
  std::map<std::string, std::vector<int>> out;
  for (const FileLine& fl : recording) {
    const auto f = files.find(fl.first);
    if (f != files.end() && !plain.count(fl)) out[f->second].push_back(fl.second);
  }
  return out;
}

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

bool is_jump(std::string_view code) {
  for (std::string_view jump : {"return;", "break;", "continue;"})
    if (code == jump || (code.rfind("if (", 0) == 0 && ends_with(code, jump))) return true;
  return false;
}

int depth_change(std::string_view code, char open, char close) {
  int d = 0;
  for (char c : code) d += c == open ? 1 : c == close ? -1 : 0;
  return d;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The names a line declares with an initialiser: `int a = 0, b = a + 1;` declares a and b. A name
// followed by `=` (not `==`) counts when a type, a `*`, `&`, `>` or a comma comes before it, so an
// assignment (`a = 1;`, `x.a = 1;`, `a[i] = 1;`) declares nothing.
std::vector<std::string> declared_names(std::string_view code) {
  std::vector<std::string> out;
  for (std::size_t at = code.find('='); at != std::string_view::npos; at = code.find('=', at + 1)) {
    const bool compares =
        (at + 1 < code.size() && code[at + 1] == '=') ||
        (at > 0 && std::string_view("=!<>+-*/%&|^").find(code[at - 1]) != std::string_view::npos);
    if (compares) continue;
    std::size_t end = at;
    while (end > 0 && code[end - 1] == ' ') --end;
    std::size_t begin = end;
    while (begin > 0 && is_word_char(code[begin - 1])) --begin;
    if (begin == end) continue;
    std::size_t before = begin;
    while (before > 0 && code[before - 1] == ' ') --before;
    const bool after_type =
        before > 0 && (is_word_char(code[before - 1]) || code[before - 1] == '*' || code[before - 1] == '&' ||
                       code[before - 1] == '>' || code[before - 1] == ',');
    if (after_type && before < begin) out.emplace_back(code.substr(begin, end - begin));
  }
  return out;
}

bool uses_name(std::string_view code, const std::string& name) {
  for (std::size_t at = code.find(name); at != std::string_view::npos; at = code.find(name, at + 1)) {
    const bool starts = at == 0 || !is_word_char(code[at - 1]);
    const bool ends = at + name.size() == code.size() || !is_word_char(code[at + name.size()]);
    if (starts && ends) return true;
  }
  return false;
}

// A control head without braces (`if (...)`, `for (...)`, `else`), whose statement is the next line.
bool is_braceless_head(std::string_view code) {
  if (code == "else") return true;
  for (std::string_view head : {"if (", "if constexpr (", "for (", "while (", "else if ("})
    if (code.rfind(head, 0) == 0 && code.back() == ')') return true;
  return false;
}

}  // namespace

std::vector<int> recording_statements(const std::string& source, const std::vector<int>& candidates) {
  const std::string code_text = code_only(source);
  const std::vector<std::string_view> lines = trace::split_lines(code_text);
  const int count = int(lines.size());
  auto code = [&](int line) { return trim(lines[std::size_t(line - 1)]); };
  std::set<int> heads;  // the first lines of the recording statements
  for (int line : candidates)
    if (line >= 1 && line <= count && !code(line).empty() && !is_jump(code(line))) heads.insert(line);

  // A statement that runs on: the lines until its parentheses close and it ends.
  auto statement_end = [&](int line) {
    int parens = depth_change(code(line), '(', ')');
    int next = line;
    for (; next < count && next < line + 12; ++next) {
      const std::string_view c = code(next);
      if (parens <= 0 && (c.empty() || c.back() == ';' || c.back() == '{' || c.back() == '}')) break;
      parens += depth_change(code(next + 1), '(', ')');
    }
    return next;
  };
  auto closing_line = [&](int head) {  // the line that closes the block `head` opens, 0 if none
    int braces = depth_change(code(head), '{', '}');
    for (int next = head + 1; next <= count; ++next)
      if ((braces += depth_change(code(next), '{', '}')) <= 0) return next;
    return 0;
  };
  auto opens_block = [&](int line) {
    const std::string_view c = code(line);
    return !c.empty() && c.back() == '{' && c != "{";
  };
  auto whole_statements = [&] {
    std::set<int> kept;
    for (int line : heads)
      for (int l = line, end = statement_end(line); l <= end; ++l) kept.insert(l);
    // A block's head stays only when every line of its block records.
    for (bool changed = true; changed;) {
      changed = false;
      for (int line : std::set<int>(kept)) {
        if (!opens_block(line)) continue;
        const int close = closing_line(line);
        bool only_recording = close > 0;
        for (int inside = line + 1; only_recording && inside < close; ++inside) {
          const std::string_view c = code(inside);
          only_recording = c.empty() || c == "}" || kept.count(inside);
        }
        if (!only_recording) {
          kept.erase(line);
          changed = true;
        }
      }
    }
    // A head without braces whose one statement records records too (`if constexpr (Record)`).
    for (int line = count - 1; line >= 1; --line)
      if (is_braceless_head(code(line)) && kept.count(line + 1) && !code(line + 1).empty() &&
          code(line + 1).back() == ';')
        kept.insert(line);
    return kept;
  };

  // A value a recording statement declares and a line of the technique uses is the technique's
  // too (the compiler may have placed its code on the line that uses it): that statement stays,
  // so the kernel without its recording lines still compiles.
  std::set<int> kept = whole_statements();
  for (bool changed = true; changed;) {
    changed = false;
    for (int line : std::set<int>(heads)) {
      const int end = statement_end(line);
      std::vector<std::string> names;
      for (int l = line; l <= end; ++l)
        for (std::string& name : declared_names(code(l))) names.push_back(std::move(name));
      int depth = 0;  // the declaration's scope: until its block closes
      bool used = false;
      for (int next = end + 1; next <= count && depth >= 0 && !used; ++next) {
        depth += depth_change(code(next), '{', '}');
        if (kept.count(next)) continue;
        for (const std::string& name : names) used |= uses_name(code(next), name);
      }
      if (used) {
        heads.erase(line);
        kept = whole_statements();
        changed = true;
      }
    }
  }
  for (int line : std::set<int>(kept)) {
    const int close = opens_block(line) ? closing_line(line) : 0;
    if (close > 0 && code(close) == "}") kept.insert(close);
  }
  return {kept.begin(), kept.end()};
}

std::map<std::string, std::vector<int>> recording_lines_in_repository(const std::string& ptx,
                                                                      const std::string& root) {
  namespace fs = std::filesystem;
  const fs::path top = fs::weakly_canonical(fs::path(root));
  std::map<std::string, std::vector<int>> out;
  for (const auto& [path, lines] : lines_only_recording_kernels(ptx)) {
    const fs::path rel = fs::weakly_canonical(fs::path(path)).lexically_relative(top);
    std::string text;
    if (rel.empty() || *rel.begin() == ".." || !read_text((top / rel).string(), text)) continue;
    out[rel.generic_string()] = recording_statements(text, lines);
  }
  return out;
}

}  // namespace gridlock::sources
