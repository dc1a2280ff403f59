// The lanes view: a warp's reduction lane by lane (model/warp_lanes.hpp). Lanes are 32 fixed
// columns, steps are rows, top to bottom; each row's cells hold the lanes' values, and arrows
// from the row above show where each value came from: straight down for a lane's own operand,
// slanted for the value taken from another lane (the shuffle's lane + offset, the halving's
// lane + 16). Rows fill in as the cursor moves; the current step's arrows are bright.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/warp_lanes.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

struct LanesGeometry {
  float x0 = 0, lane_w = 1;  // the lanes' area
  float top = 0, pitch = 1, cell_h = 1;
  float lane_x(int lane) const { return x0 + lane_w * (static_cast<float>(lane) + 0.5f); }
  float row_top(int row) const { return top + pitch * static_cast<float>(row); }
};

void arrow(ImDrawList* list, ImVec2 from, ImVec2 to, ImU32 c, float thick, float head) {
  list->AddLine(from, to, c, thick);
  const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1.0f || head <= 0) return;
  const float ux = dx / len, uy = dy / len;
  list->AddTriangleFilled(
      to, ImVec2(to.x - head * ux + 0.5f * head * uy, to.y - head * uy - 0.5f * head * ux),
      ImVec2(to.x - head * ux - 0.5f * head * uy, to.y - head * uy + 0.5f * head * ux), c);
}

// "lane i takes lane i + 16" for a row whose arrows share one offset.
std::string offset_text(const LaneRow& row) {
  if (row.arrows.empty()) return "";
  if (row.offset == 0) return "lanes combine";
  return "lane i takes lane i " + std::string(row.offset > 0 ? "+ " : "\xE2\x88\x92 ") +
         std::to_string(std::abs(row.offset));
}

class LanesView final : public TraceView {
 public:
  explicit LanesView(const trace::Trace& trace) : lanes_(build_warp_lanes(trace)) {}

  const char* name() const override { return "lanes"; }
  const char* title() const override { return "Warp lanes"; }

  void draw(const ViewFrame& f) override {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 room = ImGui::GetContentRegionAvail();
    ImGui::InvisibleButton("##lanes", ImVec2(std::max(room.x, 1.0f), std::max(room.y, 1.0f)));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(at, ImVec2(at.x + room.x, at.y + room.y), colour::canvas);
    // The picture magnified with the scale; where it is then taller than the room, it scrolls.
    const RowsPort page =
        scroll_.layout(at.y, at.y + room.y, 1, 0.0f, FLT_MAX, ui_scale(f.fonts), ImGui::IsItemHovered());
    const int step = f.cursor.step;
    const int shown = step >= 0 && step < static_cast<int>(lanes_.row_of_step.size())
                          ? lanes_.row_of_step[static_cast<std::size_t>(step)]
                          : static_cast<int>(lanes_.rows.size()) - 1;
    list->PushClipRect(at, ImVec2(at.x + room.x, at.y + room.y), true);
    paint(list, ImVec2(at.x, page.top), ImVec2(at.x + room.x, page.top + page.row_h), shown, step, &f.fonts);
    list->PopClipRect();
    // The row the step shows is scrolled into sight (from the next frame: paint placed it).
    RowsPort seen = page;
    scroll_.keep_span_in_sight(seen, shown_span_.x - page.top, shown_span_.y - page.top, shown);
    RowScroll::paint_bar(list, page, at.x + room.x - 2);
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    paint(p.list, p.min, p.max, static_cast<int>(lanes_.rows.size()) - 1, -1, nullptr);
  }

 private:
  // Rows 0..shown into [min, max]; `fonts` null: no text (a thumbnail).
  void paint(ImDrawList* list, ImVec2 min, ImVec2 max, int shown, int step, const Fonts* fonts) {
    const float s = fonts ? ui_scale(*fonts) : 0.4f, pad = 12.0f * s;
    const float gutter = fonts ? 230.0f * s : 0.0f, line = fonts ? fonts->ui->FontSize : 0.0f;
    LanesGeometry g;
    g.x0 = min.x + pad + gutter;
    g.lane_w = (max.x - pad - g.x0) / static_cast<float>(std::max(lanes_.lanes, 1));
    g.top = min.y + pad + (fonts ? fonts->bold->FontSize + line + 2 * pad : 0.0f);
    const float rows = static_cast<float>(std::max<std::size_t>(lanes_.rows.size(), 1));
    g.pitch = (max.y - pad - g.top) / rows;
    g.cell_h = std::min(g.pitch * 0.42f, 34.0f * s);
    if (fonts) note_data_row("lane cell", g.cell_h);
    if (fonts) header(list, *fonts, min, g, pad);
    for (int r = 0; r <= shown && r < static_cast<int>(lanes_.rows.size()); ++r) {
      const LaneRow& row = lanes_.rows[static_cast<std::size_t>(r)];
      const bool current = r == shown && row.step == step;
      if (current)
        list->AddRectFilled(ImVec2(min.x, g.row_top(r) - 0.5f * (g.pitch - g.cell_h)),
                            ImVec2(max.x, g.row_top(r) + g.cell_h + 0.5f * (g.pitch - g.cell_h)),
                            colour::current_row);
      if (r == shown)
        shown_span_ = ImVec2(g.row_top(r) - 0.5f * (g.pitch - g.cell_h), g.row_top(r) + g.pitch);
      if (r > 0) paint_arrows(list, g, r, current, s);
      paint_cells(list, g, row, fonts);
      if (fonts) row_label(list, *fonts, g, r, min.x + pad);
    }
  }

