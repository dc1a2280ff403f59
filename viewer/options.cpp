// Command-line parsing with CLI11.
#include "options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "format.hpp"
#include "model/event_markers.hpp"
#include "model/export_range.hpp"
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
  cli.add_option(
      "--step-with", options.step_with,
      "the first step whose detail, label or note holds this text (\"mask 0xff\"): a step named by "
      "what it shows, which a re-recorded trace keeps where its number moves");
  cli.add_option("--time", time,
                 "the moment to show, on the trace's clock from its origin: ns, or with a unit (42.5us, "
                 "1.2ms); +T: T after the run's first event (+80us); the step is the one the trace had "
                 "reached then");
  std::vector<std::string> marker_words;
  for (MarkerKind kind : kMarkerKinds) marker_words.push_back(marker_word(kind));
  cli.add_option("--marker", options.marker,
                 "open at the first marker of this kind (the scrubber's legend names them), e.g. "
                 "lost_update, overlap, waiting_holder: the time at its moment, the timeline on the rows "
                 "and the time range it joins")
      ->check(CLI::IsMember(marker_words));
  cli.add_option("--fact", options.fact,
                 "open where a fact of the trace was taken from (its key, as the Run panel and the "
                 "README name it): the event, the span's end, the snapshot's step, or the view that "
                 "draws its series or timing");
  cli.add_option("--view", options.view, "the view shown first (a tab over the canvas)")
      ->check(CLI::IsMember(view_names()));
  cli.add_flag("--list-views", options.list_views, "print the views that apply to each trace file and exit");
  cli.add_option(
      "--write-gallery", options.write_gallery,
      "write the gallery's manifest (every card's text) and each card's thumbnail, in both themes, "
      "into this folder and exit (lessons/gallery: the one the gallery opens from)");
  cli.add_option("--check-gallery", options.check_gallery,
                 "compare the gallery manifest in this folder with the recorded traces; print what differs, "
                 "exit 1 if anything does");
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
  cli.add_option(
         "--follow-thread", options.follow_thread,
         "the thread the tree view follows first: its node at every level outlined and joined (a click on a "
         "node follows the thread that made it)")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 30));
  cli.add_flag("--tree-order", options.tree_order,
               "draw tree rows in tree order (no crossing edges) instead of memory order");
  cli.add_option("--lessons", options.lessons,
                 "the gallery's lessons: a lesson index (id<TAB>title<TAB>folder lines) or a folder "
                 "searched for */recorded/*.json")
      ->check(CLI::ExistingPath);
  cli.add_option("--panel", options.panel, "the panel shown below the source first")
      ->check(CLI::IsMember({"claims", "timeline", "warps", "lesson", "run"}));
  cli.add_option("--source", options.source,
                 "the source file shown first, by the end of its path (locks.cuh): the trace carries every "
                 "file of device code its kernel compiles with, in tabs; default: the step's own");
  cli.add_option("--lecture", options.lecture,
                 "walk a lecture: its stops open lessons' traces and comparisons at a view and a step; "
                 "PageDown and PageUp (a presenter's clicker) move between them (lectures/README.md)")
      ->check(CLI::ExistingFile);
  cli.add_option("--stop", options.stop, "with --lecture: the stop to open on, counted from 1")
      ->check(CLI::Range(1, 100000));
  cli.add_flag("--check-lecture", options.check_lecture,
               "with --lecture: check every stop against its traces, print the stops and exit");
  cli.add_option("--lecture-shots", options.lecture_shots,
                 "with --lecture: write a PNG of the window into this folder at every stop reached "
                 "(stop-01.png, ...)");
  cli.add_flag("--picture", options.picture,
               "start in the picture mode: the source, claims, header and playback bar hidden (P switches)");
  cli.add_option("--layout-report", options.layout_report,
                 "with --screenshot: write what the frame drew (labels over each other, the smallest text, "
                 "the data canvas's share of the window) to this file");
  cli.add_option("--question", options.question,
                 "open the trace's question N (counted from 1; Q walks them in the window): the playback "
                 "just before the outcome, which stays hidden until R")
      ->check(CLI::Range(1, 1000));
  cli.add_flag("--reveal", options.reveal, "with --question: show its answer, as R does");
  cli.add_option("--explore", options.explore,
                 "show a kernel in the model, every move yours: a model run as gridlock-explore takes it, in "
                 "quotes (\"documented-lock --blocks 3 --sms 2\")");
  cli.add_option("--challenge", options.challenge,
                 "show the model's challenge N (counted from 1; the Explore menu lists them)")
      ->check(CLI::Range(1, 100));
  cli.add_option(
      "--keys", options.keys,
      "keys pressed one a frame once the window shows, before a screenshot: 1-9, Space, Backspace, Home, "
      "or a letter (\"1 1 2 Backspace 2\")");
  cli.add_flag(
      "--solved", options.solved,
      "with --challenge and --screenshot: after --keys, press the keys of a shortest run that solves "
      "the challenge on its documented kernel (--keys T first: the same keys on the corrected one)");
  std::string steps, time_range;
  cli.add_option("--export-frames", options.export_frames,
                 "write the animation (every step, or --steps / --time-range) as numbered PNG frames into "
                 "this folder and exit");
  cli.add_option("--export-gif", options.export_gif, "write the animation as an animated GIF and exit");
  cli.add_option("--export-video", options.export_video,
                 "write the animation as a video through ffmpeg (on the PATH) and exit");
  cli.add_option("--steps", steps,
                 "the steps an export shows, FIRST:LAST counted from 0 (negative: from the end)");
  cli.add_option("--time-range", time_range,
                 "the moments an export shows, FROM:TO on the trace's clock (1.2us:4us); with both ends, "
                 "also the time range the timeline opens on, where +FROM:+TO counts from the run's first "
                 "event (+0us:+45us)");
  cli.add_option("--fps", options.fps, "frames (steps) per second of an exported GIF or video (default 2)")
      ->check(CLI::Range(0.1, 60.0));
  cli.add_option("--lesson-bin", options.lesson_bin,
                 "where Run on this GPU looks for lesson executables first (then $GRIDLOCK_LESSON_BIN, the "
                 "viewer's folder, ../bin, the source tree's build/bin)");
  cli.add_flag("--run-lesson", options.run_lesson,
               "with --screenshot: run the trace's lesson (with its recorded values and --set), print its "
               "output, and shoot the comparison of the recorded and the new trace");
  cli.add_option("--set", options.set_values, "NAME=VALUE: a lesson option for --run-lesson (--set n=4096)")
      ->allow_extra_args(false);
  cli.add_option("--cancel-after-lines", options.cancel_after_lines,
                 "with --run-lesson: cancel the run once it has printed this many lines")
      ->check(CLI::Range(1, 1000000));
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
    options.time_after_first_event = time.front() == '+';
    if (!parse_duration(options.time_after_first_event ? time.substr(1) : time, ns)) {
      std::cerr << "gridlock-viewer: --time " << time
                << ": expected a time such as 42560, 42.5us, 1.2ms or +80us\n";
      return 2;
    }
    options.time_ns = ns;
  }
  if (!steps.empty() && !parse_step_range(steps, options.export_range)) {
    std::cerr << "gridlock-viewer: --steps " << steps << ": expected FIRST:LAST, e.g. 0:-1 or 3:7\n";
    return 2;
  }
  if (!time_range.empty() && !parse_time_range(time_range, options.export_range)) {
    std::cerr << "gridlock-viewer: --time-range " << time_range
              << ": expected FROM:TO or +FROM:+TO, e.g. 1.2us:4us\n";
    return 2;
  }
  const int exports =
      !options.export_frames.empty() + !options.export_gif.empty() + !options.export_video.empty();
  if (exports > 0 && options.export_range.after_first_event) {
    std::cerr << "gridlock-viewer: --time-range " << time_range
              << ": an export's range is on the trace's clock (FROM:TO, no +)\n";
    return 2;
  }
  if (exports > 1 || (exports == 1 && !options.screenshot.empty())) {
    std::cerr << "gridlock-viewer: give one of --screenshot, --export-frames, --export-gif, --export-video\n";
    return 2;
  }
  if (exports == 1 && options.traces.empty() && options.compare.empty()) {
    std::cerr << "gridlock-viewer: an export needs a trace file (or --compare A B)\n";
    return 2;
  }
  if (options.run_lesson && (options.screenshot.empty() || options.traces.size() != 1)) {
    std::cerr << "gridlock-viewer: --run-lesson needs --screenshot and one trace file\n";
    return 2;
  }
  if (!options.compare.empty() && !options.traces.empty()) {
    std::cerr << "gridlock-viewer: --compare takes its two trace files; give no others\n";
    return 2;
  }
  if (options.lecture.empty() &&
      (options.stop > 0 || options.check_lecture || !options.lecture_shots.empty())) {
    std::cerr << "gridlock-viewer: --stop, --check-lecture and --lecture-shots need --lecture\n";
    return 2;
  }
  if (!options.lecture.empty() &&
      (!options.traces.empty() || !options.compare.empty() || options.exporting() ||
       options.bench_frames > 0 || !options.step_with.empty() || !options.marker.empty() ||
       !options.fact.empty() || options.time_ns)) {
    std::cerr << "gridlock-viewer: --lecture opens its own traces at its own steps; give no trace, "
                 "--compare, --step-with, --marker, --fact, --time, export or benchmark with it\n";
    return 2;
  }
  if ((!options.explore.empty() || options.challenge > 0) &&
      (!options.traces.empty() || !options.compare.empty() || !options.lecture.empty() ||
       options.exporting())) {
    std::cerr
        << "gridlock-viewer: --explore and --challenge show the model; give no trace, --compare, --lecture "
           "or export with them\n";
    return 2;
  }
  if (!options.explore.empty() && options.challenge > 0) {
    std::cerr
        << "gridlock-viewer: --explore and --challenge exclude each other (a challenge names its run)\n";
    return 2;
  }
  if (!options.layout_report.empty() && options.screenshot.empty()) {
    std::cerr << "gridlock-viewer: --layout-report needs --screenshot\n";
    return 2;
  }
  if (options.reveal && options.question == 0) {
    std::cerr << "gridlock-viewer: --reveal needs --question\n";
    return 2;
  }
  if ((!options.write_gallery.empty() || !options.check_gallery.empty()) &&
      (!options.traces.empty() || !options.compare.empty() || !options.screenshot.empty() ||
       options.exporting() || options.bench_frames > 0)) {
    std::cerr << "gridlock-viewer: --write-gallery and --check-gallery read the lessons' traces themselves; "
                 "give no trace, --compare, screenshot, export or benchmark with them\n";
    return 2;
  }
  if (options.list_views && options.traces.empty()) {
    std::cerr << "gridlock-viewer: --list-views needs trace files\n";
    return 2;
  }
  if (options.headless() && options.traces.size() > 1) {
    std::cerr << "gridlock-viewer: --screenshot and the exports take at most one trace file, got "
              << options.traces.size() << "\n";
    return 2;
  }
  if (options.headless() && options.bench_frames > 0) {
    std::cerr << "gridlock-viewer: --screenshot and --bench-frames cannot be combined\n";
    return 2;
  }
  return -1;
}

}  // namespace gridlock::viewer
