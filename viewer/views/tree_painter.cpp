// Painting a reduction tree: labels, edges, nodes (boxes or heat strips), threads.
#include "views/tree_painter.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>

#include "format.hpp"
#include "layout_check.hpp"
#include "views/chart_parts.hpp"
#include "views/magnified_rows.hpp"

namespace gridlock::viewer {

namespace {

constexpr float kGutter = 150.0f;       // row labels
constexpr float kMaxBoxWidth = 150.0f;  // wide nodes are drawn as boxes this wide at most
constexpr float kMinTextPx = 10.0f;     // smallest type used inside a node

using colour::with_alpha;

float smooth(double t) {
  float x = static_cast<float>(std::clamp(t, 0.0, 1.0));
  return x * x * (3.0f - 2.0f * x);
}

// Ranks [first, last) of a row that lie at least partly inside the visible span.
void visible_ranks(const TreeGeometry& g, std::size_t count, std::size_t& first, std::size_t& last) {
  double n = static_cast<double>(count);
  double a = std::floor(std::max(0.0, g.visible_left()) * n);
  double b = std::ceil(std::min(1.0, g.visible_right()) * n);
  first = static_cast<std::size_t>(std::clamp(a, 0.0, n));
  last = static_cast<std::size_t>(std::clamp(b, 0.0, n));
}

// Horizontal extent of the box of the node ranked k in a row of `count` nodes.
void box_extent(const TreeGeometry& g, std::size_t count, std::size_t k, float& x0, float& x1) {
  const double n = static_cast<double>(count);
  float left = g.x_px(static_cast<double>(k) / n);
  float right = g.x_px(static_cast<double>(k + 1) / n);
  float width = right - left;
  float gap = std::min(3.0f, width * 0.1f);
  float box = std::min(width - 2 * gap, kMaxBoxWidth);
  float centre = 0.5f * (left + right);
  x0 = centre - 0.5f * box;
  x1 = centre + 0.5f * box;
}

float char_width(const ImFont* font, float size) { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, "0").x; }

// A label in the gutter: `name` in bold, `sub` under it when the rows leave room, else (with
// `beside`) after it where it fits the gutter. `marked`: the triangle of the current row.
void gutter_label(const TreePaint& p, float y_centre, const std::string& name, const std::string& sub,
                  ImU32 main, ImU32 sub_colour, bool marked, bool beside) {
  const Fonts& fonts = p.frame.fonts;
  const float x = p.g.canvas_min.x + 22.0f;
  const float bold = p.g.label_size;
  // The count under or beside a row's name is read from the back of a room: never under 12 px.
  const float small = std::max(12.0f, bold * 0.9f * fonts.ui->FontSize / fonts.bold->FontSize);
  const bool two_lines = p.g.pitch >= 2.2f * bold;
  const float y0 = two_lines ? y_centre - bold : y_centre - 0.5f * bold;
  if (marked) {
    const float cy = y0 + 0.5f * bold;
    p.list->AddTriangleFilled(ImVec2(x - 14, cy - 6), ImVec2(x - 14, cy + 6), ImVec2(x - 4, cy),
                              colour::highlight_mark);
  }
  p.list->AddText(fonts.bold, bold, ImVec2(x, y0), main, name.c_str());
  if (two_lines) {
    p.list->AddText(fonts.ui, small, ImVec2(x, y0 + bold + 1), sub_colour, sub.c_str());
    return;
  }
  if (!beside) return;
  const std::string after = std::string(" \xC2\xB7 ") + sub;
  const float name_w = fonts.bold->CalcTextSizeA(bold, FLT_MAX, 0.0f, name.c_str()).x;
  const float after_w = fonts.ui->CalcTextSizeA(small, FLT_MAX, 0.0f, after.c_str()).x;
  if (x + name_w + after_w < p.g.plot_x0 - 6.0f)
    p.list->AddText(fonts.ui, small, ImVec2(x + name_w, y0 + bold - small - 1), sub_colour, after.c_str());
}

void label_rows(const TreePaint& p) {
  const TreeLayout& layout = p.state.layout;
  for (int r = 0; r < static_cast<int>(layout.rows.size()); ++r) {
    const TreeRow& row = layout.rows[static_cast<std::size_t>(r)];
    const bool future = r > p.current_row;
    const bool current = r == p.current_row;
    const ImU32 main = future ? colour::text_faint : current ? colour::accent : colour::text_dim;
    const ImU32 sub = future ? colour::text_faint : colour::text_dim;
    // Rows closer than a label is high: every label_every-th row and the current one, never two
    // that would overlap.
    const int k = p.g.label_every;
    if (!current && (r % k != 0 || std::abs(r - p.current_row) < k)) continue;
    gutter_label(p, p.g.row_top(r) + 0.5f * p.g.node_h, r == 0 ? "leaves" : "level " + std::to_string(r),
                 std::to_string(row.nodes.size()) + " live", main, sub, current, false);
  }
  if (p.g.has_input && p.g.label_every == 1) {  // over the leaves' label when rows are close
    const InputRow& in = p.state.input;
    gutter_label(p, 0.5f * (p.g.input_top() + p.g.input_bottom()), in.name,
                 std::to_string(in.size()) + " values", colour::text_dim, colour::text_dim, false, true);
  }
}

void paint_row_band(const TreePaint& p) {
  float y0 = p.g.row_top(p.current_row) - 0.18f * p.g.pitch;
  float y1 = p.g.row_bottom(p.current_row) + p.g.thread_h + 0.22f * p.g.pitch;
  p.list->AddRectFilled(ImVec2(p.g.canvas_min.x + 4, y0), ImVec2(p.g.canvas_max.x - 4, y1),
                        colour::current_row, 6.0f);
}

void paint_future_row(const TreePaint& p, int r) {
  float x0 = std::max(p.g.x_px(0.0), p.g.plot_x0);
  float x1 = std::min(p.g.x_px(1.0), p.g.plot_x0 + p.g.plot_w);
  float y0 = p.g.row_top(r), y1 = p.g.row_bottom(r);
  p.list->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), with_alpha(colour::grid, 0.7f), 4.0f, 0, 1.0f);
}

