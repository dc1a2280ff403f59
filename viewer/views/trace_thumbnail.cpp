// Thumbnail frames, captions, the placeholder and the tree in miniature.
#include "views/trace_thumbnail.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "format.hpp"

namespace gridlock::viewer {

namespace {

constexpr ImU32 kEdge = IM_COL32(150, 160, 180, 120);

struct Box {
  float x0, y0, x1, y1;
  float width() const { return x1 - x0; }
  float centre() const { return 0.5f * (x0 + x1); }
};

HeatStrip strip(const Box& b, GLuint texture, int row, std::size_t count, float alpha) {
  return HeatStrip::across(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), texture, row, count, alpha);
}

void caption(const ThumbnailPaint& p, const std::string& text, float bottom, float limit = FLT_MAX) {
  paint_thumbnail_caption(p, text, bottom, limit);
}

// Where row r (of the tree, or -1 for the input) goes: slots spread over the frame's height,
// widths from the log of the node count.
struct MiniTree {
  const TreeLayout& tree;
  Box area;
  bool input;
  float node_h = 0, pitch = 0;

  MiniTree(const TreeLayout& t, Box a, bool has_input) : tree(t), area(a), input(has_input) {
    const float slots = static_cast<float>(t.rows.size() + (input ? 1 : 0));
    node_h = std::max(area.y1 - area.y0, 1.0f) / slots * 0.55f;
    node_h = std::clamp(node_h, 3.0f, 18.0f);
    pitch = slots > 1 ? (area.y1 - area.y0 - node_h) / (slots - 1) : 0.0f;
  }
  Box row(int r) const {
    const float y0 = area.y0 + pitch * static_cast<float>(r + (input ? 1 : 0));
    if (r < 0) return Box{area.x0, y0, area.x1, y0 + node_h};
    const double widest = static_cast<double>(std::max<std::size_t>(tree.widest_row(), 1));
    const double n =
        static_cast<double>(std::max<std::size_t>(tree.rows[static_cast<std::size_t>(r)].nodes.size(), 1));
    const float share = static_cast<float>((std::log2(n) + 1.0) / (std::log2(widest) + 1.0));
    const float w = std::min(area.width(), std::max(area.width() * share, node_h * 2.4f));
    return Box{area.centre() - 0.5f * w, y0, area.centre() + 0.5f * w, y0 + node_h};
  }
};

// The edges from row r - 1 into row r: lines where the nodes above are a few pixels wide, else
// one translucent sheet between the two rows.
void paint_edges(const ThumbnailPaint& p, const MiniTree& m, int r) {
  const TreeRow& row = m.tree.rows[static_cast<std::size_t>(r)];
  const TreeRow& above = m.tree.rows[static_cast<std::size_t>(r - 1)];
  const Box a = m.row(r - 1), b = m.row(r);
  const float y_child = a.y1 + 0.5f, y_parent = b.y0 - 0.5f;
  if (a.width() / static_cast<float>(std::max<std::size_t>(above.nodes.size(), 1)) < 2.5f) {
    p.list->AddQuadFilled(ImVec2(a.x0, y_child), ImVec2(a.x1, y_child), ImVec2(b.x1, y_parent),
                          ImVec2(b.x0, y_parent), colour::with_alpha(kEdge, 0.5f));
    return;
  }
  for (const TreeNode& node : row.nodes) {
    const float xp = b.x0 + static_cast<float>(row.x_of(node)) * b.width();
    for (int child : {node.a_child, node.b_child}) {
      if (child < 0) continue;
      const float xc =
          a.x0 + static_cast<float>(above.x_of(above.nodes[static_cast<std::size_t>(child)])) * a.width();
      p.list->AddLine(ImVec2(xc, y_child), ImVec2(xp, y_parent), kEdge, 1.0f);
    }
  }
}

// The root outlined, with its value beside it where that fits.
void paint_root(const ThumbnailPaint& p, const MiniTree& m) {
  const TreeRow& last = m.tree.rows.back();
  if (last.nodes.size() != 1) return;
  const Box b = m.row(static_cast<int>(m.tree.rows.size()) - 1);
  p.list->AddRect(ImVec2(b.x0 - 3, b.y0 - 3), ImVec2(b.x1 + 3, b.y1 + 3), colour::highlight_mark, 3.0f, 0,
                  2.0f);
  const TreeNode& root = last.nodes.front();
  const std::string text =
      m.tree.buffer_name + "[" + std::to_string(root.element) + "] = " + format_value(root.value, false);
  const ImFont* mono = p.fonts.mono;
  const float size = std::round(mono->FontSize * 0.95f);
  const ImVec2 extent = mono->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  const float x = b.x1 + 12.0f;
  if (x + extent.x > p.max.x - 8.0f) return;
  p.list->AddText(mono, size, ImVec2(x, 0.5f * (b.y0 + b.y1 - extent.y)), colour::highlight_mark,
                  text.c_str());
}

// An input whose values the trace does not hold: an outline where its strip would be.
void paint_unrecorded(const ThumbnailPaint& p, const Box& b) {
  p.list->AddRect(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), colour::with_alpha(colour::text_faint, 0.8f), 2.0f,
                  0, 1.0f);
}

