// Command-line parsing with CLI11.
#include "options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "format.hpp"
#include "views/registry.hpp"

namespace gridlock::viewer {

bool parse_size(const std::string& text, int& width, int& height) {
  std::size_t x = text.find_first_of("xX");
  if (x == std::string::npos || x == 0 || x + 1 >= text.size()) return false;
  try {
    std::size_t used_w = 0, used_h = 0;
    int w = std::stoi(text.substr(0, x), &used_w);
    int h = std::stoi(text.substr(x + 1), &used_h);
    if (used_w != x || used_h != text.size() - x - 1 || w <= 0 || h <= 0) return false;
    width = w;
    height = h;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

int parse_options(int argc, char** argv, Options& options) {
  CLI::App cli{
      "gridlock-viewer: replays gridlock traces (reduction trees, timelines, histograms, claims, source).\n"
      "Without files it opens on a gallery of the recorded traces.",
      "gridlock-viewer"};
  std::string size, time;
  cli.add_option("traces", options.traces, "trace files (.json) to open");
  cli.add_option("--compare", options.compare, "show two trace files side by side under one time cursor")
      ->expected(2);
  cli.add_option("--screenshot", options.screenshot,
                 "render one frame to this PNG and exit (the gallery when no trace is given)");
  cli.add_option("--step", options.step,
                 "step to show, counted from 0 (the window's \"step 1 of N\" is --step 0); negative "
                 "counts from the end (-1: the last step; comparing, the end of both runs)");
  cli.add_option("--time", time,
                 "the moment to show, on the trace's clock from its origin: ns, or with a unit (42.5us, "
                 "1.2ms); the step is the one the trace had reached then");
  cli.add_option("--view", options.view, "the view shown first (a tab over the canvas)")
      ->check(CLI::IsMember(view_names()));
  cli.add_flag("--list-views", options.list_views, "print the views that apply to each trace file and exit");
  cli.add_option("--bench-frames", options.bench_frames, "render N frames, print frame times, exit")
      ->check(CLI::Range(1, 1000000));
  cli.add_option("--size", size, "window or image size, WIDTHxHEIGHT (default 1600x900)");
  cli.add_option("--scale", options.scale,
                 "size of everything: text, spacing and the data the views draw (default: the one "
                 "remembered, else 1; Ctrl+= and Ctrl+- change it)")
      ->check(CLI::Range(0.5f, 4.0f));
  cli.add_option("--theme", options.theme,
                 "colour theme, dark or light (default: the one remembered; L switches)")
      ->check(CLI::IsMember({"dark", "light"}));
  cli.add_flag("--fullscreen", options.fullscreen, "start in full screen (F11 switches)");
  cli.add_option("--zoom", options.zoom, "first zoom of the tree (1: fit), e.g. for screenshots")
      ->check(CLI::Range(1.0, 4096.0));
  cli.add_flag("--tree-order", options.tree_order,
               "draw tree rows in tree order (no crossing edges) instead of memory order");
  cli.add_option("--lessons", options.lessons,
                 "the gallery's lessons: a lesson index (id<TAB>title<TAB>folder lines) or a folder "
                 "searched for */recorded/*.json")
      ->check(CLI::ExistingPath);
  cli.add_option("--panel", options.panel, "the panel shown below the source first")
      ->check(CLI::IsMember({"claims", "timeline", "warps", "lesson", "run"}));
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = cli.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (!size.empty()) {
    if (!parse_size(size, options.width, options.height) || options.width < 200 || options.height < 150 ||
        options.width > 16384 || options.height > 16384) {
      std::cerr << "gridlock-viewer: --size " << size
                << ": expected WIDTHxHEIGHT between 200x150 and 16384x16384\n";
      return 2;
    }
  }
  if (!time.empty()) {
    int64_t ns = 0;
    if (!parse_duration(time, ns)) {
      std::cerr << "gridlock-viewer: --time " << time << ": expected a time such as 42560, 42.5us or 1.2ms\n";
      return 2;
    }
    options.time_ns = ns;
  }
  if (!options.compare.empty() && !options.traces.empty()) {
    std::cerr << "gridlock-viewer: --compare takes its two trace files; give no others\n";
    return 2;
  }
  if (options.list_views && options.traces.empty()) {
    std::cerr << "gridlock-viewer: --list-views needs trace files\n";
    return 2;
  }
  if (!options.screenshot.empty() && options.traces.size() > 1) {
    std::cerr << "gridlock-viewer: --screenshot takes at most one trace file, got " << options.traces.size()
              << "\n";
    return 2;
  }
  if (!options.screenshot.empty() && options.bench_frames > 0) {
    std::cerr << "gridlock-viewer: --screenshot and --bench-frames cannot be combined\n";
    return 2;
  }
  return -1;
}

}  // namespace gridlock::viewer