// Edges into row r from the row above. The current step's are coloured and grow in; earlier
// ones are faint.
void paint_edges(const TreePaint& p, int r) {
  const TreeRow& row = p.state.layout.rows[static_cast<std::size_t>(r)];
  const TreeRow& above = p.state.layout.rows[static_cast<std::size_t>(r - 1)];
  const bool current = r == p.current_row && p.fresh_row;
  if (!current && !p.state.show_past_edges) return;
  const float grow = current ? smooth(p.state.entrance) : 1.0f;
  const float width = std::clamp(p.g.node_px(above.nodes.size()) * 0.12f, 1.0f, 2.5f);
  const float plot_l = p.g.plot_x0, plot_r = p.g.plot_x0 + p.g.plot_w;
  const float y_child = p.g.row_bottom(r - 1) + 1.0f;
  const float y_parent = p.g.row_top(r) - 1.0f;
  // Dense earlier edges merge into a sheet; the denser, the fainter.
  const ImU32 past =
      with_alpha(colour::past_edge, std::clamp(p.g.node_px(above.nodes.size()) / 10.0f, 0.3f, 1.0f));
  auto edge = [&](const TreeNode& child, const TreeNode& parent, ImU32 colour) {
    float xc = p.g.x_px(above.x_of(child));
    float xp = p.g.x_px(row.x_of(parent));
    if (std::max(xc, xp) < plot_l || std::min(xc, xp) > plot_r) return;
    ImVec2 a(xc, y_child);
    ImVec2 b(xc + (xp - xc) * grow, y_child + (y_parent - y_child) * grow);
    // An edge that leaves the view (zoomed in) is only a hint of where its other end is.
    const bool leaves_view = std::min(xc, xp) < plot_l || std::max(xc, xp) > plot_r;
    p.list->AddLine(a, b, leaves_view ? with_alpha(colour, 0.3f) : colour,
                    current && !leaves_view ? width : 1.0f);
  };
  // Faint edges first (a node carried down has only its a child: itself), the b edges last so
  // the folded-in values stand out.
  for (const TreeNode& node : row.nodes) {
    if (node.a_child < 0) continue;
    ImU32 c = current && node.combined() ? with_alpha(colour::dst, 0.85f) : past;
    edge(above.nodes[static_cast<std::size_t>(node.a_child)], node, c);
  }
  for (const TreeNode& node : row.nodes) {
    if (node.b_child < 0) continue;
    ImU32 c = current ? with_alpha(colour::src, 0.85f) : past;
    edge(above.nodes[static_cast<std::size_t>(node.b_child)], node, c);
  }
}

