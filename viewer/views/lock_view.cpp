// The lock view: who holds the lock, who waits, and what the shared word reads, over the run.
// One lane per block (or thread) that fights for the lock, ordered by when it first took it; its
// holds as bars, the current holder lit; spinning as heat (attempts per time bucket); hand-offs
// as arrows; the shared counters as step graphs on top; the one time cursor across all. A model's
// trace of one warp instead shows its 32 lanes step by step beside the reconvergence stack, with
// the steps that repeat forever (the deadlock) marked, and says everywhere that it is a model.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/lock_run.hpp"
#include "render/pixel_layer.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/run_timeline_painter.hpp"
#include "views/timeline_painter.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"
#include "views/warp_model_painter.hpp"

namespace gridlock::viewer {

namespace {

constexpr const char* kModelTag = "MODEL \xC2\xB7 not measured on a GPU";

ImU32 spin_colour(double share) {
  const float t = static_cast<float>(std::sqrt(std::clamp(share, 0.0, 1.0)));
  return colour::with_alpha(colour::category_spin, 0.18f + 0.82f * t);
}

void paint_model_tag(ImDrawList* list, const Fonts& fonts, ImVec2 at, float size) {
  const float w = fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, kModelTag).x;
  list->AddRectFilled(at, ImVec2(at.x + w + 12, at.y + size + 6), colour::model_banner, 4.0f);
  list->AddText(fonts.bold, size, ImVec2(at.x + 6, at.y + 3), colour::model_banner_text, kModelTag);
}

// "count = 5": what the counter reads at t; its name alone before it was first written.
std::string counter_text(const CounterSeries& c, int64_t t) {
  const std::optional<double> value = counter_value_at(c, t);
  return value ? c.name + " = " + counter_value_text(c, *value) : c.name;
}

void paint_counter(ImDrawList* list, const TimeAxis& axis, const CounterSeries& c, float y0, float y1) {
  const double lo = std::min(0.0, c.min), hi = std::max(c.max, lo + 1);
  const auto y_of = [&](double v) { return y1 - static_cast<float>((v - lo) / (hi - lo)) * (y1 - y0); };
  ImVec2 last(axis.x0, y_of(c.samples.empty() ? 0 : c.samples.front().value));
  for (const CounterSample& s : c.samples) {
    const float x = std::clamp(axis.x_of(s.t_ns), axis.x0, axis.x1);
    list->AddLine(last, ImVec2(x, last.y), colour::counter, 1.5f);
    list->AddLine(ImVec2(x, last.y), ImVec2(x, y_of(s.value)), colour::counter, 1.5f);
    last = ImVec2(x, y_of(s.value));
  }
  list->AddLine(last, ImVec2(axis.x1, last.y), colour::counter, 1.5f);
}

class LockView final : public TraceView {
 public:
  explicit LockView(const trace::Trace& trace) : lock_(lock_run(trace)), unit_(trace.clock.unit) {
    if (has_warp_model(trace)) warp_ = warp_model(trace);
    title_ = lock_.modelled ? "Lock (model)" : "Lock";
    order_lanes();
    full_ = padded_range(static_cast<double>(lock_.begin_ns), static_cast<double>(lock_.end_ns));
    range_ = full_;
  }

  const char* name() const override { return "lock"; }
  const char* title() const override { return title_.c_str(); }

  void draw(const ViewFrame& f) override {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(colour::canvas));
    ImGui::BeginChild("##lock", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
    if (lock_.modelled) {
      paint_model_tag(ImGui::GetWindowDrawList(), f.fonts, ImGui::GetCursorScreenPos(),
                      f.fonts.bold->FontSize);
      ImGui::Dummy(ImVec2(1, f.fonts.bold->FontSize + 10));
    }
    if (warp_)
      draw_warp(f);
    else
      draw_lanes(f);
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }

  void paint_thumbnail(const ThumbnailPaint& p) override;

