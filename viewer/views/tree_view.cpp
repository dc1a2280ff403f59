// The tree view: toolbar, canvas interaction (zoom, pan, hover) and legend around paint_tree.
#include "views/tree_view.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/key_events.hpp"
#include "model/step_text.hpp"
#include "views/magnified_rows.hpp"
#include "views/tree_painter.hpp"

namespace gridlock::viewer {

namespace {

constexpr float kLegendHeight = 34.0f;  // at scale 1
constexpr float kMaxNodePx = 110.0f;    // zooming stops once the densest row is this wide a node

void measure_values(TreeViewState& s) {
  s.value_chars.clear();
  s.compact_chars.clear();
  for (const TreeRow& row : s.layout.rows) {
    std::size_t full = 1, compact = 1;
    for (const TreeNode& n : row.nodes) {
      full = std::max(full, format_value(n.value, false).size());
      compact = std::max(compact, format_value(n.value, true).size());
    }
    s.value_chars.push_back(static_cast<int>(full));
    s.compact_chars.push_back(static_cast<int>(compact));
  }
}

double max_zoom(const TreeViewState& s, const TreeGeometry& g) {
  return std::max(1.0, static_cast<double>(s.layout.widest_row()) * kMaxNodePx / g.plot_w);
}

void clamp_view(TreeViewState& s, double limit) {
  s.zoom = std::clamp(s.zoom, 1.0, limit);
  s.pan = std::clamp(s.pan, 0.0, 1.0 - 1.0 / s.zoom);
}

void zoom_about(TreeViewState& s, const TreeGeometry& g, double factor, float anchor_px) {
  const double anchor = g.fraction_at(anchor_px);
  s.zoom *= factor;
  clamp_view(s, max_zoom(s, g));
  s.pan = anchor - (anchor_px - g.plot_x0) / (s.zoom * g.plot_w);
  clamp_view(s, max_zoom(s, g));
}

// Zoomed in, a step whose row has no node centre in view pans to the nearest one.
// Rows taller than the canvas: the row the step shows is scrolled into sight once, when it changes.
void keep_row_in_sight(TreeViewState& s, const TreeGeometry& g, int row) {
  if (row == s.kept_row || g.scroll_max <= 0) return;
  s.kept_row = row;
  const float top = g.row_top(row) + g.scroll, bottom = top + g.pitch;
  const float seen = g.canvas_max.y - g.rows_top;
  if (top - g.rows_top < s.scroll || bottom - g.rows_top > s.scroll + seen)
    s.scroll = std::clamp(top - g.rows_top - 0.5f * (seen - g.pitch), 0.0f, g.scroll_max);
}

void follow_current_row(TreeViewState& s, int step) {
  if (s.zoom <= 1.0) return;
  const TreeRow& row =
      s.layout.rows[static_cast<std::size_t>(s.layout.row_of_step[static_cast<std::size_t>(step)])];
  if (row.nodes.empty()) return;
  const double n = static_cast<double>(row.nodes.size());
  const double left = s.pan, right = s.pan + 1.0 / s.zoom;
  const double first = std::ceil(left * n - 0.5);  // rank of the first centre at or after left
  if (first < n && (first + 0.5) / n <= right) return;
  const double middle = 0.5 * (left + right);
  const double nearest = std::clamp(std::round(middle * n - 0.5), 0.0, n - 1);
  s.pan = (nearest + 0.5) / n - 0.5 / s.zoom;
}

// The keyboard's zoom, order and followed thread: Up / Down zoom in and out about the middle, 0
// fits, T switches between memory order and tree order, F / Shift+F follow the next / previous
// thread that worked in the row shown (after the last, none).
void tree_keys(TreeViewState& s, const TreeGeometry& g, int row) {
  const KeyEvents& keys = frame_keys();
  if (ImGui::GetIO().WantTextInput) return;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow), true))
    zoom_about(s, g, 2.0, g.plot_x0 + 0.5f * g.plot_w);
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow), true))
    zoom_about(s, g, 0.5, g.plot_x0 + 0.5f * g.plot_w);
  if (keys.pressed('0')) {
    s.zoom = 1.0;
    s.pan = 0.0;
  }
  if (keys.pressed('T')) {
    arrange(s.layout, s.arrangement == Arrangement::memory ? Arrangement::tree : Arrangement::memory);
    s.arrangement = s.layout.arrangement;
    s.textures.current = false;
  }
  const int modifiers = KeyEvents::kCtrl | KeyEvents::kAlt | KeyEvents::kSuper;
  for (const KeyEvent& e : keys.frame())
    if (e.key == 'F' && (e.mods & modifiers) == 0)
      follow_thread(s,
                    next_thread_in_row(s.layout, row, s.followed_thread, (e.mods & KeyEvents::kShift) != 0));
}

