// The blocks view: a multi-block reduction tree by tree (model/block_trees.hpp). Every block's
// tree is a small panel, in a grid, its items at fixed places so that the pairing shows (the
// halving pairs' long crossing edges, the order-preserving pairs' short ones); under them the
// partials their roots were written to; then the merge tree over the partials, behind a dashed
// kernel boundary when a second launch ran it, or marked with the block that merged. Trees fill
// in as the cursor moves; the current step's combines are drawn bright.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/block_trees.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

struct Rect {
  ImVec2 min, max;
  float w() const { return max.x - min.x; }
  float h() const { return max.y - min.y; }
};

// Where a stage's tree goes, and what of it to draw at this step.
struct StagePaint {
  const TreeStage& stage;
  Rect box;
  int step;
  bool current;  // the step belongs to this stage
  float scale;   // ui_scale
};

float item_x(const StagePaint& p, int64_t element) {
  const double count = static_cast<double>(std::max<int64_t>(p.stage.end - p.stage.begin, 1));
  return p.box.min.x +
         static_cast<float>((static_cast<double>(element - p.stage.begin) + 0.5) / count * p.box.w());
}

float row_y(const StagePaint& p, int row) {
  const std::size_t rows = std::max<std::size_t>(p.stage.layout.rows.size(), 2);
  return p.box.min.y + p.box.h() * static_cast<float>(row) / static_cast<float>(rows - 1);
}

float node_half(const StagePaint& p) {
  const float count = static_cast<float>(std::max<int64_t>(p.stage.end - p.stage.begin, 1));
  return std::max(0.5f, 0.5f * p.box.w() / count - 0.5f);
}

void paint_edges(ImDrawList* list, const StagePaint& p, int r, bool bright) {
  const TreeRow& row = p.stage.layout.rows[static_cast<std::size_t>(r)];
  const TreeRow& above = p.stage.layout.rows[static_cast<std::size_t>(r - 1)];
  const float y0 = row_y(p, r - 1), y1 = row_y(p, r);
  const float thick = (bright ? 1.6f : 1.0f) * p.scale;
  for (const TreeNode& n : row.nodes) {
    if (!n.made) continue;
    const ImVec2 to(item_x(p, n.element), y1);
    if (n.a_child >= 0)
      list->AddLine(ImVec2(item_x(p, above.nodes[static_cast<std::size_t>(n.a_child)].element), y0), to,
                    bright ? colour::dst : colour::past_edge, thick);
    if (n.b_child >= 0)
      list->AddLine(ImVec2(item_x(p, above.nodes[static_cast<std::size_t>(n.b_child)].element), y0), to,
                    bright ? colour::src : colour::past_edge, thick);
  }
}

void paint_nodes(ImDrawList* list, const StagePaint& p, int r) {
  const TreeRow& row = p.stage.layout.rows[static_cast<std::size_t>(r)];
  const float half = node_half(p), y = row_y(p, r), tall = std::max(2.0f, 3.0f * p.scale);
  for (const TreeNode& n : row.nodes) {
    const float x = item_x(p, n.element);
    list->AddRectFilled(ImVec2(x - half, y - tall), ImVec2(x + half, y + tall),
                        colour::heat(row.shade(n.value)));
  }
}

// The stage's tree as far as `step` has built it; an outline while it has not begun.
void paint_stage(ImDrawList* list, const StagePaint& p) {
  const int shown = p.stage.row_at(p.step);
  if (shown < 0) return;
  for (int r = 1; r <= shown; ++r) {
    const bool bright =
        p.current && r == shown && p.stage.layout.rows[static_cast<std::size_t>(r)].step == p.step;
    paint_edges(list, p, r, bright);
  }
  for (int r = 0; r <= shown; ++r) paint_nodes(list, p, r);
}

// The root's place at the bottom of a drawn stage.
ImVec2 root_at(const StagePaint& p) {
  const TreeRow& last = p.stage.layout.rows.back();
  return ImVec2(item_x(p, last.nodes.front().element), p.box.max.y);
}

