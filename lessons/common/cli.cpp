// The shared lesson command line, on CLI11.
#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "exit_codes.hpp"

namespace gridlock {

std::optional<LessonOptions> parse_lesson_options(int argc, char** argv, const char* id, const char* title,
                                                  const LessonDefaults& defaults, int* exit_code) {
  LessonOptions o = defaults.options;
  CLI::App app{std::string(title) +
                   "\n\nRuns the technique on this machine's GPU, checks "
                   "each documented claim and prints a verdict per claim.",
               id};
  app.add_option("--trace", o.trace_path, "Write the recorded steps, claims and timings to this file")
      ->type_name("PATH");
  app.add_option("--perfetto", o.perfetto_path,
                 "Also write the timeline as Chrome/Perfetto trace-event JSON (opens in ui.perfetto.dev)")
      ->type_name("PATH");
  app.add_option("--n", o.n, "Number of input elements")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 28))
      ->capture_default_str();
  app.add_option("--block", o.block, "Threads per block")
      ->check(CLI::Range(defaults.min_block, defaults.max_block))
      ->capture_default_str();
  app.add_option("--grid", o.grid, "Blocks in the grid")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  app.add_option("--seed", o.seed, "Seed of the random input (run k uses seed + k)")->capture_default_str();
  app.add_option("--runs", o.runs, "Repetitions of every claim check")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
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
    *exit_code = app.exit(e) == 0 ? kExitOk : kExitUsage;
    return std::nullopt;
  }
  if (list_variants) {
    for (const std::string& v : defaults.variants) std::cout << v << "\n";
    *exit_code = kExitOk;
    return std::nullopt;
  }
  if ((o.block & (o.block - 1)) != 0) {
    std::cerr << id << ": --block must be a power of two (got " << o.block << ")\n";
    *exit_code = kExitUsage;
    return std::nullopt;
  }
  return o;
}

}  // namespace gridlock