void toolbar(TreeViewState& s, const TreeViewFrame& f, const TreeGeometry& g, int row) {
  tree_keys(s, g, row);
  if (ImGui::Button("Fit")) {
    s.zoom = 1.0;
    s.pan = 0.0;
  }
  ImGui::SameLine();
  if (ImGui::Button(" - ")) zoom_about(s, g, 0.5, g.plot_x0 + 0.5f * g.plot_w);
  ImGui::SameLine();
  if (ImGui::Button(" + ")) zoom_about(s, g, 2.0, g.plot_x0 + 0.5f * g.plot_w);
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x > 3.0f * ImGui::CalcTextSize("zoom 1.0x").x) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("zoom %.1f\xC3\x97", s.zoom);
    ImGui::SameLine(0, 24);
  }
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("memory order").x + ImGui::GetFrameHeight() +
                          2 * ImGui::GetStyle().FramePadding.x + 8);
  int arrangement = s.arrangement == Arrangement::memory ? 0 : 1;
  if (ImGui::Combo("##order", &arrangement, "memory order\0tree order\0")) {
    arrange(s.layout, arrangement == 0 ? Arrangement::memory : Arrangement::tree);
    s.arrangement = s.layout.arrangement;
    s.textures.current = false;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "memory order: nodes in the order of the array the kernel indexes\n"
        "tree order: every parent between its children, no crossing edges");
  if (s.buffers.size() > 1) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("buffer name").x + ImGui::GetFrameHeight());
    const trace::Buffer* chosen = f.trace.find_buffer(s.buffer);
    if (ImGui::BeginCombo("##buffer", chosen ? chosen->name.c_str() : "?")) {
      for (int id : s.buffers) {
        const trace::Buffer* b = f.trace.find_buffer(id);
        if (ImGui::Selectable(b->name.c_str(), id == s.buffer)) {
          s.buffer = id;
          rebuild_tree_view(s, f.trace);
        }
      }
      ImGui::EndCombo();
    }
  }
  // The three switches on the line where they fit (a large scale on a small window leaves no
  // room), else in a popup behind one button.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float switches_w = 3.0f * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) +
                           2.0f * style.ItemSpacing.x + ImGui::CalcTextSize("valuesthreadsedges").x;
  ImGui::SameLine(0, 24);
  const bool inline_switches = ImGui::GetContentRegionAvail().x >= switches_w;
  if (!inline_switches) {
    if (ImGui::Button("show\xE2\x80\xA6")) ImGui::OpenPopup("tree-switches");
    if (!ImGui::BeginPopup("tree-switches")) return;
  }
  ImGui::Checkbox("values", &s.show_values);
  if (inline_switches) ImGui::SameLine();
  ImGui::Checkbox("threads", &s.show_threads);
  if (inline_switches) ImGui::SameLine();
  ImGui::Checkbox("edges", &s.show_past_edges);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the edges of earlier levels");
  if (!inline_switches) ImGui::EndPopup();
}