// Coloured ticks under the nodes the current step read: operand a blue, b orange.
void paint_roles(const TreePaint& p) {
  if (!p.fresh_row || p.current_row < 1) return;
  const TreeRow& row = p.state.layout.rows[static_cast<std::size_t>(p.current_row)];
  const TreeRow& above = p.state.layout.rows[static_cast<std::size_t>(p.current_row - 1)];
  const std::size_t n = above.nodes.size();
  const float y0 = p.g.row_bottom(p.current_row - 1) + 1.0f;
  const float y1 = y0 + std::clamp(p.g.pitch * 0.07f, 3.0f, 6.0f);
  auto tick = [&](int child, ImU32 colour) {
    if (child < 0) return;
    std::size_t k = static_cast<std::size_t>(above.nodes[static_cast<std::size_t>(child)].rank);
    float x0 = 0, x1 = 0;
    box_extent(p.g, n, k, x0, x1);
    if (x1 < p.g.plot_x0 || x0 > p.g.plot_x0 + p.g.plot_w) return;
    p.list->AddRectFilled(ImVec2(x0, y0), ImVec2(std::max(x0 + 1, x1), y1), colour);
  };
  for (const TreeNode& node : row.nodes) {
    if (!node.combined()) continue;
    tick(node.a_child, colour::dst);
    tick(node.b_child, colour::src);
  }
}

// `count` values spread over the row span between y0 and y1, the value ranked k coloured by
// shade_at(k): from texture row `texture_row` in the shader, or on the CPU when `texture` is 0.
void paint_heat(const TreePaint& p, float y0, float y1, std::size_t count, float alpha, GLuint texture,
                int texture_row, const std::function<float(std::size_t)>& shade_at) {
  const double left = std::max(0.0, p.g.visible_left());
  const double right = std::min(1.0, p.g.visible_right());
  if (right <= left || count == 0) return;
  HeatStrip strip = HeatStrip::across(ImVec2(p.g.x_px(left), y0), ImVec2(p.g.x_px(right), y1), texture,
                                      texture_row, count, alpha);
  strip.span_left = static_cast<float>(left);
  strip.span_right = static_cast<float>(right);
  p.frame.heat.paint(p.list, strip, shade_at);
}

// The nodes of a row whose numbers do not fit: a heat strip, on the GPU when it can.
void paint_strip(const TreePaint& p, int r, float alpha) {
  const TreeViewState& s = p.state;
  const TreeRow& row = s.layout.rows[static_cast<std::size_t>(r)];
  paint_heat(
      p, p.g.row_top(r), p.g.row_bottom(r), row.nodes.size(), alpha, s.textures.rows_for(p.frame.heat), r,
      [&](std::size_t k) { return row.shade(row.nodes[static_cast<std::size_t>(row.by_rank[k])].value); });
}

// An input the trace holds no values of: an outline across the width.
void paint_unrecorded_input(const TreePaint& p) {
  const float x0 = std::max(p.g.x_px(0.0), p.g.plot_x0),
              x1 = std::min(p.g.x_px(1.0), p.g.plot_x0 + p.g.plot_w);
  const float y0 = p.g.input_top(), y1 = p.g.input_bottom();
  p.list->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), with_alpha(colour::notice, 0.08f), 3.0f);
  p.list->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), with_alpha(colour::notice, 0.6f), 3.0f, 0, 1.0f);
}

