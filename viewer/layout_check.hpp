// What a rendered frame shows of its text and its data, read from Dear ImGui's draw data after the
// frame: every glyph drawn from the font atlas (grouped into labels), labels that print over each
// other, the smallest text, and the share of the window the data canvases take. The layout test
// (tests/viewer/layout_test.sh) holds every view to it at a projector's sizes.
#pragma once

#include <imgui.h>

#include <map>
#include <string>
#include <vector>

namespace gridlock::viewer {

struct LabelOverlap {
  std::string a, b;  // the two labels' text
  ImVec2 at;         // where their glyphs meet
};

// A label as drawn: its text and the rectangle its visible glyphs cover.
struct ShownLabel {
  std::string text;
  ImVec4 rect;  // x0, y0, x1, y1
};

struct LayoutReport {
  int glyphs = 0;  // glyphs visible (inside their clip rectangle)
  int labels = 0;
  std::vector<LabelOverlap> overlaps;
  float smallest_px = 0;              // the smallest text drawn, in pixels of font size
  std::string smallest_label;         // a label drawn at that size
  float canvas_share = 0;             // the data canvases' area over the window's
  std::vector<ShownLabel> shown;      // every label, in drawing order
  std::map<std::string, float> rows;  // data_rows() of the frame
};

// Where the views drew their data this frame (TraceScreen, CompareScreen note their canvases):
// cleared at the start of every frame.
std::vector<ImVec4>& canvas_rects();  // x0, y0, x1, y1

// The height of one row of each kind of data the views drew this frame ("tree level", "timeline
// row", "lock lane"), the smallest of each kind: a projector's scale must grow the data, not only
// the chrome around it. Cleared at the start of every frame, with canvas_rects.
std::map<std::string, float>& data_rows();
void note_data_row(const std::string& kind, float px);
// The kind a view without rows notes (a histogram), so that none is taken for a view that forgot.
inline constexpr const char* kNoDataRows = "none";

// Reads `draw_data` (ImGui::GetDrawData() after ImGui::Render()) of a window of `display` size.
LayoutReport check_layout(const ImDrawData& draw_data, ImVec2 display);

// Tab-separated lines: "glyphs N", "labels N", "smallest PX<TAB>LABEL", "canvas SHARE", one
// "overlap<TAB>A<TAB>B<TAB>X,Y" per overlap, one "row<TAB>KIND<TAB>PX" per kind of data row, then one
// "shown<TAB>TEXT<TAB>X0<TAB>Y0<TAB>X1<TAB>Y1" per label (shown_labels_text).
std::string layout_report_text(const LayoutReport& report);

// "shown<TAB>TEXT<TAB>X0<TAB>Y0<TAB>X1<TAB>Y1" a line, in pixels: where a label was drawn (a browser
// test clicks a menu by its text).
std::string shown_labels_text(const LayoutReport& report);

}  // namespace gridlock::viewer
