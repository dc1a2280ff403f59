// A lesson's command line as the viewer learns it from the lesson itself (`--help`,
// `--list-variants`), the values chosen in the window, and the command line built from them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gridlock::viewer {

// One option of a lesson, read from its CLI11 help text.
struct LessonOption {
  enum class Kind { integer, text, flag };
  std::string name;  // without "--": "n", "block", "blocks-per-sm", "variant"
  Kind kind = Kind::integer;
  std::optional<int64_t> min, max;   // an integer's range, when the help gives one
  std::string value;                 // the default the help gives (may be empty); "0"/"1" for a flag
  std::vector<std::string> choices;  // a text option's allowed values ({a,b,c}); empty: any
  std::string description;
};

// The options a lesson offers that the viewer can set: every integer and text option and every
// flag, in the help's order, except those the viewer sets itself or that stop the run (--help,
// --trace, --perfetto, --list-variants).
std::vector<LessonOption> parse_lesson_help(const std::string& help);

// The variants `--list-variants` printed, one a line, the default first.
std::vector<std::string> parse_variant_list(const std::string& text);

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
// `--NAME` when set), in the help's order, then `--trace TRACE_PATH`.
std::vector<std::string> lesson_command(const std::string& executable,
                                        const std::vector<LessonOption>& options, const LessonValues& values,
                                        const std::string& trace_path);

// The command as one line a shell would run as it is (arguments quoted where needed).
std::string shell_line(const std::vector<std::string>& argv);

}  // namespace gridlock::viewer