// `text` at the largest size from `size` down to kMinTextPx that fits `width`; cut with an
// ellipsis where even that does not fit.
std::string fit_text(const ImFont* font, std::string text, float width, float& size) {
  auto width_of = [&](const std::string& t) { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, t.c_str()).x; };
  while (width_of(text) > width && size > kMinTextPx) size -= 1.0f;
  return cut_to_width(font, size, text, width);
}

// What the trace says about an input it holds no values of, on a plate over the strip's middle
// (painted last, over the links to the leaves).
void paint_input_notice(const TreePaint& p) {
  const InputRow& in = p.state.input;
  if (!p.g.has_input || in.recorded()) return;
  const float x0 = p.g.plot_x0, x1 = p.g.plot_x0 + p.g.plot_w;
  const float y0 = p.g.input_top(), y1 = p.g.input_bottom();
  const ImFont* font = p.frame.fonts.ui;
  float size = std::min(font->FontSize * 0.9f, std::max(y1 - y0 + 2.0f, kMinTextPx + 1.0f));
  const std::string text = fit_text(font, "\xE2\x9A\xA0 " + in.missing, x1 - x0 - 28.0f, size);
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  const float left = 0.5f * (x0 + x1 - extent.x) - 8.0f, right = left + extent.x + 16.0f;
  const float cy = 0.5f * (y0 + y1), top = cy - 0.5f * extent.y - 2, bottom = cy + 0.5f * extent.y + 2;
  p.list->AddRectFilled(ImVec2(left, top), ImVec2(right, bottom), colour::canvas, 4.0f);
  p.list->AddRect(ImVec2(left, top), ImVec2(right, bottom), with_alpha(colour::notice, 0.7f), 4.0f, 0, 1.0f);
  p.list->AddText(font, size, ImVec2(left + 8, cy - 0.5f * extent.y), colour::notice, text.c_str());
}

// The input the leaves were loaded from, in element order across the whole width; full strength
// during the step that loaded it, dimmed after.
void paint_input(const TreePaint& p) {
  if (!p.g.has_input) return;
  const TreeViewState& s = p.state;
  const InputRow& in = s.input;
  if (!in.recorded()) {
    paint_unrecorded_input(p);
    return;
  }
  const float alpha = p.frame.step == in.step ? 1.0f : 0.4f;
  paint_heat(p, p.g.input_top(), p.g.input_bottom(), in.values.size(), alpha,
             s.textures.input_for(p.frame.heat), 0, [&](std::size_t k) { return in.shade(in.values[k]); });
}

