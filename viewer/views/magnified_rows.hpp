// A projector's scale magnifies the data, not only the chrome around it. At scale s a chart's rows
// are s times the rows it would draw at scale 1 in the same window; the rows that no longer fit
// scroll: the wheel over them moves them, a thin bar at the right edge shows where they are, and
// a view may keep its row of interest (the lock's holder, the tree's level) in sight.
#pragma once

#include <imgui.h>

#include <cstddef>

namespace gridlock::viewer {

// A chart's row at scale 1 is at most this high (rows of blocks in the Gantt, ticket and barrier
// charts, lanes in the lock view): few rows then leave room below rather than growing fat.
constexpr float kChartRowMaxPx = 40.0f;

// The height of one of `count` rows at `scale`: scale × clamp(h1 / count, min_px, max_px), where
// h1 is the height the rows' area would have at scale 1, `area_h` being its height now in a
// window `window_h` high: the chrome around the area grows with the scale, so at scale 1 it took
// (window_h - area_h) / scale and left the rest to the rows.
float magnified_row(float area_h, float window_h, std::size_t count, float min_px, float max_px, float scale);
// That h1.
float area_at_scale_one(float area_h, float window_h, float scale);

// Rows laid into the area [y0, y1]: row i is drawn from row_top(i), and only those inside the
// area are seen.
struct RowsPort {
  float y0 = 0, y1 = 0;
  float row_h = 0;
  float top = 0;  // row 0's top: y0 less the scroll
  std::size_t count = 0;
  float row_top(std::size_t i) const { return top + row_h * static_cast<float>(i); }
  float content_h() const { return row_h * static_cast<float>(count); }
  bool scrolls() const { return content_h() > y1 - y0 + 0.5f; }
  // The row under y (inside the area), or -1.
  int row_at(float y) const;
};

class RowScroll {
 public:
  // Lays `count` rows of magnified_row height into [y0, y1] of the current window; `hovered`: the
  // wheel is over the rows (Ctrl+wheel is left to zooms). Keeps the scroll inside the rows.
  RowsPort layout(float y0, float y1, std::size_t count, float min_px, float max_px, float scale,
                  bool hovered);
  // Scrolls the port so that `row` is seen, when `row` differs from the last row asked for (the
  // reader's own scrolling is not undone every frame).
  void keep_in_sight(RowsPort& port, int row);
  // The same for the span [a, b) of the rows' content (pixels below row 0's top), asked for under
  // `key` (a stage, a row): a picture scrolled as one row keeps its part of interest in sight.
  void keep_span_in_sight(RowsPort& port, float a, float b, int key);
  // A thin bar at the right edge x of the area: where the seen rows are among all (only when the
  // rows scroll).
  static void paint_bar(ImDrawList* list, const RowsPort& port, float x);

 private:
  float offset_ = 0;
  int kept_ = -1;
};

}  // namespace gridlock::viewer
