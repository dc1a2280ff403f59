// The viewer's command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/event_markers.hpp"
#include "model/export_range.hpp"

namespace gridlock::viewer {

struct Options {
  std::vector<std::string> traces;      // files to open
  std::vector<std::string> compare;     // two files to show side by side (--compare A B)
  std::string screenshot;               // PNG to write; empty: interactive
  int step = 0;                         // negative counts from the end: -1 is the last step
  std::string step_with;                // the first step whose detail, label or note holds this text
  std::optional<int64_t> time_ns;       // --time: the moment on the trace's clock (ns), instead of a step
  bool time_after_first_event = false;  // --time +T: T after the run's first event
  std::string marker;                   // --marker KIND: the first step that holds such a marker
  // With --marker: what the timeline opens on (the moment's time range and tracks).
  std::optional<MarkerFocus> marker_focus;
  std::string fact;         // --fact KEY: open where the fact's number was taken from
  bool keep_step = false;   // with time_ns (set by --fact): show `step` at that moment
  std::string view;         // --view: the view shown first (registry name); empty: the first
  bool list_views = false;  // print the views that apply to each trace and exit
  int bench_frames = 0;     // > 0: render this many frames, print frame times, exit
  int width = 1600;
  int height = 900;
  float scale = 0.0f;       // text, spacing and data size; 0: the remembered one (else 1)
  std::string theme;        // dark or light; empty: the remembered one (else dark)
  bool fullscreen = false;  // start in full screen
  double zoom = 1.0;        // the tree's first zoom (1: every row fits), from the left
  std::string panel;        // the tab shown first: claims, timeline (warps), lesson or run; empty: remembered
  std::string source;       // the carried source shown first, by the end of its path; empty: the step's
  bool picture = false;     // start in the picture mode (P)
  std::string layout_report;   // with --screenshot: what the frame drew, for the layout test
  int question = 0;            // the trace's question open at the start, counted from 1; 0: none
  bool reveal = false;         // with --question: its answer shown
  bool tree_order = false;     // arrange tree rows in tree order, not memory order
  int64_t follow_thread = -1;  // the thread the tree view follows first; -1: none
  std::string lessons;         // the gallery's lessons: an index file or a folder; empty: built in
  std::string write_gallery;   // a folder: write the gallery's manifest and thumbnails there, exit
  std::string check_gallery;   // a folder: compare its gallery manifest with the traces, exit
  // A lecture: stops walked with PageDown (lectures/README.md).
  std::string lecture;         // the lecture file
  int stop = 0;                // the stop it opens on, counted from 1; 0: the first
  bool check_lecture = false;  // print the lecture's stops, checked against the traces, and exit
  std::string lecture_shots;   // a folder: a PNG of the window at every stop reached
  // Exports without a window to watch (one of them at a time).
  std::string export_frames;  // a folder of numbered PNG frames
  std::string export_gif;
  std::string export_video;  // through ffmpeg
  ExportRange export_range;  // --steps A:B or --time-range T0:T1
  double fps = 2.0;
  // Explore: a kernel in the model.
  std::string explore;  // a model run, as gridlock-explore takes it: "documented-lock --blocks 3 --sms 2"
  int challenge = 0;    // the challenge shown, counted from 1; 0: none
  std::string keys;     // keys pressed one a frame once the window shows (a script: "1 2 Backspace 2")
  bool solved = false;  // with --challenge: then the keys of a shortest run that solves it
  // Run on this GPU.
  std::string lesson_bin;   // where lesson executables are looked for first
  bool run_lesson = false;  // with --screenshot: run the trace's lesson, then shoot the comparison
  std::vector<std::string> set_values;  // NAME=VALUE for the lesson's options (--set)
  int cancel_after_lines = 0;           // cancel the run after this many lines of output

  bool exporting() const { return !export_frames.empty() || !export_gif.empty() || !export_video.empty(); }
  // Without an interactive window: a screenshot, an export or a scripted run.
  bool headless() const { return !screenshot.empty() || exporting() || !write_gallery.empty(); }
};

// Parses argv into `options`. Returns -1 to go on, or the exit code to leave with: 0 after
// --help, 2 after a usage error (the message is already printed).
int parse_options(int argc, char** argv, Options& options);

// "1600x900" -> width, height. False when the text is not two positive integers.
bool parse_size(const std::string& text, int& width, int& height);

}  // namespace gridlock::viewer