void paint_tree(const ThumbnailPaint& p, const TreeLayout& tree, const InputRow& in, TreeTextures& textures,
                Box area) {
  if (!textures.current) textures.upload(tree, in, p.heat);
  const MiniTree m(tree, area, !in.empty());
  const int rows = static_cast<int>(tree.rows.size());
  if (m.input && in.recorded())
    p.heat.paint(p.list, strip(m.row(-1), textures.input_for(p.heat), 0, in.values.size(), 0.55f),
                 [&](std::size_t k) { return in.shade(in.values[k]); });
  else if (m.input)
    paint_unrecorded(p, m.row(-1));
  for (int r = 1; r < rows; ++r) paint_edges(p, m, r);
  const GLuint texture = textures.rows_for(p.heat);
  for (int r = 0; r < rows; ++r) {
    const TreeRow& row = tree.rows[static_cast<std::size_t>(r)];
    p.heat.paint(p.list, strip(m.row(r), texture, r, row.nodes.size(), 1.0f), [&](std::size_t k) {
      return row.shade(row.nodes[static_cast<std::size_t>(row.by_rank[k])].value);
    });
  }
  paint_root(p, m);
  const std::size_t leaves = tree.rows.front().nodes.size();
  const int levels = rows - 1;
  caption(p,
          tree.buffer_name + ": " + std::to_string(leaves) + " \xE2\x86\x92 " +
              std::to_string(tree.rows.back().nodes.size()) + ", " + std::to_string(levels) +
              (levels == 1 ? " level" : " levels"),
          m.row(rows - 1).y1 + 1.0f, m.row(std::max(rows - 2, 0)).x0 - 10.0f);
}

}  // namespace

float thumbnail_caption_size(const Fonts& fonts) { return std::round(fonts.ui->FontSize * 0.85f); }

void begin_thumbnail(const ThumbnailPaint& p) {
  p.list->AddRectFilled(p.min, p.max, colour::canvas, 6.0f);
  p.list->PushClipRect(p.min, p.max, true);
}

void end_thumbnail(const ThumbnailPaint& p) { p.list->PopClipRect(); }

ThumbnailArea thumbnail_area(const ThumbnailPaint& p) {
  const float pad = 14.0f * ui_scale(p.fonts);
  return ThumbnailArea{p.min.x + pad, p.min.y + pad, p.max.x - pad, p.max.y - 0.8f * pad};
}

void paint_thumbnail_caption(const ThumbnailPaint& p, const std::string& text, float bottom, float limit) {
  const float size = thumbnail_caption_size(p.fonts);
  const float x = p.min.x + 10.0f;
  if (x + p.fonts.ui->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x > limit) return;
  p.list->AddText(p.fonts.ui, size, ImVec2(x, bottom - size), colour::text_dim, text.c_str());
}

void paint_thumbnail_placeholder(const ThumbnailPaint& p) {
  const char* text = "no view to preview this trace";
  const float size = thumbnail_caption_size(p.fonts);
  const ImVec2 extent = p.fonts.ui->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  const ImVec2 centre(0.5f * (p.min.x + p.max.x), 0.5f * (p.min.y + p.max.y));
  const float r = std::min(18.0f, 0.2f * (p.max.y - p.min.y));
  p.list->AddCircle(ImVec2(centre.x, centre.y - r), r, colour::text_faint, 0, 2.0f);
  p.list->AddLine(ImVec2(centre.x - 0.7f * r, centre.y - 0.3f * r),
                  ImVec2(centre.x + 0.7f * r, centre.y - 1.7f * r), colour::text_faint, 2.0f);
  p.list->AddText(p.fonts.ui, size, ImVec2(centre.x - 0.5f * extent.x, centre.y + 8.0f), colour::text_faint,
                  text);
}

void paint_tree_thumbnail(const ThumbnailPaint& p, const TreeLayout& tree, const InputRow& input,
                          TreeTextures& textures) {
  if (tree.empty()) return paint_thumbnail_placeholder(p);
  const ThumbnailArea a = thumbnail_area(p);
  paint_tree(p, tree, input, textures, Box{a.x0, a.y0, a.x1, a.y1});
}

}  // namespace gridlock::viewer