 private:
  void order_lanes();
  // The lane whose hold ended last at or before t, or -1.
  int last_holder(int64_t t) const {
    int lane = -1;
    int64_t end = INT64_MIN;
    for (const LockHold& h : lock_.holds)
      if (h.end_ns <= t && h.end_ns > end) {
        end = h.end_ns;
        lane = h.lane;
      }
    return lane;
  }
  void draw_lanes(const ViewFrame& f);
  TimeRange navigate(TimeRange range, const TimeRange& full, float x0, float x1, const ViewFrame& f);
  void draw_warp(const ViewFrame& f);
  void lanes_summary(const ViewFrame& f);
  // The lanes in order of first hold, `row` high each, the first from `y0`.
  void paint_lanes(ImDrawList* list, const TimeAxis& axis, float y0, float row, int owner, bool thin);

  LockRun lock_;

  trace::TimeUnit unit_;  // what the trace's clock counts
  std::optional<WarpModel> warp_;
  std::string title_;
  std::vector<int> order_;  // lanes top to bottom: by their first hold, those without one last
  std::vector<int> place_;  // a lane's place in order_
  TimeRange full_;
  TimeRange range_;       // what the lanes show (Ctrl+wheel zooms, a drag pans, a double-click fits)
  bool dragged_ = false;  // the press on the lanes moved: a pan, not a click that sets the time
  SpinHeat heat_;
  PixelLayer cells_layer_;  // the warp grid's cells, or the lanes' spin and hold cells
  RowScroll scroll_;        // the lanes
  RowScroll warp_scroll_;   // the model's grid
};

void LockView::order_lanes() {
  std::vector<int64_t> first(lock_.lanes.size(), INT64_MAX);
  for (const LockHold& h : lock_.holds)
    first[static_cast<std::size_t>(h.lane)] = std::min(first[static_cast<std::size_t>(h.lane)], h.begin_ns);
  order_.resize(lock_.lanes.size());
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return first[static_cast<std::size_t>(a)] < first[static_cast<std::size_t>(b)];
  });
  place_.resize(order_.size());
  for (std::size_t i = 0; i < order_.size(); ++i)
    place_[static_cast<std::size_t>(order_[i])] = static_cast<int>(i);
}

void LockView::lanes_summary(const ViewFrame& f) {
  const int owner = owner_at(lock_, f.cursor.t_ns);
  ImGui::PushFont(f.fonts.bold);
  ImGui::AlignTextToFramePadding();
  if (owner >= 0)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::highlight_mark), "Held by %s",
                       lock_.lane_names[static_cast<std::size_t>(owner)].c_str());
  else if (const int last = last_holder(f.cursor.t_ns); last >= 0)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::text_dim),
                       "Nobody holds the lock; last held by %s",
                       lock_.lane_names[static_cast<std::size_t>(last)].c_str());
  else
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::text_dim), "Nobody holds the lock yet");
  ImGui::PopFont();
  ImGui::SameLine(0, 18);
  ImGui::AlignTextToFramePadding();
  // The time first, then the totals as far as the line has room: a total is left out whole, never
  // cut in the middle.
  const std::string pieces[] = {
      "at " + cursor_time_text(f),
      format_count(static_cast<int64_t>(lock_.lanes.size()), "lane") + ", ordered by first hold",
      format_count(static_cast<int64_t>(lock_.holds.size()), "hold"),
      format_count(static_cast<int64_t>(lock_.handoffs.size()), "hand-off"),
      format_count(lock_.spin_attempts, "spin attempt")};
  const float room = ImGui::GetContentRegionAvail().x;
  std::string line = pieces[0];
  for (std::size_t i = 1; i < std::size(pieces); ++i) {
    const std::string longer = line + "  \xC2\xB7  " + pieces[i];
    if (ImGui::CalcTextSize(longer.c_str()).x > room) break;
    line = longer;
  }
  ImGui::TextDisabled("%s", line.c_str());
  std::vector<trace::Category> legend = {trace::Category::critical, trace::Category::spin};
  draw_timeline_legend(f.fonts, legend, !lock_.counters.empty(), !lock_.handoffs.empty(),
                       ImGui::GetContentRegionAvail().x);
}