// "threads 0–511 (16 warps)" for the threads that made the row's nodes; empty when none is known.
std::string threads_text(const TreeRow& row) {
  int64_t lowest = -1, highest = -1;
  for (const TreeNode& n : row.nodes) {
    if (!n.combined() || n.thread < 0) continue;
    lowest = lowest < 0 ? n.thread : std::min(lowest, n.thread);
    highest = std::max(highest, n.thread);
  }
  if (highest < 0) return {};
  if (lowest == highest) return "thread " + std::to_string(lowest);
  const int64_t warps = highest / kWarpSize - lowest / kWarpSize + 1;
  return "threads " + std::to_string(lowest) + "\xE2\x80\x93" + std::to_string(highest) + " (" +
         format_count(warps, "warp") + ")";
}

// What the leaves hold: the input's pattern where the operations link them, else its name.
std::string leaves_text(const TreeViewState& s) {
  if (s.input.linked()) return "  \xC2\xB7  " + s.input.pattern(s.layout.buffer_name);
  if (!s.input.empty() && s.input.buffer >= 0) return ", loaded from " + s.input.name;
  return {};
}

// Width of the overview bar at the top right; 0 when the whole row is in view.
float overview_width(const TreeViewState& s, const TreeGeometry& g) {
  return s.zoom <= 1.0001 ? 0.0f : std::min(220.0f, g.plot_w * 0.3f);
}

// One line over the plot, left of the overview bar: what the current step combined, and by how
// many threads (left out where the line would not fit).
void status_line(const TreeViewState& s, const TreeViewFrame& f, const TreeGeometry& g, ImDrawList* list,
                 int row_index, bool fresh) {
  const TreeRow& row = s.layout.rows[static_cast<std::size_t>(row_index)];
  const float right = g.plot_x0 + g.plot_w - overview_width(s, g) - (overview_width(s, g) > 0 ? 16.0f : 0.0f);
  auto fits = [&](const std::string& t) {
    return g.plot_x0 + f.fonts.ui->CalcTextSizeA(f.fonts.ui->FontSize, FLT_MAX, 0.0f, t.c_str()).x <= right;
  };
  std::string text;
  if (fresh && row.combines > 0) {
    text = describe_combines(s.layout, row_index);
    const std::string threads = threads_text(row);
    if (!threads.empty() && fits(text + "  \xC2\xB7  " + threads)) text += "  \xC2\xB7  " + threads;
  } else {
    text = std::to_string(row.nodes.size()) +
           (row.nodes.size() == 1 ? " live value in " : " live values in ") + s.layout.buffer_name;
    if (row_index + 1 == static_cast<int>(s.layout.rows.size()) && row.nodes.size() == 1)
      text += ": the result";
    if (row_index == 0 && fits(text + leaves_text(s))) text += leaves_text(s);
  }
  list->PushClipRect(ImVec2(g.plot_x0, g.canvas_min.y),
                     ImVec2(right, g.canvas_min.y + 14.0f + f.fonts.ui->FontSize), true);
  list->AddText(f.fonts.ui, f.fonts.ui->FontSize, ImVec2(g.plot_x0, g.canvas_min.y + 10), colour::text_dim,
                text.c_str());
  list->PopClipRect();
}

// A thin bar at the top right: the whole row, and the part of it in view.
void overview(const TreeViewState& s, const TreeGeometry& g, ImDrawList* list) {
  const float w = overview_width(s, g);
  if (w <= 0) return;
  const float x0 = g.plot_x0 + g.plot_w - w, y0 = g.canvas_min.y + 14, y1 = y0 + 8;
  list->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + w, y1), colour::grid, 3.0f);
  const float a = x0 + static_cast<float>(s.pan) * w;
  const float b = x0 + static_cast<float>(s.pan + 1.0 / s.zoom) * w;
  list->AddRectFilled(ImVec2(a, y0 - 2), ImVec2(std::max(a + 3, b), y1 + 2), colour::dst, 3.0f);
}

// What the pointer is over: a node of a shown row, or an element of the input strip.
struct Hover {
  int row = -1;  // tree row, and the index of the node in it
  int node = -1;
  int64_t input = -1;  // input element
};

