// Reading the options a lesson describes (--describe-options) and building its command line.
#include "model/lesson_cli.hpp"

#include "trace/json_reader.hpp"

namespace gridlock::viewer {

namespace {

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

LessonOption read_option(const trace::JsonPlace& place) {
  LessonOption o;
  o.name = place.at("name").text();
  const std::string kind = place.at("kind").text();
  o.value = place.at("default").text();
  if (place.has("description")) o.description = place.at("description").text();
  if (kind == "integer") {
    o.kind = LessonOption::Kind::integer;
    o.min = place.at("min").integer(INT64_MIN, INT64_MAX);
    o.max = place.at("max").integer(INT64_MIN, INT64_MAX);
    o.power_of_two = place.has("power_of_two") && place.at("power_of_two").value().is_boolean() &&
                     place.at("power_of_two").value().get<bool>();
  } else if (kind == "flag") {
    o.kind = LessonOption::Kind::flag;
  } else if (kind == "choice") {
    o.kind = LessonOption::Kind::text;
    const trace::JsonPlace choices = place.at("choices");
    for (size_t i = 0; i < choices.size(); ++i) o.choices.push_back(choices[i].text());
    if (o.choices.empty()) place.fail("a choice without choices");
  } else {
    place.at("kind").fail("\"" + kind + "\" is not integer, flag or choice");
  }
  if (o.name.empty() || o.name == "trace" || o.name == "perfetto")
    place.at("name").fail("not an option to set");
  return o;
}

}  // namespace

std::vector<LessonOption> parse_described_options(const std::string& json, const std::string& origin,
                                                  std::string* error) {
  std::vector<LessonOption> options;
  try {
    const nlohmann::json document = trace::parse_within_bounds(json, origin);
    const trace::JsonPlace top(document, origin);
    const trace::JsonPlace list = top.at("options");
    for (size_t i = 0; i < list.size(); ++i) options.push_back(read_option(list[i]));
  } catch (const trace::TraceError& e) {
    if (error) *error = e.what();
    return {};
  }
  if (options.empty() && error) *error = origin + ": the lesson describes no options";
  return options;
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
      if (o.power_of_two && (*v <= 0 || (*v & (*v - 1)) != 0))
        return "--" + o.name + " " + value + ": not a power of two";
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