// The input elements one leaf folded, marked on the input strip and joined to the leaf. Elements
// whose marks touch on screen are one run: a run of one is its mark and a line to the leaf, a
// longer run one filled band over the strip and one fan to the leaf (10,000 elements of a
// strided load are a handful of fans, not 10,000 lines that cover the same pixels).
void paint_folds(const TreePaint& p) {
  if (p.fold_leaf < 0 || !p.g.has_input || !p.state.input.linked()) return;
  const InputRow& in = p.state.input;
  const TreeRow& leaves = p.state.layout.rows.front();
  const int index = leaves.find(p.fold_leaf);
  if (index < 0) return;
  const TreeNode& leaf = leaves.nodes[static_cast<std::size_t>(index)];
  const ImVec2 to(p.g.x_px(leaves.x_of(leaf)), p.g.row_top(0) - 2.0f);
  const double n = static_cast<double>(in.size());
  const float y0 = p.g.input_top(), y1 = p.g.input_bottom();
  // Lines fade where their element is scrolled out of view; a fan stands for many lines laid
  // over each other, so it is nearly opaque.
  auto line_colour = [&](float c, bool fan) {
    const bool in_view = c >= p.g.plot_x0 && c <= p.g.plot_x0 + p.g.plot_w;
    return with_alpha(colour::src, (in_view ? 0.7f : 0.25f) * (fan ? 1.3f : 1.0f));
  };
  struct Run {
    float a, b;  // the marks' extent on screen
    int elements;
  };
  auto paint = [&](const Run& r) {
    const float c = 0.5f * (r.a + r.b);
    if (r.elements > 1) {
      p.list->AddTriangleFilled(ImVec2(r.a, y1 + 3.0f), ImVec2(r.b, y1 + 3.0f), to, line_colour(c, true));
      p.list->AddRectFilled(ImVec2(r.a, y0 - 3.0f), ImVec2(r.b, y1 + 3.0f), colour::src);
      return;
    }
    p.list->AddLine(ImVec2(c, y1 + 3.0f), to, line_colour(c, false), 1.5f);
    if (r.b - r.a <= 3.0f)
      p.list->AddRectFilled(ImVec2(r.a, y0 - 3.0f), ImVec2(r.b, y1 + 3.0f), colour::src);
    else
      p.list->AddRect(ImVec2(r.a, y0 - 2.0f), ImVec2(r.b, y1 + 2.0f), colour::src, 2.0f, 0, 2.0f);
  };
  std::vector<int64_t> elements = in.folded_by(p.fold_leaf);
  std::sort(elements.begin(), elements.end());
  std::optional<Run> run;
  for (int64_t k : elements) {
    float a = p.g.x_px(static_cast<double>(k) / n), b = p.g.x_px(static_cast<double>(k + 1) / n);
    if (b - a < 6.0f) {  // too narrow for an outline: a 3-pixel mark
      const float c = 0.5f * (a + b);
      a = c - 1.5f;
      b = c + 1.5f;
    }
    if (run && a <= run->b + 1.0f) {
      run->b = std::max(run->b, b);
      ++run->elements;
      continue;
    }
    if (run) paint(*run);
    run = Run{a, b, 1};
  }
  if (run) paint(*run);
  const float leaf_x = to.x;
  float x0 = 0, x1 = 0;
  box_extent(p.g, leaves.nodes.size(), static_cast<std::size_t>(leaf.rank), x0, x1);
  x0 = std::min(x0, leaf_x - 2.0f);
  x1 = std::max(x1, leaf_x + 2.0f);
  p.list->AddRect(ImVec2(x0 - 2, p.g.row_top(0) - 2), ImVec2(x1 + 2, p.g.row_bottom(0) + 2), colour::dst,
                  3.0f, 0, 2.0f);
}

// Font size at which the row's values fit their boxes, or 0 when they do not.
float value_text_size(const TreePaint& p, int r, bool& compact) {
  const TreeRow& row = p.state.layout.rows[static_cast<std::size_t>(r)];
  float x0 = 0, x1 = 0;
  box_extent(p.g, row.nodes.size(), 0, x0, x1);
  const float box = x1 - x0 - 6.0f;
  const ImFont* mono = p.frame.fonts.mono;
  const float size = std::min(mono->FontSize, p.g.node_h - 3.0f);
  if (size < kMinTextPx) return 0;
  const float cw = char_width(mono, size);
  const std::size_t ri = static_cast<std::size_t>(r);
  for (float s = size; s >= kMinTextPx; s -= 1.0f) {
    float w = cw * s / size;
    if (w * static_cast<float>(p.state.value_chars[ri]) <= box) {
      compact = false;
      return s;
    }
    if (w * static_cast<float>(p.state.compact_chars[ri]) <= box) {
      compact = true;
      return s;
    }
  }
  return 0;
}

