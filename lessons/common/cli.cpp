// The shared lesson command line, on CLI11. Every value is checked here, before any GPU work.
#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "exit_codes.hpp"

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
  add_whole_number(app, "--n", o.n, "Number of input elements", 1, kMaxElements);
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) std::cerr << id << ": ";
    *exit_code = app.exit(e) == 0 ? kExitOk : kExitUsage;
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

}  // namespace gridlock