void frame_panel(ImDrawList* list, const Rect& panel, ImU32 border, float scale) {
  list->AddRectFilled(panel.min, panel.max, colour::panel, 4.0f * scale);
  list->AddRect(panel.min, panel.max, border, 4.0f * scale, 0, border == colour::grid ? 1.0f : 2.0f * scale);
}

void dashed_line(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 c, float dash, float thick) {
  const float length = b.x - a.x;
  for (float x = 0; x < length; x += 2 * dash)
    list->AddLine(ImVec2(a.x + x, a.y), ImVec2(a.x + std::min(x + dash, length), a.y), c, thick);
}

class BlocksView final : public TraceView {
 public:
  explicit BlocksView(const trace::Trace& trace) : trees_(build_block_trees(trace)) {
    if (const trace::Buffer* b = trace.find_buffer(trees_.partial_buffer)) partial_name_ = b->name;
    for (const TreeStage& s : trees_.stages)
      if (const trace::Launch* l = trace.find_launch(s.launch); s.merge && l)
        merge_launch_ = l->name + ", " + format_count(l->grid, "block");
  }

  const char* name() const override { return "blocks"; }
  const char* title() const override { return "Tree by block"; }

  void draw(const ViewFrame& f) override {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 room = ImGui::GetContentRegionAvail();
    ImGui::InvisibleButton("##blocks", ImVec2(std::max(room.x, 1.0f), std::max(room.y, 1.0f)));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(at, ImVec2(at.x + room.x, at.y + room.y), colour::canvas);
    // The picture magnified with the scale; where it is then taller than the room, it scrolls.
    const RowsPort page =
        scroll_.layout(at.y, at.y + room.y, 1, 0.0f, FLT_MAX, ui_scale(f.fonts), ImGui::IsItemHovered());
    list->PushClipRect(at, ImVec2(at.x + room.x, at.y + room.y), true);
    paint_all(list, Rect{ImVec2(at.x, page.top), ImVec2(at.x + room.x, page.top + page.row_h)}, f.cursor.step,
              f.fonts, true);
    list->PopClipRect();
    // The stage the step shows is scrolled into sight (from the next frame: paint_all placed it).
    RowsPort seen = page;
    scroll_.keep_span_in_sight(seen, focus_.x - page.top, focus_.y - page.top,
                               trees_.stage_of_step(f.cursor.step));
    RowScroll::paint_bar(list, page, at.x + room.x - 2);
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    paint_all(p.list, Rect{p.min, p.max}, static_cast<int>(1 << 30), p.fonts, false);
  }