void LockView::paint_lanes(ImDrawList* list, const TimeAxis& axis, float y0, float row, int owner,
                           bool thin) {
  const float gap = row > 4 ? 1.0f : 0.0f;
  const auto top = [&](int lane) {
    return y0 + row * static_cast<float>(place_[static_cast<std::size_t>(lane)]);
  };
  const float bw = (axis.x1 - axis.x0) / static_cast<float>(heat_.buckets);
  for (std::size_t lane = 0; lane < order_.size(); ++lane) {
    const float t = top(static_cast<int>(lane));
    for (int b = 0; b < heat_.buckets; ++b) {
      const double v = heat_.at(static_cast<int>(lane), b);
      if (v <= 0) continue;
      const float x = axis.x0 + bw * static_cast<float>(b);
      fill_rect(list, ImVec2(x, t + gap), ImVec2(x + bw, t + row - gap), spin_colour(v / heat_.cell_max));
    }
  }
  if (owner >= 0) {
    const float t = top(owner);
    fill_rect(list, ImVec2(axis.x0, t), ImVec2(axis.x1, t + row), colour::highlight_line);
  }
  for (const LockHold& h : lock_.holds) {
    const float t = top(h.lane);
    const float a = axis.x_of(h.begin_ns), b = std::max(axis.x_of(h.end_ns), a + 1.5f);
    fill_rect(list, ImVec2(a, t + gap), ImVec2(b, t + row - gap),
              h.lane == owner ? colour::highlight_mark : colour::category_critical);
  }
  // Hand-offs: faint, the one that gave the current holder the lock bright.
  const float half = 0.5f * row;
  for (const LockHandoff& h : lock_.handoffs) {
    const bool current = h.to_lane == owner;
    if (thin && !current) continue;
    const ImVec2 a(axis.x_of(h.from_ns), top(h.from_lane) + half),
        b(axis.x_of(h.to_ns), top(h.to_lane) + half);
    if (current)
      paint_flow(list, a, b, colour::flow);
    else
      list->AddLine(a, b, colour::with_alpha(colour::flow, 0.35f), 1.0f);
  }
}

