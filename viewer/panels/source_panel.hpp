// The kernel source the current step points into (step.source, one of trace.sources), with the
// step's phase shaded, the other carried sources (technique and recording files) in tabs beside
// it with the lines the step lights in them (step.lights) lit, the one or two lines that do the step's work
// (model/source_text.hpp's work_lines) highlighted and scrolled into view, and the lines that only record
// (calls on the recorder: model/source_text.hpp) dimmed, with a toggle, so the kernel reads as the technique.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// A coloured piece of a source line.
struct SourceSpan {
  std::size_t begin = 0;
  std::size_t length = 0;
  ImU32 colour = 0;
};

struct SourceLine {
  std::string text;               // tabs expanded
  std::vector<SourceSpan> spans;  // cover the text left to right
};

struct SourcePanelState {
  std::string source_hash;  // the source the lines below were made from
  std::string source_file;
  std::vector<SourceLine> lines;
  std::vector<bool> recording;                     // per line: it only records
  std::size_t widest = 0;                          // characters in the longest line
  int scrolled_for_step = -1;                      // the step whose lines were last scrolled into view
  int scrolled_for_source = -1;                    // and the source they were scrolled to in
  const trace::Source* work_for_source = nullptr;  // the source and phase range work_lines were found
  int work_for_begin = 0;                          // for (none: lit lines of another source)
  int work_for_end = 0;
  std::vector<std::pair<int, int>> work_for_lights;  // and the lines the step lit in it
  std::vector<int> work_lines;                       // 1-based, ascending; empty: the whole phase is the work
  bool dim_recording = true;
  // The carried source shown: -1 follows the step (its phase's file); a tab picks another, where
  // the step lights the technique code it runs (a lock in locks.cuh).
  int shown = -1;
  bool select_shown = false;  // the tab bar selects `shown` on the next frame (--source, a click)
};

// Splits and colours the source (comments, phase comments as trace::is_phase_comment reads them,
// keywords, numbers).
std::vector<SourceLine> highlight_source(const std::string& text);

// Fills the current window. Rebuilds the lines when the step points into another source.
void draw_source_panel(SourcePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts);

}  // namespace gridlock::viewer