void paint_boxes(const TreePaint& p, int r, float alpha, float text_size, bool compact) {
  const TreeRow& row = p.state.layout.rows[static_cast<std::size_t>(r)];
  const bool fresh = r == p.current_row && p.fresh_row;
  const bool last_step = p.frame.step + 1 == static_cast<int>(p.frame.trace.steps.size());
  std::size_t first = 0, last = 0;
  visible_ranks(p.g, row.nodes.size(), first, last);
  const float y0 = p.g.row_top(r), y1 = p.g.row_bottom(r);
  const float rounding = std::min(4.0f, p.g.node_h * 0.2f);
  for (std::size_t k = first; k < last; ++k) {
    const TreeNode& node = row.nodes[static_cast<std::size_t>(row.by_rank[k])];
    float x0 = 0, x1 = 0;
    box_extent(p.g, row.nodes.size(), k, x0, x1);
    ImU32 fill = colour::heat(row.shade(node.value), alpha);
    p.list->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), fill, rounding);
    if (fresh && node.combined())
      p.list->AddRect(ImVec2(x0 - 1, y0 - 1), ImVec2(x1 + 1, y1 + 1), colour::accent, rounding, 0, 2.0f);
    if (r == p.current_row && last_step && row.nodes.size() == 1)
      p.list->AddRect(ImVec2(x0 - 3, y0 - 3), ImVec2(x1 + 3, y1 + 3), colour::highlight_mark, rounding + 2, 0,
                      3.0f);
    if (text_size <= 0) continue;
    std::string text = format_value(node.value, compact);
    ImVec2 size = p.frame.fonts.mono->CalcTextSizeA(text_size, FLT_MAX, 0.0f, text.c_str());
    ImVec2 at(0.5f * (x0 + x1 - size.x), 0.5f * (y0 + y1 - size.y));
    p.list->AddText(p.frame.fonts.mono, text_size, at, with_alpha(colour::text_on(fill), alpha),
                    text.c_str());
  }
}

// The threads that made the current row, one mark per node, coloured by warp.
void paint_threads(const TreePaint& p) {
  if (!p.fresh_row || !p.state.show_threads) return;
  const TreeRow& row = p.state.layout.rows[static_cast<std::size_t>(p.current_row)];
  if (row.combines == 0) return;
  const std::size_t n = row.nodes.size();
  const float y0 = p.g.row_bottom(p.current_row) + 4.0f;
  const float y1 = y0 + p.g.thread_h;
  const float node_w = p.g.node_px(n);
  const ImFont* mono = p.frame.fonts.mono;
  const float text = std::min(mono->FontSize * 0.85f, p.g.thread_h - 2.0f);
  const float cw = text >= kMinTextPx - 1 ? char_width(mono, text) : 0.0f;
  const float alpha = smooth(p.state.entrance);
  std::size_t first = 0, last = 0;
  visible_ranks(p.g, n, first, last);
  std::size_t k = first;
  while (k < last) {
    const TreeNode& node = row.nodes[static_cast<std::size_t>(row.by_rank[k])];
    if (node.thread < 0) {
      ++k;
      continue;
    }
    // A run: neighbouring nodes made by threads of the same warp.
    const int64_t warp = node.thread / kWarpSize;
    std::size_t end = k + 1;
    while (end < last) {
      const TreeNode& next = row.nodes[static_cast<std::size_t>(row.by_rank[end])];
      if (next.thread < 0 || next.thread / kWarpSize != warp) break;
      ++end;
    }
    const ImU32 c = with_alpha(colour::warps[static_cast<std::size_t>(warp) % colour::warps.size()], alpha);
    const float run_x0 = p.g.x_px(static_cast<double>(k) / static_cast<double>(n));
    const float run_x1 = p.g.x_px(static_cast<double>(end) / static_cast<double>(n));
    // Thread ids when they fit under every node, else one warp label over the run.
    const std::string widest = "t" + std::to_string(node.thread + kWarpSize - 1);
    float box0 = 0, box1 = 0;
    box_extent(p.g, n, k, box0, box1);
    const bool ids = cw > 0 && cw * static_cast<float>(widest.size()) + 4 <= box1 - box0;
    if (node_w >= 6.0f) {
      for (std::size_t j = k; j < end; ++j) {
        float x0 = 0, x1 = 0;
        box_extent(p.g, n, j, x0, x1);
        p.list->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), c, 2.0f);
        if (!ids) continue;
        const TreeNode& t = row.nodes[static_cast<std::size_t>(row.by_rank[j])];
        const std::string id = "t" + std::to_string(t.thread);
        p.list->AddText(mono, text, ImVec2(0.5f * (x0 + x1 - cw * static_cast<float>(id.size())), y0),
                        colour::text_on(c), id.c_str());
      }
    } else {
      p.list->AddRectFilled(ImVec2(run_x0 + 0.5f, y0), ImVec2(std::max(run_x0 + 1, run_x1 - 0.5f), y1), c);
    }
    const std::string label = "w" + std::to_string(warp);
    const float label_w = cw * static_cast<float>(label.size());
    if (!ids && cw > 0 && label_w + 6 <= run_x1 - run_x0) {
      const float lx = 0.5f * (run_x0 + run_x1 - label_w);
      p.list->AddRectFilled(ImVec2(lx - 3, y0), ImVec2(lx + label_w + 3, y1), c, 2.0f);
      p.list->AddText(mono, text, ImVec2(lx, y0), colour::text_on(c), label.c_str());
    }
    k = end;
  }
}

}  // namespace