void LockView::draw_lanes(const ViewFrame& f) {
  lanes_summary(f);
  const float s = ui_scale(f.fonts), small = std::round(f.fonts.ui->FontSize * 0.8f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  ImGui::InvisibleButton("##lanes", ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  if (size.x < 100 || size.y < 80) return;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float gutter = 150.0f * s, pad = 12.0f * s;
  TimeRange range = f.shared_range ? to_side(*f.shared_range, f.shared_map) : range_;
  const TimeRange full = f.shared_full ? to_side(*f.shared_full, f.shared_map) : full_;
  range = navigate(range, full, at.x + gutter, at.x + size.x - pad, f);
  if (f.shared_range)
    *f.shared_range = to_shared(range, f.shared_map);
  else
    range_ = range;
  const TimeAxis axis = time_axis(range, at.x + gutter, at.x + size.x - pad, unit_);
  const int buckets = std::max(8, static_cast<int>((axis.x1 - axis.x0) / 4.0f));
  if (heat_.buckets != buckets || heat_.begin_ns != static_cast<int64_t>(range.begin) ||
      heat_.end_ns != static_cast<int64_t>(range.end))
    heat_ = spin_heat(lock_, buckets, static_cast<int64_t>(range.begin), static_cast<int64_t>(range.end));
  float y = at.y + small + 6;
  const float bottom = at.y + size.y - 4;
  const auto label = [&](float row_y, float row_h, const std::string& text, ImU32 c) {
    list->AddText(f.fonts.ui, small, ImVec2(at.x + 6, row_y + 0.5f * row_h - 0.5f * small), c, text.c_str());
  };
  // Counters, then all lanes' spinning together, then the lanes.
  // A counter is 54 pixels high at scale 1, less where the lanes would be left little room.
  const float counter_h = std::clamp(0.18f * size.y, 30.0f * s, 54.0f * s);
  for (int r : lock_.counters)
    for (const CounterSeries& c : lock_.run.rows[static_cast<std::size_t>(r)].events.counters) {
      list->AddRectFilled(ImVec2(axis.x0, y), ImVec2(axis.x1, y + counter_h), colour::panel);
      paint_counter(list, axis, c, y + 4, y + counter_h - 4);
      label(y, counter_h, counter_text(c, f.cursor.t_ns), colour::text);
      y += counter_h + 4;
    }
  const float heat_h = 18.0f * s;
  cells_layer_.open(list, ImVec2(axis.x0, y), ImVec2(axis.x1, bottom));
  for (int b = 0; b < heat_.buckets; ++b) {
    const double v = heat_.total[static_cast<std::size_t>(b)];
    if (v <= 0) continue;
    const float bw = (axis.x1 - axis.x0) / static_cast<float>(heat_.buckets);
    const float x = axis.x0 + bw * static_cast<float>(b);
    fill_rect(list, ImVec2(x, y), ImVec2(x + bw, y + heat_h), spin_colour(v / heat_.total_max));
  }
  label(y, heat_h, "spinning, all lanes", colour::text_dim);
  y += heat_h + 6;
  const int owner = owner_at(lock_, f.cursor.t_ns);
  RowsPort rows = scroll_.layout(y, bottom, order_.size(), 0.0f, kChartRowMaxPx, s, ImGui::IsItemHovered());
  if (owner >= 0) scroll_.keep_in_sight(rows, place_[static_cast<std::size_t>(owner)]);
  note_data_row("lock lane", rows.row_h);
  const float row = rows.row_h;
  list->PushClipRect(ImVec2(axis.x0, y), ImVec2(axis.x1, bottom),
                     true);  // zoomed in: holds and hand-offs past the edges
  paint_lanes(list, axis, rows.top, row, owner, false);
  list->PopClipRect();
  cells_layer_.close();
  // Lane names where there is room, the holder's always.
  const int every = std::max(1, static_cast<int>(std::ceil(small * 1.2f / std::max(row, 0.1f))));
  // The holder's name has its line to itself: no other name is drawn within a line of it.
  const float owner_y = owner >= 0 ? rows.row_top(place_[static_cast<std::size_t>(owner)]) : 0.0f;
  // A name may stand half a line over its row's edge (the first lane's), not more.
  list->PushClipRect(ImVec2(at.x, y - 0.5f * small), ImVec2(axis.x0, bottom + 0.5f * small), true);
  for (std::size_t i = 0; i < order_.size(); i += static_cast<std::size_t>(every)) {
    const float ly = rows.row_top(i);
    if (ly + row < y || ly > bottom || (owner >= 0 && std::fabs(ly - owner_y) < small * 1.2f)) continue;
    label(ly, row, lock_.lane_names[static_cast<std::size_t>(order_[i])], colour::text_faint);
  }
  if (owner >= 0)
    label(owner_y, row, "\xE2\x96\xB6 " + lock_.lane_names[static_cast<std::size_t>(owner)],
          colour::highlight_mark);
  list->PopClipRect();
  RowScroll::paint_bar(list, rows, axis.x1 + pad - 2);
  paint_time_ticks(list, f.fonts, axis, at.y, at.y + small + 4, bottom);
  paint_time_cursor(list, axis, f.cursor.t_ns, at.y + small + 4, bottom, f.curtain);
  // Hovering a lane: who it is and what it does at that moment.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && mouse.x >= axis.x0 && mouse.x <= axis.x1 &&
      rows.row_at(mouse.y) >= 0 && !f.curtain) {
    const int lane = order_[static_cast<std::size_t>(rows.row_at(mouse.y))];
    const int64_t t = axis.t_at(mouse.x);
    const std::string what = lane_state_text(lock_, lane, t);
    ImGui::SetTooltip("%s at %s\n%s", lock_.lane_names[static_cast<std::size_t>(lane)].c_str(),
                      format_duration(static_cast<double>(t), unit_).c_str(),
                      what.empty() ? "nothing recorded then" : what.c_str());
  }
}

// Ctrl+wheel zooms about the pointer, a drag pans, a double-click fits the whole run, and a click
// that does not move sets the time (as on the timeline).
TimeRange LockView::navigate(TimeRange range, const TimeRange& full, float x0, float x1, const ViewFrame& f) {
  const ImGuiIO& io = ImGui::GetIO();
  const double min_span = std::max(1.0, full.span() * 1e-6);
  const TimeAxis axis = time_axis(range, x0, x1, unit_);
  if (ImGui::IsItemHovered() && io.KeyCtrl && io.MouseWheel != 0.0f)
    range = zoom_range(range, std::pow(1.25, io.MouseWheel),
                       static_cast<double>(axis.t_at(std::clamp(io.MousePos.x, x0, x1))), full, min_span);
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) range = full;
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f)) {
    dragged_ = true;
    range = pan_range(range, -io.MouseDelta.x * range.span() / std::max(1.0f, x1 - x0), full, min_span);
  }
  if (ImGui::IsItemDeactivated()) {
    if (!dragged_ && f.seek && io.MousePos.x >= x0 && io.MousePos.x <= x1) *f.seek = axis.t_at(io.MousePos.x);
    dragged_ = false;
  }
  return range;
}