 private:
  // The whole picture into `area`; `text`: with titles and labels (not in a thumbnail).
  void paint_all(ImDrawList* list, Rect area, int step, const Fonts& fonts, bool text) {
    const float s = text ? ui_scale(fonts) : 0.4f, pad = 12.0f * s;
    const float line = text ? fonts.ui->FontSize : 0.0f;
    float y = area.min.y + pad;
    if (text) {
      list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(area.min.x + pad, y), colour::text,
                    headline().c_str());
      y += fonts.bold->FontSize + pad;
    }
    const int blocks = trees_.block_trees();
    const int columns = std::min(blocks, 8), grid_rows = (blocks + columns - 1) / columns;
    const float width = area.w() - 2 * pad, gap = 10.0f * s;
    const float panel_w = (width - gap * static_cast<float>(columns - 1)) / static_cast<float>(columns);
    const float trees_h = (area.max.y - y) * 0.46f;
    const float panel_h = (trees_h - gap * static_cast<float>(grid_rows - 1)) / static_cast<float>(grid_rows);
    if (text) note_data_row("block tree", panel_h);
    const int current = trees_.stage_of_step(step);
    std::vector<ImVec2> roots(trees_.stages.size(), ImVec2(-1, -1));
    int k = 0;
    for (std::size_t i = 0; i < trees_.stages.size(); ++i) {
      const TreeStage& stage = trees_.stages[i];
      if (stage.merge) continue;
      const float x0 = area.min.x + pad + static_cast<float>(k % columns) * (panel_w + gap);
      const float y0 = y + static_cast<float>(k / columns) * (panel_h + gap);
      ++k;
      const Rect panel{ImVec2(x0, y0), ImVec2(x0 + panel_w, y0 + panel_h)};
      const bool merger = stage.block == trees_.merger;
      frame_panel(list, panel,
                  static_cast<int>(i) == current ? colour::accent
                  : merger                       ? colour::highlight_mark
                                                 : colour::grid,
                  s);
      const float inset = 6.0f * s;
      const Rect box{ImVec2(panel.min.x + inset, panel.min.y + inset + line + 4.0f * s),
                     ImVec2(panel.max.x - inset, panel.max.y - inset)};
      if (text) label_panel(list, fonts, panel, stage, inset);
      if (static_cast<int>(i) == current) focus_ = ImVec2(panel.min.y, panel.max.y);
      const StagePaint p{stage, box, step, static_cast<int>(i) == current, s};
      paint_stage(list, p);
      if (stage.row_at(step) == static_cast<int>(stage.layout.rows.size()) - 1) roots[i] = root_at(p);
    }
    y += trees_h + pad;
    const Rect partials{ImVec2(area.min.x + pad, y), ImVec2(area.max.x - pad, y + 2.0f * line + 14.0f * s)};
    const std::vector<ImVec2> slots = paint_partials(list, fonts, partials, roots, step, text);
    y = partials.max.y + pad;
    if (trees_.kernel_boundary) y = paint_boundary(list, fonts, area, y, pad, text);
    if (current >= 0 && trees_.stages[static_cast<std::size_t>(current)].merge)
      focus_ = ImVec2(y, area.max.y);
    paint_merges(list, fonts, Rect{ImVec2(area.min.x + pad, y), ImVec2(area.max.x - pad, area.max.y - pad)},
                 slots, step, current, text);
  }

  std::string headline() const {
    std::string text = std::to_string(trees_.block_trees()) + " blocks reduce their items, one tree each";
    if (!partial_name_.empty()) text += "; their roots go to " + partial_name_;
    if (trees_.kernel_boundary)
      text += "; a second kernel launch merges them";
    else if (trees_.merger >= 0)
      text += "; block " + std::to_string(trees_.merger) + ", the last to finish, merges them";
    return text;
  }

  void label_panel(ImDrawList* list, const Fonts& fonts, const Rect& panel, const TreeStage& stage,
                   float inset) {
    std::string label = "block " + std::to_string(stage.block);
    ImU32 c = colour::text_dim;
    if (stage.block == trees_.merger) c = colour::highlight_mark;  // the headline names it
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(panel.min.x + inset, panel.min.y + inset * 0.5f), c,
                  label.c_str());
  }

  // The partials buffer's items as cells, each joined to the root written into it once that
  // block's tree is complete. Returns the cells' bottom centres, by item.
  std::vector<ImVec2> paint_partials(ImDrawList* list, const Fonts& fonts, Rect box,
                                     const std::vector<ImVec2>& roots, int step, bool text) {
    const int64_t count = std::max<int64_t>(trees_.partial_count, 1);
    const float cell =
        std::min(box.w() / static_cast<float>(count), 120.0f * (text ? ui_scale(fonts) : 0.4f));
    const float x0 = box.min.x + 0.5f * (box.w() - cell * static_cast<float>(count));
    const float top = box.max.y - (text ? fonts.ui->FontSize + 10.0f : box.h() * 0.6f);
    std::vector<ImVec2> slots(static_cast<std::size_t>(count));
    for (int64_t k = 0; k < count; ++k) {
      const ImVec2 a(x0 + cell * static_cast<float>(k) + 2.0f, top), b(a.x + cell - 4.0f, box.max.y);
      list->AddRect(a, b, colour::grid, 3.0f);
      slots[static_cast<std::size_t>(k)] = ImVec2(0.5f * (a.x + b.x), b.y);
    }
    for (std::size_t i = 0; i < trees_.stages.size(); ++i) {
      const TreeStage& stage = trees_.stages[i];
      if (stage.merge || stage.partial < 0 || stage.partial >= count || roots[i].x < 0 ||
          step < stage.last_step)
        continue;
      const ImVec2 slot = slots[static_cast<std::size_t>(stage.partial)];
      const float half = 0.5f * cell - 2.0f;
      const TreeRow& last = stage.layout.rows.back();
      list->AddRectFilled(ImVec2(slot.x - half, top), ImVec2(slot.x + half, box.max.y),
                          colour::heat(last.shade(last.nodes.front().value)), 3.0f);
      list->AddLine(roots[i], ImVec2(slot.x, top), colour::past_edge, 1.5f);
      if (!text) continue;
      const std::string value = format_value(last.nodes.front().value, true);
      const ImVec2 size = fonts.mono->CalcTextSizeA(fonts.mono->FontSize, 1e9f, 0, value.c_str());
      if (size.x < cell - 6.0f)
        list->AddText(fonts.mono, fonts.mono->FontSize, ImVec2(slot.x - 0.5f * size.x, top + 4.0f),
                      colour::text_on(colour::heat(last.shade(last.nodes.front().value))), value.c_str());
    }
    if (text && !partial_name_.empty())
      list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(box.min.x, box.min.y), colour::text_dim,
                    ("partials: " + partial_name_).c_str());
    return slots;
  }

  float paint_boundary(ImDrawList* list, const Fonts& fonts, Rect area, float y, float pad, bool text) {
    const float s = text ? ui_scale(fonts) : 0.4f;
    dashed_line(list, ImVec2(area.min.x + pad, y), ImVec2(area.max.x - pad, y), colour::highlight_mark,
                8.0f * s, 2.0f * s);
    if (!text) return y + pad;
    std::string label = "kernel boundary: every block's partial is written before the next launch reads it";
    if (!merge_launch_.empty()) label += "  (" + merge_launch_ + ")";
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(area.min.x + pad, y + 4.0f), colour::highlight_mark,
                  label.c_str());
    return y + fonts.ui->FontSize + pad;
  }

  void paint_merges(ImDrawList* list, const Fonts& fonts, Rect box, const std::vector<ImVec2>& slots,
                    int step, int current, bool text) {
    const float s = text ? ui_scale(fonts) : 0.4f, inset = 6.0f * s;
    const float line = text ? fonts.ui->FontSize : 0.0f;
    for (std::size_t i = 0; i < trees_.stages.size(); ++i) {
      const TreeStage& stage = trees_.stages[i];
      if (!stage.merge) continue;
      frame_panel(list, box, static_cast<int>(i) == current ? colour::accent : colour::grid, s);
      if (text) {
        const std::string label =
            trees_.kernel_boundary ? "the merge: one block of the second launch"
                                   : "the merge: block " + std::to_string(stage.block) + ", in its own items";
        list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(box.min.x + inset, box.min.y + inset * 0.5f),
                      colour::text_dim, label.c_str());
      }
      const Rect inner{ImVec2(box.min.x + inset, box.min.y + inset + line + 4.0f * s),
                       ImVec2(box.max.x - inset, box.max.y - inset)};
      const StagePaint p{stage, inner, step, static_cast<int>(i) == current, s};
      paint_stage(list, p);
      if (stage.row_at(step) < 0 || stage.layout.rows.empty()) return;
      const TreeRow& leaves = stage.layout.rows.front();
      for (std::size_t l = 0; l < stage.leaf_partial.size() && l < leaves.nodes.size(); ++l) {
        const int64_t from = stage.leaf_partial[l];
        if (from < 0 || from >= static_cast<int64_t>(slots.size())) continue;
        list->AddLine(slots[static_cast<std::size_t>(from)],
                      ImVec2(item_x(p, leaves.nodes[l].element), inner.min.y),
                      colour::with_alpha(colour::highlight_mark, 0.6f), 1.5f * s);
      }
      return;  // one merge panel: the first merge
    }
  }

  BlockTrees trees_;
  std::string partial_name_;
  std::string merge_launch_;  // the merging launch: its kernel and grid
  RowScroll scroll_;
  ImVec2 focus_{0, 0};  // the current stage's top and bottom, as paint_all drew them
};

}  // namespace

std::unique_ptr<TraceView> make_blocks_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<BlocksView>(trace);
}

}  // namespace gridlock::viewer
