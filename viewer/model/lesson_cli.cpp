// Reading a lesson's CLI11 help and building its command line.
#include "model/lesson_cli.hpp"

#include <cctype>
#include <set>
#include <sstream>

namespace gridlock::viewer {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::optional<int64_t> to_integer(const std::string& text) {
  if (text.empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used != text.size()) return std::nullopt;
    return static_cast<int64_t>(v);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(trim(part));
  return parts;
}

// "INT:INT in [1 - 268435456]=10000", "UINT=1", "TEXT:{a,b}=a", "PATH" or "" (a flag).
void read_type(const std::string& spec, LessonOption& o) {
  std::string type = spec, value;
  if (std::size_t eq = spec.rfind('='); eq != std::string::npos) {
    type = spec.substr(0, eq);
    value = spec.substr(eq + 1);
  }
  o.value = trim(value);
  if (type.empty()) {
    o.kind = LessonOption::Kind::flag;
    o.value = "0";
  } else if (starts_with(type, "INT") || starts_with(type, "UINT")) {
    o.kind = LessonOption::Kind::integer;
    if (starts_with(type, "UINT")) o.min = 0;
    const std::size_t open = type.find('['), dash = type.find(" - "), close = type.find(']');
    if (open != std::string::npos && dash != std::string::npos && close != std::string::npos) {
      o.min = to_integer(trim(type.substr(open + 1, dash - open - 1)));
      o.max = to_integer(trim(type.substr(dash + 3, close - dash - 3)));
    }
  } else {
    o.kind = LessonOption::Kind::text;
    const std::size_t open = type.find('{'), close = type.find('}');
    if (open != std::string::npos && close != std::string::npos)
      o.choices = split(type.substr(open + 1, close - open - 1), ',');
  }
}

const std::set<std::string>& set_by_viewer() {
  static const std::set<std::string> names = {"help", "trace", "perfetto", "list-variants"};
  return names;
}

// A range given at the end of the description instead: "Number of input elements (1 to 268435456)".
void range_from_description(LessonOption& o) {
  if (o.kind != LessonOption::Kind::integer || o.max) return;
  const std::size_t open = o.description.rfind('('), to = o.description.rfind(" to "),
                    close = o.description.rfind(')');
  if (open == std::string::npos || to == std::string::npos || close == std::string::npos || to < open ||
      close < to)
    return;
  const std::optional<int64_t> lo = to_integer(trim(o.description.substr(open + 1, to - open - 1)));
  const std::optional<int64_t> hi = to_integer(trim(o.description.substr(to + 4, close - to - 4)));
  if (lo && hi) o.min = lo, o.max = hi;
}

}  // namespace

std::vector<LessonOption> parse_lesson_help(const std::string& help) {
  std::vector<LessonOption> options;
  std::stringstream in(help);
  bool in_options = false;
  LessonOption* last = nullptr;
  for (std::string line; std::getline(in, line);) {
    if (trim(line) == "Options:") {
      in_options = true;
      continue;
    }
    if (!in_options) continue;
    const std::string text = trim(line);
    if (text.empty()) {
      last = nullptr;
      continue;
    }
    if (!starts_with(text, "-")) {  // a description on its own line, below the option
      if (last && last->description.empty()) last->description = text;
      continue;
    }
    // "--n INT:INT in [1 - 268435456]=1", "-h,--help   Print ...", "--bench     Time ..."
    const std::size_t dashes = text.find("--");
    if (dashes == std::string::npos) continue;
    const std::size_t name_end = text.find(' ', dashes);
    LessonOption o;
    o.name =
        text.substr(dashes + 2, name_end == std::string::npos ? std::string::npos : name_end - dashes - 2);
    std::string rest = name_end == std::string::npos ? "" : text.substr(name_end + 1);
    // The type is the first word after the name; a description follows after two or more spaces.
    const std::size_t gap = rest.find("  ");
    std::string spec = trim(rest.substr(0, gap));
    if (gap != std::string::npos) o.description = trim(rest.substr(gap));
    if (gap == 0 || (!spec.empty() && !std::isupper(static_cast<unsigned char>(spec[0])))) {
      o.description = trim(rest);  // a flag: only its description follows
      spec.clear();
    }
    read_type(spec, o);
    last = nullptr;
    if (set_by_viewer().count(o.name)) continue;
    options.push_back(o);
    last = &options.back();
  }
  for (LessonOption& o : options) range_from_description(o);
  return options;
}

std::vector<std::string> parse_variant_list(const std::string& text) {
  std::vector<std::string> variants;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!trim(line).empty()) variants.push_back(trim(line));
  return variants;
}

LessonValues initial_values(const std::vector<LessonOption>& options,
                            const std::map<std::string, double>& recorded, const std::string& variant) {
  LessonValues values;
  for (const LessonOption& o : options) {
    values[o.name] = o.value;
    if (o.name == "variant" && !variant.empty()) values[o.name] = variant;
    auto it = recorded.find(o.name);
    if (it == recorded.end()) continue;
    if (o.kind == LessonOption::Kind::integer)
      values[o.name] = std::to_string(static_cast<int64_t>(it->second));
    if (o.kind == LessonOption::Kind::flag) values[o.name] = it->second != 0 ? "1" : "0";
  }
  return values;
}

std::string check_values(const std::vector<LessonOption>& options, const LessonValues& values) {
  for (const LessonOption& o : options) {
    auto it = values.find(o.name);
    const std::string value = it == values.end() ? std::string() : it->second;
    if (o.kind == LessonOption::Kind::integer) {
      if (value.empty()) continue;
      const std::optional<int64_t> v = to_integer(value);
      if (!v) return "--" + o.name + " " + value + ": not a whole number";
      if ((o.min && *v < *o.min) || (o.max && *v > *o.max))
        return "--" + o.name + " " + value + ": outside [" + std::to_string(o.min.value_or(0)) + ", " +
               std::to_string(o.max.value_or(0)) + "]";
    } else if (o.kind == LessonOption::Kind::text && !o.choices.empty() && !value.empty()) {
      bool known = false;
      for (const std::string& c : o.choices) known = known || c == value;
      if (!known) return "--" + o.name + " " + value + ": not one of the lesson's choices";
    }
  }
  return {};
}

std::vector<std::string> lesson_command(const std::string& executable,
                                        const std::vector<LessonOption>& options, const LessonValues& values,
                                        const std::string& trace_path) {
  std::vector<std::string> argv = {executable};
  for (const LessonOption& o : options) {
    auto it = values.find(o.name);
    if (it == values.end() || it->second.empty()) continue;
    if (o.kind == LessonOption::Kind::flag) {
      if (it->second == "1") argv.push_back("--" + o.name);
      continue;
    }
    argv.push_back("--" + o.name);
    argv.push_back(it->second);
  }
  argv.push_back("--trace");
  argv.push_back(trace_path);
  return argv;
}

std::string shell_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& a : argv) {
    if (!line.empty()) line += ' ';
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./=:,+@%") == std::string::npos;
    if (plain) {
      line += a;
      continue;
    }
    line += '\'';
    for (char c : a) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

}  // namespace gridlock::viewer