void LockView::draw_warp(const ViewFrame& f) {
  const WarpModel& m = *warp_;
  const int step = std::clamp(f.cursor.step, 0, std::max(0, static_cast<int>(m.steps.size()) - 1));
  const ImVec4 red = ImGui::ColorConvertU32ToFloat4(colour::contradicted);
  ImGui::PushFont(f.fonts.bold);
  if (f.curtain)  // a question open: whether the warp finishes is its answer
    ImGui::TextDisabled("Whether the warp finishes: hidden until R");
  else if (m.deadlocked())
    ImGui::TextColored(
        red, "Deadlock: from step %d on, steps %d\xE2\x80\x93%d repeat forever; no lane can progress",
        m.cycle_start + 1, m.cycle_start + 1, m.cycle_end + 1);
  else
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::confirmed), "The warp completes after %d steps",
                       static_cast<int>(m.steps.size()));
  ImGui::PopFont();
  // Where the room is short (a projector's large type) the grid keeps it: the step's instruction
  // is in the caption above, and the repeated state is what the grid's last columns show.
  const bool roomy = ImGui::GetContentRegionAvail().y > 16.0f * ImGui::GetTextLineHeightWithSpacing();
  if (roomy && m.deadlocked() && !f.curtain)
    ImGui::TextDisabled("the whole state (stack, registers, memory) after step %d is the state after step %d",
                        m.cycle_end + 1, m.cycle_start);
  if (roomy && !m.steps.empty()) {
    ImGui::PushFont(f.fonts.mono);
    ImGui::Text("step %d of %d: %s", step + 1, static_cast<int>(m.steps.size()),
                m.steps[static_cast<std::size_t>(step)].instruction.c_str());
    ImGui::PopFont();
  }
  draw_warp_legend(m.deadlocked(), !roomy);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::GetContentRegionAvail();
  ImGui::InvisibleButton("##warp", ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  if (size.x < 200 || size.y < 80) return;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float s = ui_scale(f.fonts);
  const float side = std::min(32 * 12.0f + 40.0f, 0.4f * size.x) * s;
  // The grid, 32 lanes of 1.3 lines at most, magnified with the scale: where that is taller than the
  // room, it scrolls.
  const float grid_x1 = at.x + size.x - side - 24 * s;
  const RowsPort grid = warp_scroll_.layout(at.y + 4, at.y + size.y - 4, 1, 0.0f,
                                            32 * 1.3f * f.fonts.ui->FontSize / s, s, ImGui::IsItemHovered());
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  list->PushClipRect(ImVec2(at.x, grid.y0), ImVec2(grid_x1 + 12 * s, grid.y1), true);
  const int hovered = paint_warp_grid(
      list, f.fonts, m, step, ImVec2(at.x + 4, grid.top), ImVec2(grid_x1, grid.top + grid.row_h),
      mouse.y >= grid.y0 && mouse.y < grid.y1 ? mouse : ImVec2(-1, -1), true, &cells_layer_, f.curtain);
  list->PopClipRect();
  RowScroll::paint_bar(list, grid, grid_x1 + 12 * s);
  const ImVec2 stack_at(at.x + size.x - side, at.y + 4);
  float used = paint_warp_stack(list, f.fonts, m, step, stack_at, side - 12 * s);
  // The shared words at the end of the step.
  float y = stack_at.y + used + 10;
  list->AddText(f.fonts.bold, f.fonts.bold->FontSize, ImVec2(stack_at.x, y), colour::text, "Memory");
  y += f.fonts.bold->FontSize + 6;
  const int64_t t = m.steps.empty() ? 0 : m.steps[static_cast<std::size_t>(step)].end_ns;
  for (int r : lock_.counters)
    for (const CounterSeries& c : lock_.run.rows[static_cast<std::size_t>(r)].events.counters) {
      const std::string line = counter_text(c, t);
      list->AddText(f.fonts.mono, f.fonts.mono->FontSize, ImVec2(stack_at.x, y), colour::text, line.c_str());
      y += f.fonts.mono->FontSize + 4;
    }
  if (hovered >= 0 && ImGui::IsItemHovered()) {
    const WarpStep& ws = m.steps[static_cast<std::size_t>(hovered)];
    ImGui::SetTooltip("step %d: %s", hovered + 1, ws.instruction.c_str());
    if (ImGui::IsItemClicked() && f.seek) *f.seek = ws.begin_ns;
  }
}