Hover hit_test(const TreeViewState& s, const TreeGeometry& g, int shown_rows) {
  Hover h;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (mouse.x < g.plot_x0 || mouse.x > g.plot_x0 + g.plot_w) return h;
  const double fraction = g.fraction_at(mouse.x);
  if (g.has_input && s.input.size() > 0 && mouse.y >= g.input_top() - 3 && mouse.y <= g.input_bottom() + 3) {
    const double k = std::floor(fraction * static_cast<double>(s.input.size()));
    if (k >= 0 && k < static_cast<double>(s.input.size())) h.input = static_cast<int64_t>(k);
    return h;
  }
  for (int r = 0; r < shown_rows; ++r) {
    if (mouse.y < g.row_top(r) - 3 || mouse.y > g.row_bottom(r) + 3) continue;
    const TreeRow& row = s.layout.rows[static_cast<std::size_t>(r)];
    const double n = static_cast<double>(row.nodes.size());
    const double k = std::floor(fraction * n);
    if (k < 0 || k >= n) return h;
    h.row = r;
    h.node = row.by_rank[static_cast<std::size_t>(k)];
    return h;
  }
  return h;
}

// The leaf whose input elements are highlighted during the input's step: the hovered leaf, the
// leaf of the hovered input element, else the leaf in the middle of the view. -1: none.
int64_t fold_leaf(const TreeViewState& s, int step, const Hover& h, const TreeGeometry& g) {
  if (!s.input.linked() || step != s.input.step) return -1;
  const TreeRow& leaves = s.layout.rows.front();
  if (h.input >= 0) return s.input.leaf_of(h.input);
  if (h.row == 0) return leaves.nodes[static_cast<std::size_t>(h.node)].element;
  const double n = static_cast<double>(leaves.nodes.size());
  const double middle = 0.5 * (std::max(0.0, g.visible_left()) + std::min(1.0, g.visible_right()));
  const auto rank = static_cast<std::size_t>(std::clamp(std::floor(middle * n), 0.0, n - 1));
  return leaves.nodes[static_cast<std::size_t>(leaves.by_rank[rank])].element;
}

void input_tooltip(const TreeViewState& s, const TreeViewFrame& f, int64_t k) {
  const InputRow& in = s.input;
  ImGui::BeginTooltip();
  ImGui::PushFont(f.fonts.bold);
  const double value = in.recorded() ? in.values[static_cast<std::size_t>(k)] : std::nan("");
  ImGui::Text("%s[%lld] = %s", in.name.c_str(), static_cast<long long>(k),
              format_value(value, false).c_str());
  ImGui::PopFont();
  const int count = static_cast<int>(f.trace.steps.size());
  ImGui::TextDisabled("input, %s, as of %s", format_count(in.size(), "value").c_str(),
                      step_position(in.step, count).c_str());
  if (!in.recorded()) ImGui::TextDisabled("%s", in.missing.c_str());
  if (in.leaf_of(k) >= 0)
    ImGui::Text("folded into the leaf %s[%lld]%s", s.layout.buffer_name.c_str(),
                static_cast<long long>(in.leaf_of(k)), in.via.empty() ? "" : (" through " + in.via).c_str());
  ImGui::EndTooltip();
}

// "r[0] = r[0] (12) + r[512] (-3)" for a node an operation made in row r.
std::string operands_text(const TreeViewState& s, int r, const TreeNode& node) {
  const TreeRow& above = s.layout.rows[static_cast<std::size_t>(r - 1)];
  const std::string& name = s.layout.buffer_name;
  auto operand = [&](int64_t element, int child) {
    if (element < 0) return std::string("the identity");
    const std::string value = child < 0
                                  ? std::string("?")
                                  : format_value(above.nodes[static_cast<std::size_t>(child)].value, false);
    return name + "[" + std::to_string(element) + "] (" + value + ")";
  };
  const std::string a = operand(node.a, node.a_child), b = operand(node.b, node.b_child);
  const std::string dst = name + "[" + std::to_string(node.element) + "]";
  switch (node.op) {
    case trace::Operator::add:
      return dst + " = " + a + " + " + b;
    case trace::Operator::mul:
    case trace::Operator::matmul:
      return dst + " = " + a + " \xC3\x97 " + b;
    case trace::Operator::min:
      return dst + " = min(" + a + ", " + b + ")";
    case trace::Operator::max:
      return dst + " = max(" + a + ", " + b + ")";
    case trace::Operator::copy:
      break;
  }
  return dst + " = " + a;
}

