// The kernel source, with the current step's lines highlighted and scrolled into view.
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
  std::vector<SourceLine> lines;
  int scrolled_for_step = -1;  // the step whose lines were last scrolled into view
};

// Splits and colours the source (comments, phase comments, keywords, numbers).
std::vector<SourceLine> highlight_source(const std::string& text);

// Fills the current window. Rebuilds the lines when the source changes.
void draw_source_panel(SourcePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts);

}  // namespace gridlock::viewer