void LockView::paint_thumbnail(const ThumbnailPaint& p) {
  const ThumbnailArea a = thumbnail_area(p);
  const float caption = thumbnail_caption_size(p.fonts) + 8.0f;
  std::string text;
  if (warp_) {
    paint_warp_grid(p.list, p.fonts, *warp_, -1, ImVec2(a.x0, a.y0), ImVec2(a.x1, a.y1 - caption - 4),
                    ImVec2(-1, -1), false);
    text = warp_->deadlocked()
               ? "model: deadlock from step " + std::to_string(warp_->cycle_start + 1)
               : "model: completes in " + format_count(static_cast<int64_t>(warp_->steps.size()), "step");
  } else {
    const TimeAxis axis = time_axis(full_, a.x0, a.x1, unit_);
    heat_ = spin_heat(lock_, 60, static_cast<int64_t>(full_.begin), static_cast<int64_t>(full_.end));
    float y0 = a.y0;
    for (int r : lock_.counters)
      for (const CounterSeries& c : lock_.run.rows[static_cast<std::size_t>(r)].events.counters) {
        paint_counter(p.list, axis, c, y0, y0 + 18);
        y0 += 22;
      }
    paint_lanes(p.list, axis, y0,
                (a.y1 - caption - 4 - y0) / static_cast<float>(std::max<std::size_t>(order_.size(), 1)), -1,
                true);
    text = format_count(static_cast<int64_t>(lock_.lanes.size()), "lane") + " \xC2\xB7 " +
           format_count(static_cast<int64_t>(lock_.handoffs.size()), "hand-off");
  }
  paint_thumbnail_caption(p, text, a.y1, FLT_MAX);
  if (lock_.modelled) {
    const float size = thumbnail_caption_size(p.fonts);
    const float w = p.fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, kModelTag).x + 12;
    paint_model_tag(p.list, p.fonts, ImVec2(a.x1 - w, a.y1 - size - 6), size);
  }
}

}  // namespace

std::unique_ptr<TraceView> make_lock_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<LockView>(trace);
}

}  // namespace gridlock::viewer