void tooltip(const TreeViewState& s, const TreeViewFrame& f, const Hover& h) {
  if (h.input >= 0) input_tooltip(s, f, h.input);
  if (h.row < 0) return;
  const int r = h.row;
  const TreeRow& row = s.layout.rows[static_cast<std::size_t>(r)];
  const TreeNode& node = row.nodes[static_cast<std::size_t>(h.node)];
  const std::string& name = s.layout.buffer_name;
  ImGui::BeginTooltip();
  ImGui::PushFont(f.fonts.bold);
  ImGui::Text("%s[%lld] = %s", name.c_str(), static_cast<long long>(node.element),
              format_value(node.value, false).c_str());
  ImGui::PopFont();
  const trace::Step& step = f.trace.steps[static_cast<std::size_t>(row.step)];
  const std::string position = step_position(row.step, static_cast<int>(f.trace.steps.size()));
  ImGui::TextDisabled("%s, after %s: %s", r == 0 ? "leaf" : ("level " + std::to_string(r)).c_str(),
                      position.c_str(), step_name(step).c_str());
  if (r == 0 && s.input.linked() && !s.input.folded_by(node.element).empty())
    ImGui::Text("folded %s%s", s.input.describe_fold(node.element).c_str(),
                s.input.via.empty() ? "" : (" through " + s.input.via).c_str());
  if (node.combined() && r > 0) ImGui::TextUnformatted(operands_text(s, r, node).c_str());
  if (node.combined() && node.thread >= 0) {
    ImGui::Text("by thread %lld, warp %lld", static_cast<long long>(node.thread),
                static_cast<long long>(node.thread / kWarpSize));
    ImGui::TextDisabled(node.thread == s.followed_thread ? "click: stop following it"
                                                         : "click: follow this thread");
  }
  ImGui::EndTooltip();
}

// The legend: items left to right, as many as fit the width. The operand colours say "dst" and
// "src" where every operation accumulates into its first operand.
void legend(const TreeViewFrame& f, bool in_place, int64_t followed, ImVec2 at, float width) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImFont* font = f.fonts.ui;
  const float size = font->FontSize * 0.9f;
  const float cy = at.y + kLegendHeight * ui_scale(f.fonts) * 0.5f;
  const float end = at.x + width;
  float x = at.x + 8;
  enum class Swatch { dst, src, fresh, followed, warps, heat };
  auto item = [&](Swatch swatch, const char* text) {
    const float swatch_w = swatch == Swatch::heat ? 72.0f : swatch == Swatch::warps ? 36.0f : 24.0f;
    const float text_w = font->CalcTextSizeA(size, FLT_MAX, 0, text).x;
    if (x + swatch_w + 8 + text_w > end) {
      x = end;
      return;
    }
    switch (swatch) {
      case Swatch::dst:
        list->AddLine(ImVec2(x, cy), ImVec2(x + swatch_w, cy), colour::dst, 3.0f);
        break;
      case Swatch::src:
        list->AddLine(ImVec2(x, cy), ImVec2(x + swatch_w, cy), colour::src, 3.0f);
        break;
      case Swatch::fresh:
        list->AddRect(ImVec2(x, cy - 8), ImVec2(x + swatch_w, cy + 8), colour::accent, 3.0f, 0, 2.0f);
        break;
      case Swatch::followed:
        list->AddRect(ImVec2(x, cy - 8), ImVec2(x + swatch_w, cy + 8), colour::highlight_mark, 3.0f, 0, 3.0f);
        break;
      case Swatch::warps:
        for (std::size_t w = 0; w < colour::warps.size(); ++w)
          list->AddRectFilled(ImVec2(x + 9.0f * static_cast<float>(w), cy - 7),
                              ImVec2(x + 9.0f * static_cast<float>(w) + 8, cy + 7), colour::warps[w], 2.0f);
        break;
      case Swatch::heat:
        for (int i = 0; i < 24; ++i) {
          const float a = x + swatch_w * static_cast<float>(i) / 24.0f;
          list->AddRectFilled(ImVec2(a, cy - 7), ImVec2(a + swatch_w / 24.0f + 0.5f, cy + 7),
                              colour::heat(static_cast<float>(i) / 23.0f));
        }
        break;
    }
    x += swatch_w + 8;
    list->AddText(font, size, ImVec2(x, cy - 0.5f * size), colour::text_dim, text);
    x += text_w + 22;
  };
  item(Swatch::dst, in_place ? "dst: keeps the result" : "a: first operand");
  item(Swatch::src, in_place ? "src: folded into dst" : "b: second operand");
  item(Swatch::fresh, "new this step");
  const std::string follows = "thread " + std::to_string(followed) + "'s work (click it to stop)";
  if (followed >= 0) item(Swatch::followed, follows.c_str());
  item(Swatch::warps, "threads, by warp");
  item(Swatch::heat, "low \xE2\x86\x92 high within the row");
}

}  // namespace