TreeGeometry tree_geometry(ImVec2 canvas_min, ImVec2 canvas_max, std::size_t rows, const std::string& input,
                           double zoom, double pan, float scroll, const Fonts& fonts) {
  TreeGeometry g;
  const float scale = ui_scale(fonts);
  g.canvas_min = canvas_min;
  g.canvas_max = canvas_max;
  const float top_pad = fonts.ui->FontSize + 23.0f, bottom_pad = 10.0f;
  const float height = std::max(40.0f, canvas_max.y - canvas_min.y - top_pad - bottom_pad);
  const float n = static_cast<float>(std::max<std::size_t>(rows + (input.empty() ? 0 : 1), 1));
  g.has_input = !input.empty();
  // A node box at scale 1 is half a row, 6 to 16 pixels, or up to 0.7 of a row where rows are too
  // close for that to show a value; the scale magnifies it. A row is at least 1.6 boxes high (room
  // for the edges), or 1/0.7: where the rows then do not fit the canvas, they scroll.
  const float row_at_one =
      std::max(1.0f, area_at_scale_one(height, ImGui::GetMainViewport()->Size.y, scale) / n);
  float box = std::clamp(0.5f * row_at_one, 6.0f, 16.0f);
  if (box < kMinTextPx + 5.0f) box = std::min(0.7f * row_at_one, kMinTextPx + 5.0f);
  g.node_h = scale * box;
  g.pitch = std::max(std::min(height / n, 140.0f * scale), g.node_h / std::max(box / row_at_one, 0.625f));
  g.thread_h = std::clamp(g.pitch * 0.3f, 4.0f, 18.0f * scale);
  // Labels: the bold size where the rows leave room, else smaller down to a readable size, and
  // then only every few rows.
  const float bold = fonts.bold->FontSize;
  g.label_size = g.pitch >= 1.15f * bold ? bold : std::clamp(g.pitch * 0.92f, kMinTextPx + 2.0f, bold);
  g.label_every = std::max(1, static_cast<int>(std::ceil(g.label_size * 1.05f / std::max(g.pitch, 1.0f))));
  float widest = 0;
  for (const std::string& label :
       {std::string("leaves"), "level " + std::to_string(rows ? rows - 1 : 0), input})
    widest = std::max(widest, fonts.bold->CalcTextSizeA(g.label_size, FLT_MAX, 0.0f, label.c_str()).x);
  if (!input.empty())  // the input's count under its name ("10000 values"), in the smaller type
    widest =
        std::max(widest, fonts.ui->CalcTextSizeA(0.9f * g.label_size, FLT_MAX, 0.0f, "0000000 values").x);
  const float gutter = std::min(kGutter * scale, 22.0f + widest + 14.0f * scale);
  g.plot_x0 = canvas_min.x + gutter;
  g.plot_w = std::max(40.0f, canvas_max.x - canvas_min.x - gutter - 24.0f);
  g.rows_top = canvas_min.y + top_pad;
  g.scroll_max = std::max(0.0f, g.pitch * n - height);
  g.scroll = std::clamp(scroll, 0.0f, g.scroll_max);
  g.top = g.rows_top + 0.5f * std::max(0.0f, height - g.pitch * n) - g.scroll + 0.12f * g.pitch;
  g.zoom = zoom;
  g.pan = pan;
  return g;
}

