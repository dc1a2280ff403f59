// The model's warp grid, its reconvergence stack and their legend.
#include "views/warp_model_painter.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "layout_check.hpp"
#include "views/chart_parts.hpp"

namespace gridlock::viewer {

namespace {

// The steps that repeat forever: a colour no lane state uses.
constexpr ImU32 kDeadlock = IM_COL32(255, 80, 210, 255);

void text(ImDrawList* list, ImFont* font, float size, ImVec2 at, ImU32 c, const std::string& s) {
  list->AddText(font, size, at, c, s.c_str());
}

float text_w(ImFont* font, float size, const std::string& s) {
  return font->CalcTextSizeA(size, FLT_MAX, 0, s.c_str()).x;
}

// The lane that holds the lock while it waits for its warp (the first such), or -1: the moment
// a lockstep deadlock is made of.
int waiting_holder(const WarpModel& model) {
  for (const WarpStep& ws : model.steps)
    for (std::size_t l = 0; l < ws.lanes.size() && l < ws.holds_lock.size(); ++l)
      if (ws.holds_lock[l] && ws.lanes[l] == LaneState::wait) return static_cast<int>(l);
  return -1;
}

// Rows of the lanes from `top` over `height`: equal, except that the waiting holder's row takes
// at least a third of the height, so that it is the largest thing in the grid.
struct LaneRows {
  float top = 0, other = 0, focus_h = 0;
  int focus = -1;
  LaneRows(float top_y, float height, int lanes, int focus_lane) : top(top_y), focus(focus_lane) {
    other = height / static_cast<float>(lanes);
    if (focus < 0 || lanes < 2) {
      focus = -1;
      return;
    }
    focus_h = std::max(other, height / 3.0f);
    other = (height - focus_h) / static_cast<float>(lanes - 1);
  }
  float y(int l) const {
    if (focus < 0 || l <= focus) return top + other * static_cast<float>(l);
    return top + other * static_cast<float>(l - 1) + focus_h;
  }
  float h(int l) const { return l == focus ? focus_h : other; }
};

}  // namespace

ImU32 lane_state_colour(LaneState state) {
  switch (state) {
    case LaneState::inactive:
      return IM_COL32(36, 40, 49, 255);
    case LaneState::work:
      return colour::category_work;
    case LaneState::critical:
      return colour::category_critical;
    case LaneState::spin:
      return colour::category_spin;
    case LaneState::wait:
      return colour::category_wait;
  }
  return colour::grid;
}

int paint_warp_grid(ImDrawList* list, const Fonts& fonts, const WarpModel& model, int step, ImVec2 min,
                    ImVec2 max, ImVec2 mouse, bool labels, PixelLayer* cells, bool curtain) {
  const int steps = static_cast<int>(model.steps.size());
  const int lanes = std::max(model.lane_count, 1);
  if (steps == 0) return -1;
  const float small = fonts.ui->FontSize * 0.75f;
  const float gutter = labels ? text_w(fonts.ui, small, "lane 31") + 10.0f : 0.0f;
  const float head = labels ? (model.deadlocked() ? 2 : 1) * (small + 6.0f) + 2.0f : 0.0f;
  const float x0 = min.x + gutter, y0 = min.y + head;
  const float col = std::min((max.x - x0) / static_cast<float>(steps), 5.0f * fonts.ui->FontSize);
  const LaneRows rows(y0, max.y - y0, lanes, waiting_holder(model));
  const float row = rows.other;
  if (labels) note_data_row("model lane", row);
  const float gap = col > 6.0f ? 1.0f : 0.0f, vgap = row > 6.0f ? 1.0f : 0.0f;
  const float x1 = x0 + col * static_cast<float>(steps);
  // The repeating steps first, as a red band behind their columns and a bracket above.
  if (model.deadlocked() && !curtain) {
    const float a = x0 + col * static_cast<float>(model.cycle_start);
    const float b = x0 + col * static_cast<float>(model.cycle_end + 1);
    list->AddRectFilled(ImVec2(a - 3, y0 - 3), ImVec2(b + 3, max.y + 3), colour::with_alpha(kDeadlock, 0.5f),
                        3.0f);
    list->AddRect(ImVec2(a - 3, y0 - 3), ImVec2(b + 3, max.y + 3), kDeadlock, 3.0f, 0, 3.0f);
    if (labels) {
      const std::string note =
          cut_to_width(fonts.bold, small, "repeats forever: no lane can progress", max.x - min.x);
      const float w = text_w(fonts.bold, small, note);
      const float tx = std::clamp(0.5f * (a + b) - 0.5f * w, min.x, std::max(min.x, max.x - w));
      text(list, fonts.bold, small, ImVec2(tx, min.y + small + 6), kDeadlock, note);
    }
  }
  if (cells) cells->open(list, ImVec2(x0, y0), ImVec2(x1, max.y));
  for (int s = 0; s < steps; ++s) {
    const WarpStep& ws = model.steps[static_cast<std::size_t>(s)];
    const bool future = step >= 0 && s > step;
    if (future && curtain) continue;
    for (int l = 0; l < lanes && l < static_cast<int>(ws.lanes.size()); ++l) {
      const ImVec2 a(x0 + col * static_cast<float>(s) + gap, rows.y(l) + vgap);
      const ImVec2 b(x0 + col * static_cast<float>(s + 1) - gap, rows.y(l) + rows.h(l) - vgap);
      ImU32 c = lane_state_colour(ws.lanes[static_cast<std::size_t>(l)]);
      if (future) c = colour::with_alpha(c, 0.22f);
      fill_rect(list, a, b, c);
      if (ws.holds_lock[static_cast<std::size_t>(l)] && !future)
        list->AddRect(a, b, colour::highlight_mark, 0, 0, std::clamp(col * 0.12f, 1.0f, 2.5f));
    }
  }
  if (cells) cells->close();
  if (step >= 0 && step < steps) {
    const float a = x0 + col * static_cast<float>(step), b = a + col;
    list->AddRect(ImVec2(a - 1, y0 - 1), ImVec2(b + 1, max.y + 1), colour::accent, 0, 0, 2.0f);
  }
  if (labels) {
    const int every = std::max(1, static_cast<int>(std::ceil(small * 1.1f / std::max(row, 1.0f))));
    for (int l = 0; l < lanes; ++l) {
      const bool focus = l == rows.focus;
      // Every `every`-th lane, and the waiting holder's; none that would overlap the holder's label.
      if (!focus && (l % every != 0 || (rows.focus >= 0 && std::abs(rows.y(l) - rows.y(rows.focus)) <
                                                               small * 1.1f + rows.focus_h * 0.5f)))
        continue;
      const std::string name = "lane " + std::to_string(l);
      const float y = rows.y(l) + 0.5f * rows.h(l) - 0.5f * small;
      text(list, focus ? fonts.bold : fonts.ui, small, ImVec2(x0 - 8 - text_w(fonts.ui, small, name), y),
           focus ? colour::highlight_mark : colour::text_dim, name);
    }
    if (rows.focus >= 0 && rows.focus_h > 2.5f * small) {
      const std::string note = cut_to_width(
          fonts.bold, small, "lane " + std::to_string(rows.focus) + " holds the lock and waits for its warp",
          max.x - x0 - 6);
      text(list, fonts.bold, small, ImVec2(x0 + 6, rows.y(rows.focus) + 4), colour::text, note);
    }
    // Step numbers at a round spacing (1, 2, 5, 10, 20, 50, ...) that leaves room between them:
    // step 1, then every multiple of the spacing.
    const float room = text_w(fonts.ui, small, std::to_string(steps)) + 0.6f * small;
    int every_step = 1;
    for (int decade = 1; every_step * col < room && decade <= 100000000; decade *= 10)
      for (int m : {1, 2, 5})
        if (every_step * col < room) every_step = m * decade;
    float last_right = -FLT_MAX;
    for (int s = 0; s < steps; ++s) {
      if (s != 0 && (s + 1) % every_step != 0) continue;
      const std::string n = std::to_string(s + 1);
      const float w = text_w(fonts.ui, small, n), x = x0 + col * (static_cast<float>(s) + 0.5f) - 0.5f * w;
      if (x < last_right + 0.3f * small) continue;
      text(list, fonts.ui, small, ImVec2(x, min.y), s == step ? colour::accent : colour::text_dim, n);
      last_right = x + w;
    }
  }
  if (mouse.x >= x0 && mouse.x < x1 && mouse.y >= y0 && mouse.y <= max.y)
    return std::min(steps - 1, static_cast<int>((mouse.x - x0) / col));
  return -1;
}

float paint_warp_stack(ImDrawList* list, const Fonts& fonts, const WarpModel& model, int step, ImVec2 at,
                       float width) {
  if (step < 0 || step >= static_cast<int>(model.steps.size())) return 0;
  const WarpStep& ws = model.steps[static_cast<std::size_t>(step)];
  const float small = fonts.ui->FontSize * 0.8f;
  float y = at.y;
  text(list, fonts.bold, fonts.bold->FontSize, ImVec2(at.x, y), colour::text, "Reconvergence stack");
  y += fonts.bold->FontSize + 4;
  text(list, fonts.ui, small, ImVec2(at.x, y), colour::text_dim,
       "after step " + std::to_string(step + 1) + ", top first");
  y += small + 8;
  const float cell = std::min((width - 8) / 32.0f, 12.0f);
  for (std::size_t k = ws.stack.size(); k-- > 0;) {
    const StackEntry& e = ws.stack[k];
    const bool top = k + 1 == ws.stack.size();
    std::string head =
        "pc " + std::to_string(e.pc) + "   reconverge " +
        (e.reconverge < 0 ? std::string("\xE2\x80\x94") : "at pc " + std::to_string(e.reconverge));
    list->AddRectFilled(ImVec2(at.x - 4, y - 3), ImVec2(at.x + width, y + small + cell + 10),
                        top ? IM_COL32(255, 255, 255, 20) : IM_COL32(255, 255, 255, 8), 4.0f);
    text(list, fonts.mono, small, ImVec2(at.x, y), top ? colour::accent : colour::text_dim, head);
    y += small + 4;
    for (int l = 0; l < 32; ++l) {
      const bool on = (e.mask >> l) & 1u;
      const ImVec2 a(at.x + cell * static_cast<float>(l), y);
      list->AddRectFilled(
          a, ImVec2(a.x + cell - 1, a.y + cell - 1),
          on ? (top ? colour::dst : colour::with_alpha(colour::dst, 0.4f)) : IM_COL32(40, 44, 54, 255));
    }
    y += cell + 12;
  }
  return y - at.y;
}

void draw_warp_legend(bool deadlocked, bool short_names) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  bool first = true;
  const auto swatch = [&](ImU32 fill, ImU32 edge, const char* name) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (!first) {
      ImGui::SameLine(0, 16);
      if (ImGui::GetCursorScreenPos().x + h + 4 + ImGui::CalcTextSize(name).x > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    list->AddRectFilled(ImVec2(p.x, p.y + 0.2f * h), ImVec2(p.x + h * 0.8f, p.y + h), fill, 2.0f);
    if (edge)
      list->AddRect(ImVec2(p.x, p.y + 0.2f * h), ImVec2(p.x + h * 0.8f, p.y + h), edge, 2.0f, 0, 2.0f);
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine(0, 4);
    ImGui::TextUnformatted(name);
  };
  static const char* const kShort[] = {"working", "critical", "spinning", "waiting", "inactive"};
  int i = 0;
  for (LaneState s :
       {LaneState::work, LaneState::critical, LaneState::spin, LaneState::wait, LaneState::inactive})
    swatch(lane_state_colour(s), 0, short_names ? kShort[i++] : lane_state_name(s));
  swatch(0, colour::highlight_mark, short_names ? "holder" : "holds the lock");
  if (deadlocked)
    swatch(colour::with_alpha(kDeadlock, 0.5f), kDeadlock, short_names ? "repeats" : "repeats forever");
}

}  // namespace gridlock::viewer