void reset_tree_view(TreeViewState& state, const trace::Trace& trace) {
  state.buffers = tree_buffers(trace);
  state.buffer = state.buffers.empty() ? -1 : state.buffers.front();
  state.zoom = 1.0;
  state.pan = 0.0;
  state.shown_step = -1;
  state.entrance = 1.0;
  rebuild_tree_view(state, trace);
}

void follow_thread(TreeViewState& state, int64_t thread) {
  state.followed_thread = thread;
  state.followed_path = thread_path(state.layout, thread);
}

void rebuild_tree_view(TreeViewState& state, const trace::Trace& trace) {
  state.layout = build_tree_layout(trace, state.buffer, state.arrangement);
  state.followed_path = thread_path(state.layout, state.followed_thread);
  state.input = find_input_row(trace, state.layout);
  measure_values(state);
  state.textures.current = false;
}

void draw_tree_view(TreeViewState& s, const TreeViewFrame& f) {
  if (s.layout.empty()) {
    ImGui::Spacing();
    ImGui::TextDisabled(
        "This trace has no reduction tree to draw: no step combines or marks live "
        "elements of any buffer.");
    return;
  }
  if (!s.textures.current) s.textures.upload(s.layout, s.input, f.heat);

  // 1. Steps in, edges grow: a step reached by playing or stepping forward animates.
  const int step = std::clamp(f.step, 0, static_cast<int>(f.trace.steps.size()) - 1);
  const bool stepped = step != s.shown_step;
  if (stepped) {
    s.entrance = f.animate && step == s.shown_step + 1 ? 0.0 : 1.0;
    s.shown_step = step;
  }
  const double duration = std::clamp(0.8 / std::max(f.speed, 0.1), 0.12, 0.6);
  s.entrance = std::min(1.0, s.entrance + f.seconds / duration);

  // 2. Toolbar, then the canvas below it.
  const ImVec2 toolbar_at = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float toolbar_h = ImGui::GetFrameHeightWithSpacing();
  // The legend only where it leaves the rows room (a large scale on a small window does not).
  const bool show_legend = avail.y - toolbar_h > 5.0f * kLegendHeight * ui_scale(f.fonts);
  const float legend_h = show_legend ? kLegendHeight * ui_scale(f.fonts) : 0.0f;
  const ImVec2 canvas_min(toolbar_at.x, toolbar_at.y + toolbar_h);
  const ImVec2 canvas_max(toolbar_at.x + avail.x,
                          std::max(canvas_min.y + 60, toolbar_at.y + avail.y - legend_h));
  const int row = s.layout.row_of_step[static_cast<std::size_t>(step)];
  TreeGeometry g =
      tree_geometry(canvas_min, canvas_max, s.layout.rows.size(),
                    s.input.empty() ? std::string() : s.input.name, s.zoom, s.pan, s.scroll, f.fonts);
  keep_row_in_sight(s, g, row);
  note_data_row("tree node", g.node_h);
  toolbar(s, f, g, row);
  g.zoom = s.zoom;
  g.pan = s.pan;

  // 3. Interaction: wheel zooms about the pointer, dragging pans.
  ImGui::SetCursorScreenPos(canvas_min);
  ImGui::InvisibleButton("tree-canvas", ImVec2(canvas_max.x - canvas_min.x, canvas_max.y - canvas_min.y));
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f)
    zoom_about(s, g, std::pow(1.25, static_cast<double>(io.MouseWheel)), io.MousePos.x);
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    s.pan -= io.MouseDelta.x / (s.zoom * g.plot_w);
    clamp_view(s, max_zoom(s, g));
    s.scroll = std::clamp(s.scroll - io.MouseDelta.y, 0.0f, g.scroll_max);
  }
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    s.zoom = 1.0;
    s.pan = 0.0;
  }
  if (stepped) follow_current_row(s, step);
  clamp_view(s, max_zoom(s, g));
  g.zoom = s.zoom;
  g.pan = s.pan;
  // The rows' scroll as the step, the reader's drag and the canvas's size leave it.
  s.scroll = std::clamp(s.scroll, 0.0f, g.scroll_max);
  g.top += g.scroll - s.scroll;
  g.scroll = s.scroll;

  // 4. Paint.
  const bool fresh = s.layout.step_adds_row[static_cast<std::size_t>(step)];
  const Hover hover = ImGui::IsItemHovered() && !ImGui::IsItemActive() ? hit_test(s, g, row + 1) : Hover{};
  // A click (a press and release without dragging) on a node follows the thread that made it;
  // on that node again, or anywhere else, stops following.
  const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
  if (ImGui::IsItemDeactivated() && std::fabs(drag.x) + std::fabs(drag.y) < 3.0f) {
    const TreeNode* node =
        hover.row >= 0
            ? &s.layout.rows[static_cast<std::size_t>(hover.row)].nodes[static_cast<std::size_t>(hover.node)]
            : nullptr;
    const int64_t thread = node && node->made ? node->thread : -1;
    follow_thread(s, thread == s.followed_thread ? -1 : thread);
  }
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(canvas_min, canvas_max, colour::canvas, 6.0f);
  // Scrolled rows pass under the status line, not over it.
  list->PushClipRect(ImVec2(canvas_min.x, g.scroll > 0 ? g.rows_top : canvas_min.y), canvas_max, true);
  paint_tree(TreePaint{s, f, g, list, row, fresh, fold_leaf(s, step, hover, g)});
  list->PopClipRect();
  list->PushClipRect(canvas_min, canvas_max, true);
  if (g.scroll_max > 0) {
    RowsPort port;
    port.y0 = g.rows_top;
    port.y1 = canvas_max.y;
    port.count = 1;
    port.row_h = g.scroll_max + (port.y1 - port.y0);
    port.top = port.y0 - g.scroll;
    RowScroll::paint_bar(list, port, canvas_max.x - 2);
  }
  status_line(s, f, g, list, row, fresh);
  overview(s, g, list);
  list->PopClipRect();
  tooltip(s, f, hover);

  // 5. Legend.
  ImGui::SetCursorScreenPos(ImVec2(canvas_min.x, canvas_max.y));
  if (show_legend) {
    legend(f, s.layout.in_place, s.followed_thread, ImVec2(canvas_min.x, canvas_max.y),
           canvas_max.x - canvas_min.x);
    ImGui::Dummy(ImVec2(canvas_max.x - canvas_min.x, legend_h));
  }
}

}  // namespace gridlock::viewer
