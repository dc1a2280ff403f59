// A lesson's command line as the lesson itself describes it (`--describe-options`, JSON), the
// values chosen in the window, and the command line built from them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gridlock::viewer {

// One option of a lesson, as the lesson describes it.
struct LessonOption {
  enum class Kind { integer, text, flag };
  std::string name;  // without "--": "n", "block", "blocks-per-sm", "variant"
  Kind kind = Kind::integer;
  std::optional<int64_t> min, max;   // an integer's range
  bool power_of_two = false;         // an integer that must be a power of two (--block)
  std::string value;                 // the default; "0"/"1" for a flag
  std::vector<std::string> choices;  // a text option's allowed values, the default first
  std::string description;
};

// The options a lesson offers that the viewer can set, in the lesson's order, read from what
// `LESSON --describe-options` printed: {"lesson": ID, "options": [{"name", "kind" (integer, flag
// or choice), "default", "min", "max", "power_of_two", "choices", "description"}]}. Empty, with
// *error naming the place in `origin`, when the text is not such a description.
std::vector<LessonOption> parse_described_options(const std::string& json, const std::string& origin,
                                                  std::string* error);

// The values chosen for a lesson's options, by name; a flag is "1" when set.
using LessonValues = std::map<std::string, std::string>;

// The first values: each option's default, replaced by what the recorded trace ran with (its
// parameters by option name, and its variant) where it has one.
LessonValues initial_values(const std::vector<LessonOption>& options,
                            const std::map<std::string, double>& recorded, const std::string& variant);

// Why `values` cannot be passed (an integer out of range or not a number, a text not among its
// choices); empty when they can.
std::string check_values(const std::vector<LessonOption>& options, const LessonValues& values);

// The argument vector: EXECUTABLE, then `--NAME VALUE` for every option with a value (a flag as
// `--NAME` when set), in the lesson's order, then `--trace TRACE_PATH`.
std::vector<std::string> lesson_command(const std::string& executable,
                                        const std::vector<LessonOption>& options, const LessonValues& values,
                                        const std::string& trace_path);

// The command as one line a shell would run as it is (arguments quoted where needed).
std::string shell_line(const std::vector<std::string>& argv);

}  // namespace gridlock::viewer
