// Painting the tree view's rows, edges, nodes and threads into an ImGui draw list.
// Used by tree_view.cpp only.
#pragma once

#include <imgui.h>

#include <cstddef>
#include <string>

#include "views/tree_view.hpp"

namespace gridlock::viewer {

// Where things go on screen. Row fractions (0..1 along a row) map to pixels through zoom and pan.
struct TreeGeometry {
  ImVec2 canvas_min, canvas_max;
  float plot_x0 = 0, plot_w = 1;  // the plot area right of the row labels
  float top = 0;                  // top of the first row: the input strip if any, else the leaves
  float pitch = 0;                // distance between rows
  bool has_input = false;         // an input strip sits one pitch above the leaves
  float node_h = 0;               // height of a node box
  float thread_h = 0;             // height of the thread strip under the current row
  float label_size = 0;           // the row labels' type size: the bold font's, less where rows are close
  int label_every = 1;            // rows too close for every label: one in label_every (and the current)
  double zoom = 1, pan = 0;
  float rows_top = 0;    // where the rows are seen from (under the status line)
  float scroll = 0;      // how far the rows are scrolled up: they are taller than the canvas
  float scroll_max = 0;  // 0: every row fits

  float row_top(int row) const { return top + pitch * static_cast<float>(row + (has_input ? 1 : 0)); }
  float row_bottom(int row) const { return row_top(row) + node_h; }
  float input_top() const { return top; }
  float input_bottom() const { return top + node_h; }
  float x_px(double fraction) const { return plot_x0 + static_cast<float>((fraction - pan) * zoom * plot_w); }
  double fraction_at(float px) const { return pan + (px - plot_x0) / (zoom * plot_w); }
  float node_px(std::size_t count) const {
    return static_cast<float>(zoom * plot_w / static_cast<double>(count ? count : 1));
  }
  double visible_left() const { return pan; }
  double visible_right() const { return pan + 1.0 / zoom; }
};

// `rows`: tree rows; `input`: the input strip's name when one goes above them, else empty.
// The label gutter is as wide as the widest label at the size the rows leave room for; the
// status line, the nodes and the thread strip grow with the fonts (the presenter's scale).
// `scroll`: the rows' scroll, in pixels (kept inside what the rows need).
TreeGeometry tree_geometry(ImVec2 canvas_min, ImVec2 canvas_max, std::size_t rows, const std::string& input,
                           double zoom, double pan, float scroll, const Fonts& fonts);

struct TreePaint {
  const TreeViewState& state;
  const TreeViewFrame& frame;
  const TreeGeometry& g;
  ImDrawList* list;
  int current_row;         // the row the current step shows
  bool fresh_row;          // the current step produced that row (its combines are drawn)
  int64_t fold_leaf = -1;  // the leaf whose input elements are highlighted; -1: none
};

void paint_tree(const TreePaint& p);

}  // namespace gridlock::viewer
