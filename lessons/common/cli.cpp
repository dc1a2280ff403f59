// The shared lesson command line, on CLI11. Every value is checked here, before any GPU work.
#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "exit_codes.hpp"
#include "largest_n.hpp"

namespace gridlock {
namespace {

// "" when `text` is a whole decimal number in [lo, hi]; otherwise what is wrong with it.
std::string whole_number_problem(const std::string& text, int64_t lo, uint64_t hi, bool power_of_two) {
  const bool negative = !text.empty() && text[0] == '-';
  const size_t first = negative ? 1 : 0;
  if (text.size() == first || text.find_first_not_of("0123456789", first) != std::string::npos)
    return "\"" + text + "\" is not a whole number";
  uint64_t value = 0;
  bool too_large = false;
  for (size_t i = first; i < text.size(); ++i) {
    too_large |= value > (UINT64_MAX - 9) / 10;
    if (!too_large) value = value * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  const std::string range = " (allowed: " + std::to_string(lo) + " to " + std::to_string(hi) + ")";
  if (negative && value > 0) return text + " is negative" + range;
  if (too_large || value > hi) return text + " is too large" + range;
  if (static_cast<int64_t>(value) < lo) return text + " is too small" + range;
  if (power_of_two && (value & (value - 1)) != 0) return text + " is not a power of two";
  return "";
}

// A whole-number option whose help ends in its range.
template <typename T>
void add_whole_number(CLI::App& app, const char* name, T& value, const std::string& help, int64_t lo,
                      uint64_t hi, bool power_of_two = false) {
  app.add_option(name, value, help + " (" + std::to_string(lo) + " to " + std::to_string(hi) + ")")
      ->check(CLI::Validator(
          [=](std::string& text) { return whole_number_problem(text, lo, hi, power_of_two); }, "", ""))
      ->capture_default_str();
}

// A JSON string: quotes, backslashes and control characters escaped.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// One option a caller can set, as --describe-options prints it.
struct Described {
  std::string name, kind, value, description;
  int64_t min = 0;
  uint64_t max = 0;
  bool power_of_two = false;
  std::vector<std::string> choices;
};

std::string to_json(const Described& d) {
  std::string out = "{\"name\": " + json_string(d.name) + ", \"kind\": " + json_string(d.kind) +
                    ", \"default\": " + json_string(d.value);
  if (d.kind == "integer")
    out += ", \"min\": " + std::to_string(d.min) + ", \"max\": " + std::to_string(d.max) +
           ", \"power_of_two\": " + (d.power_of_two ? "true" : "false");
  if (d.kind == "choice") {
    out += ", \"choices\": [";
    for (size_t i = 0; i < d.choices.size(); ++i) out += (i ? ", " : "") + json_string(d.choices[i]);
    out += "]";
  }
  return out + ", \"description\": " + json_string(d.description) + "}";
}

// The options a caller (the viewer's Run panel) may set, in the order --help lists them, as JSON:
// {"lesson": ID, "options": [{"name", "kind": integer|flag|choice, "default", ...}]}. The options
// that name files (--trace, --perfetto) or stop the run are the caller's own and not listed.
std::string describe_options(const char* id, const LessonDefaults& d) {
  const LessonOptions& o = d.options;
  std::vector<Described> all = {
      {"n", "integer", std::to_string(o.n), "Number of input elements", 1, uint64_t(largest_n())},
      {"block", "integer", std::to_string(o.block), "Threads per block, a power of two", d.min_block,
       uint64_t(d.max_block), true},
      {"grid", "integer", std::to_string(o.grid), "Blocks in the grid", 1, uint64_t(kMaxGrid)},
      {"seed", "integer", std::to_string(o.seed), "Seed of the random input; run k uses seed + k", 0,
       kMaxSeed},
      {"runs", "integer", std::to_string(o.runs), "Repetitions of every claim check", 1, uint64_t(kMaxRuns)},
      {"bench", "flag", o.bench ? "1" : "0", "Time the plain kernel against the baseline, in this run"}};
  for (const LessonParameter& p : d.parameters)
    all.push_back({p.name, "integer", std::to_string(p.value), p.description, p.min, uint64_t(p.max)});
  if (!d.variants.empty()) {
    Described v{"variant", "choice", d.variants.front(), "Which variant the trace records"};
    v.choices = d.variants;
    all.push_back(v);
  }
  std::string out = "{\"lesson\": " + json_string(id) + ", \"options\": [\n";
  for (size_t i = 0; i < all.size(); ++i) out += "  " + to_json(all[i]) + (i + 1 < all.size() ? ",\n" : "\n");
  return out + "]}\n";
}

}  // namespace

std::optional<LessonOptions> parse_lesson_options(int argc, char** argv, const char* id, const char* title,
                                                  const LessonDefaults& defaults, int* exit_code) {
  LessonOptions o = defaults.options;
  CLI::App app{std::string(title) +
                   "\n\nRuns the technique on this machine's GPU, checks "
                   "each documented claim and prints a verdict per claim.",
               id};
  app.add_option("--trace", o.trace_path, "Write the recorded steps, claims and timings to this file")
      ->type_name("PATH")
      ->check(
          CLI::Validator([](std::string& path) { return path.empty() ? "the path is empty" : ""; }, "", ""));
  app.add_option("--perfetto", o.perfetto_path,
                 "Also write the timeline as Chrome/Perfetto trace-event JSON (opens in ui.perfetto.dev)")
      ->type_name("PATH");
  add_whole_number(app, "--n", o.n, "Number of input elements", 1, largest_n());
  add_whole_number(app, "--block", o.block, "Threads per block, a power of two", defaults.min_block,
                   static_cast<uint64_t>(defaults.max_block), true);
  add_whole_number(app, "--grid", o.grid, "Blocks in the grid", 1, kMaxGrid);
  add_whole_number(app, "--seed", o.seed, "Seed of the random input; run k uses seed + k", 0, kMaxSeed);
  add_whole_number(app, "--runs", o.runs, "Repetitions of every claim check", 1, kMaxRuns);
  app.add_flag("--bench", o.bench, "Time the plain kernel against the baseline, in this run");
  for (const LessonParameter& p : defaults.parameters) {
    o.parameters[p.name] = p.value;
    app.add_option("--" + p.name, o.parameters[p.name], p.description)
        ->check(CLI::Range(p.min, p.max))
        ->capture_default_str();
  }
  bool list_variants = false;
  if (!defaults.variants.empty()) {
    o.variant = defaults.variants.front();
    app.add_option("--variant", o.variant, "Which variant the trace records")
        ->check(CLI::IsMember(defaults.variants))
        ->capture_default_str();
    app.add_flag("--list-variants", list_variants, "Print the variants, the default first, and exit");
  }
  bool describe = false;
  app.add_flag("--describe-options", describe,
               "Print the options above as JSON (name, kind, default, range, choices) and exit");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) std::cerr << id << ": ";
    *exit_code = app.exit(e) == 0 ? kExitOk : kExitUsage;
    return std::nullopt;
  }
  if (describe) {
    std::cout << describe_options(id, defaults);
    *exit_code = kExitOk;
    return std::nullopt;
  }
  if (list_variants) {
    for (const std::string& v : defaults.variants) std::cout << v << "\n";
    *exit_code = kExitOk;
    return std::nullopt;
  }
  return o;
}

std::string device_memory_problem(const LessonDefaults& defaults, const LessonOptions& o,
                                  int64_t free_bytes) {
  if (!defaults.device_bytes) return "";
  const int64_t needed = defaults.device_bytes(o);
  if (needed <= free_bytes) return "";
  auto mib = [](int64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; };
  return "this run needs " + mib(needed) + " of device memory (--n " + std::to_string(o.n) + ", --block " +
         std::to_string(o.block) + ", --grid " + std::to_string(o.grid) + "), but the GPU has " +
         mib(free_bytes) + " free: choose a smaller --n";
}

namespace {
int64_t raised_n = kMaxElements;
}  // namespace

void raise_largest_n(int64_t largest) { raised_n = largest > raised_n ? largest : raised_n; }
int64_t largest_n() { return raised_n; }

}  // namespace gridlock
