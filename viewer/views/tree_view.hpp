// The tree view: a reduction replayed level by level.
//
// Rows are tree levels, leaves at the top. Each row spreads its live nodes across the width, so
// the lower levels, with few nodes, have room for their numbers. Nodes show their values where
// the numbers fit at the current zoom; denser rows become a shader-drawn heat strip. The current
// step's operations are drawn as edges from their operands (a, then b) into the new node, and
// the threads that did them as a strip under the row, coloured by warp. Clicking a node follows
// the thread that made it: its node in every row is outlined and the outlines joined, level by
// level, so one thread's share of the work reads at a glance. The input the leaves
// were loaded from (model/input_row.hpp) is a heat strip above the leaves, linked to them where
// the trace's operations say which input items each leaf holds; an input the trace holds no
// values of is an outline with the trace's notice about it.
#pragma once

#include <vector>

#include "model/input_row.hpp"
#include "model/tree_layout.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "trace/trace.hpp"
#include "views/tree_textures.hpp"

namespace gridlock::viewer {

// Everything the tree view remembers between frames, per open trace.
struct TreeViewState {
  std::vector<int> buffers;  // the buffers a tree can be drawn for (tree_buffers of the trace)
  int buffer = -1;           // the one whose tree is drawn
  Arrangement arrangement = Arrangement::memory;
  TreeLayout layout;
  std::vector<int> value_chars;    // widest full-precision value per row, in characters
  std::vector<int> compact_chars;  // the same in compact form (12.3k)
  InputRow input;                  // the buffer the leaves were loaded from, if any
  TreeTextures textures;           // layout and input on the GPU
  double zoom = 1.0;               // 1: every row fits the width
  double pan = 0.0;                // row fraction at the left edge of the plot
  float scroll = 0;                // pixels the rows are scrolled up where they do not fit the height
  int kept_row = -1;               // the row last scrolled into sight
  int shown_step = -1;
  double entrance = 1.0;  // 0..1: how far the current step's edges have grown
  bool show_values = true;
  bool show_threads = true;
  bool show_past_edges = true;
  int64_t followed_thread = -1;    // the thread whose nodes are outlined and joined; -1: none
  std::vector<int> followed_path;  // thread_path of it
};

// What one frame of the view works from.
struct TreeViewFrame {
  const trace::Trace& trace;
  int step;
  bool animate;   // false: draw the step complete (screenshots)
  float seconds;  // since the last frame
  double speed;   // playback speed, steps per second
  const Fonts& fonts;
  HeatStripRenderer& heat;
};

// Picks the buffer (the first one tree_buffers offers) and builds its layout.
void reset_tree_view(TreeViewState& state, const trace::Trace& trace);

// Rebuilds the layout for another buffer or arrangement.
void rebuild_tree_view(TreeViewState& state, const trace::Trace& trace);

// Follows `thread` (-1: none): its nodes outlined and joined row to row.
void follow_thread(TreeViewState& state, int64_t thread);

// Draws into the remaining space of the current ImGui window.
void draw_tree_view(TreeViewState& state, const TreeViewFrame& frame);

}  // namespace gridlock::viewer