// The followed thread: its node outlined in every row shown, joined from row to row, its name at
// the first.
void paint_followed(const TreePaint& p) {
  const std::vector<int>& path = p.state.followed_path;
  if (p.state.followed_thread < 0 || path.empty()) return;
  const TreeLayout& layout = p.state.layout;
  const float thick = std::clamp(p.g.node_h * 0.12f, 2.0f, 4.0f);
  ImVec2 last(0, 0);
  bool have_last = false;
  for (int r = 0; r <= p.current_row && r < static_cast<int>(path.size()); ++r) {
    if (path[static_cast<std::size_t>(r)] < 0) continue;
    const TreeRow& row = layout.rows[static_cast<std::size_t>(r)];
    const TreeNode& node = row.nodes[static_cast<std::size_t>(path[static_cast<std::size_t>(r)])];
    float x0 = 0, x1 = 0;
    box_extent(p.g, row.nodes.size(), static_cast<std::size_t>(node.rank), x0, x1);
    x1 = std::max(x1, x0 + 2.0f);
    const float y0 = p.g.row_top(r), y1 = p.g.row_bottom(r);
    const ImVec2 centre(0.5f * (x0 + x1), 0.5f * (y0 + y1));
    if (have_last) p.list->AddLine(last, ImVec2(centre.x, y0 - thick), colour::highlight_mark, thick * 0.6f);
    p.list->AddRect(ImVec2(x0 - thick, y0 - thick), ImVec2(x1 + thick, y1 + thick), colour::highlight_mark,
                    3.0f, 0, thick);
    if (!have_last) {
      const std::string name = "thread " + std::to_string(p.state.followed_thread);
      const float size = std::round(p.frame.fonts.bold->FontSize * 0.85f);
      const float w = p.frame.fonts.bold->CalcTextSizeA(size, FLT_MAX, 0.0f, name.c_str()).x;
      const float tx = std::clamp(centre.x - 0.5f * w, p.g.plot_x0, p.g.plot_x0 + p.g.plot_w - w);
      const ImVec2 at(tx, y0 - thick - size - 4.0f);
      p.list->AddRectFilled(ImVec2(at.x - 4, at.y - 1), ImVec2(at.x + w + 4, at.y + size + 1),
                            with_alpha(colour::canvas, 0.85f), 3.0f);
      p.list->AddText(p.frame.fonts.bold, size, at, colour::highlight_mark, name.c_str());
    }
    last = ImVec2(centre.x, y1 + thick);
    have_last = true;
  }
}

void paint_tree(const TreePaint& p) {
  const TreeLayout& layout = p.state.layout;
  const int rows = static_cast<int>(layout.rows.size());
  paint_row_band(p);
  label_rows(p);

  const ImVec2 clip_min(p.g.plot_x0 - 2.0f, p.g.canvas_min.y);
  const ImVec2 clip_max(p.g.plot_x0 + p.g.plot_w + 2.0f, p.g.canvas_max.y);
  p.list->PushClipRect(clip_min, clip_max, true);
  paint_input(p);
  for (int r = p.current_row + 1; r < rows; ++r) paint_future_row(p, r);
  for (int r = 1; r <= p.current_row && r < rows; ++r) paint_edges(p, r);
  for (int r = 0; r <= p.current_row && r < rows; ++r) {
    const bool fresh = r == p.current_row && p.fresh_row;
    const float alpha = fresh ? 0.25f + 0.75f * smooth(p.state.entrance) : 1.0f;
    bool compact = false;
    float text = p.state.show_values ? value_text_size(p, r, compact) : 0.0f;
    const TreeRow& row = layout.rows[static_cast<std::size_t>(r)];
    const bool boxes = text > 0 || p.g.node_px(row.nodes.size()) >= 24.0f;
    if (boxes)
      paint_boxes(p, r, alpha, text, compact);
    else
      paint_strip(p, r, alpha);
  }
  paint_roles(p);
  paint_threads(p);
  paint_followed(p);
  paint_folds(p);
  paint_input_notice(p);
  p.list->PopClipRect();
}

}  // namespace gridlock::viewer
