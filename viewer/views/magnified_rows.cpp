// Magnified rows and their scrolling.
#include "views/magnified_rows.hpp"

#include <algorithm>
#include <cmath>

#include "style.hpp"

namespace gridlock::viewer {

float area_at_scale_one(float area_h, float window_h, float scale) {
  return std::max(area_h, window_h - (window_h - area_h) / std::max(scale, 0.1f));
}

float magnified_row(float area_h, float window_h, std::size_t count, float min_px, float max_px,
                    float scale) {
  const float each =
      area_at_scale_one(area_h, window_h, scale) / static_cast<float>(std::max<std::size_t>(count, 1));
  return std::max(scale, 0.1f) * std::clamp(each, min_px, std::max(min_px, max_px));
}

int RowsPort::row_at(float y) const {
  if (y < y0 || y >= y1 || row_h <= 0) return -1;
  const auto i = static_cast<long>(std::floor((y - top) / row_h));
  return i >= 0 && i < static_cast<long>(count) ? static_cast<int>(i) : -1;
}

RowsPort RowScroll::layout(float y0, float y1, std::size_t count, float min_px, float max_px, float scale,
                           bool hovered) {
  RowsPort port;
  port.y0 = y0;
  port.y1 = y1;
  port.count = count;
  port.row_h = magnified_row(y1 - y0, ImGui::GetMainViewport()->Size.y, count, min_px, max_px, scale);
  const ImGuiIO& io = ImGui::GetIO();
  if (hovered && !io.KeyCtrl && io.MouseWheel != 0.0f)
    offset_ -= io.MouseWheel * std::max(3.0f * port.row_h, 0.1f * (y1 - y0));
  offset_ = std::clamp(offset_, 0.0f, std::max(0.0f, port.content_h() - (y1 - y0)));
  port.top = y0 - offset_;
  return port;
}

void RowScroll::keep_in_sight(RowsPort& port, int row) {
  if (row >= 0)
    keep_span_in_sight(port, port.row_h * static_cast<float>(row), port.row_h * static_cast<float>(row + 1),
                       row);
}

void RowScroll::keep_span_in_sight(RowsPort& port, float a, float b, int key) {
  if (key < 0 || key == kept_ || !port.scrolls()) return;
  kept_ = key;
  const float area = port.y1 - port.y0;
  if (a < offset_ || b > offset_ + area)
    offset_ = std::clamp(b - a > area ? a : 0.5f * (a + b) - 0.5f * area, 0.0f, port.content_h() - area);
  port.top = port.y0 - offset_;
}

void RowScroll::paint_bar(ImDrawList* list, const RowsPort& port, float x) {
  if (!port.scrolls()) return;
  const float area = port.y1 - port.y0, total = port.content_h();
  const float a = port.y0 + area * (port.y0 - port.top) / total, b = a + area * area / total;
  list->AddRectFilled(ImVec2(x - 5, a), ImVec2(x - 1, b), colour::with_alpha(colour::text_dim, 0.6f), 2.0f);
}

}  // namespace gridlock::viewer