  void header(ImDrawList* list, const Fonts& fonts, ImVec2 min, const LanesGeometry& g, float pad) {
    std::string title = "one warp, lane by lane: " + lanes_.buffer_name;
    if (lanes_.base > 0) title += "[" + std::to_string(lanes_.base) + " ..]";
    list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(min.x + pad, min.y + pad), colour::text,
                  title.c_str());
    const float y = min.y + 2 * pad + fonts.bold->FontSize;
    const float widest = fonts.ui->CalcTextSizeA(fonts.ui->FontSize, 1e9f, 0, "00").x;
    const int every = widest + 4.0f > g.lane_w ? 2 : 1;  // numbers that would touch: every other one
    for (int lane = 0; lane < lanes_.lanes; lane += every) {
      const std::string n = std::to_string(lane);
      const float w = fonts.ui->CalcTextSizeA(fonts.ui->FontSize, 1e9f, 0, n.c_str()).x;
      list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(g.lane_x(lane) - 0.5f * w, y), colour::text_dim,
                    n.c_str());
    }
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(min.x + pad, y), colour::text_dim, "lane");
  }

  void paint_arrows(ImDrawList* list, const LanesGeometry& g, int r, bool current, float s) {
    const LaneRow& row = lanes_.rows[static_cast<std::size_t>(r)];
    const float y0 = g.row_top(r - 1) + g.cell_h, y1 = g.row_top(r);
    for (const LaneArrow& a : row.arrows) {
      const ImVec2 from(g.lane_x(a.from), y0), to(g.lane_x(a.to), y1);
      if (a.operand_a) {
        list->AddLine(from, to, current ? colour::dst : colour::past_edge, 1.5f * s);
        continue;
      }
      arrow(list, from, to, current ? colour::src : colour::with_alpha(colour::src, 0.45f),
            (current ? 2.0f : 1.2f) * s, (current ? 9.0f : 6.0f) * s);
    }
  }

  void paint_cells(ImDrawList* list, const LanesGeometry& g, const LaneRow& row, const Fonts* fonts) {
    const float y = g.row_top(static_cast<int>(&row - lanes_.rows.data()));
    for (int lane = 0; lane < lanes_.lanes; ++lane) {
      const std::size_t l = static_cast<std::size_t>(lane);
      const ImVec2 a(g.lane_x(lane) - 0.5f * g.lane_w + 1.5f, y),
          b(g.lane_x(lane) + 0.5f * g.lane_w - 1.5f, y + g.cell_h);
      if (!row.live[l]) {
        list->AddRect(a, b, colour::grid, 2.0f);
        continue;
      }
      const ImU32 fill = colour::heat(shade_between(row.values[l], row.shade_low, row.shade_high));
      list->AddRectFilled(a, b, fill, 2.0f);
      if (row.made[l]) list->AddRect(a, b, colour::accent, 2.0f, 0, 1.5f);
      if (!fonts || std::isnan(row.values[l])) continue;
      const std::string v = format_value(row.values[l], true);
      const ImVec2 size = fonts->mono->CalcTextSizeA(fonts->mono->FontSize, 1e9f, 0, v.c_str());
      if (size.x < b.x - a.x - 2.0f && size.y < g.cell_h)
        list->AddText(fonts->mono, fonts->mono->FontSize,
                      ImVec2(0.5f * (a.x + b.x - size.x), 0.5f * (a.y + b.y - size.y)), colour::text_on(fill),
                      v.c_str());
    }
  }

  void row_label(ImDrawList* list, const Fonts& fonts, const LanesGeometry& g, int r, float x) {
    const LaneRow& row = lanes_.rows[static_cast<std::size_t>(r)];
    const std::string first = row.arrows.empty() ? (r == 0 ? "loaded" : "copied") : offset_text(row);
    const float y = g.row_top(r) + 0.5f * g.cell_h - 0.5f * fonts.ui->FontSize;
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(x, y),
                  row.arrows.empty() ? colour::text_dim : colour::src, first.c_str());
    list->AddText(fonts.ui, fonts.ui->FontSize * 0.85f, ImVec2(x, y + fonts.ui->FontSize), colour::text_faint,
                  ("step " + std::to_string(row.step)).c_str());
  }

  WarpLanes lanes_;
  RowScroll scroll_;
  ImVec2 shown_span_{0, 0};  // the shown row's top and bottom, as paint drew it
};

}  // namespace

std::unique_ptr<TraceView> make_lanes_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<LanesView>(trace);
}

}  // namespace gridlock::viewer
