// The whole-run timeline view: every track's row over the run's time, nested in collapsible
// groups as the tracks' parents say (SM -> blocks, block -> warps), slices coloured by category,
// instants as ticks, counters as step graphs, flows as arrows, the time cursor with what lies
// after it dimmed. Many rows stay usable: rows shrink to fit, down to a few pixels, then scroll;
// Ctrl+wheel zooms in time and dragging pans; tracks of memory words and locks stay pinned on top.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/run_timeline.hpp"
#include "render/pixel_layer.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/run_timeline_painter.hpp"
#include "views/timeline_painter.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

constexpr double kMinSpanNs = 20.0;                                                      // zooming stops here
constexpr float kMinRow = 2.0f, kLargeRow = 15.0f, kMaxRow = 22.0f, kPinnedRow = 18.0f;  // pixels at scale 1

class TimelineView final : public TraceView {
 public:
  TimelineView(const trace::Trace& trace, const ViewConfig& config)
      : run_(run_timeline(trace)), unit_(trace.clock.unit) {
    full_ = padded_range(static_cast<double>(run_.begin_ns), static_cast<double>(run_.end_ns));
    range_ = full_;
    if (const auto& w = config.timeline_window) {
      const double from = config.timeline_window_after_first_event ? static_cast<double>(run_.begin_ns) : 0.0;
      range_ = {std::max(full_.begin, from + static_cast<double>(w->first)),
                std::min(full_.end, from + static_cast<double>(w->second))};
    }
    for (std::size_t r = 0; r < run_.rows.size(); ++r)
      if (run_.rows[r].pinned) pinned_.push_back(static_cast<int>(r));
    // Opens on as many levels as fit a screen; "rows down to" opens the rest. Told which tracks
    // a moment is on, on those rows alone, with their parents.
    show_level(opening_depth(run_, kOpeningRows));
    if (!config.timeline_tracks.empty()) visible_ = rows_of_tracks(config.timeline_tracks);
    if (!config.timeline_tracks.empty() && !config.timeline_pinned) pinned_.clear();
  }
  static constexpr std::size_t kOpeningRows = 48;

  const char* name() const override { return "timeline"; }
  const char* title() const override { return "Timeline"; }
  void draw(const ViewFrame& f) override;
  void paint_thumbnail(const ThumbnailPaint& p) override;

 private:
  struct Frame {
    const ViewFrame& f;
    TimeRange& range;
    const TimeRange& full;
    float plot_x0, plot_x1;
  };

  // Groups deeper than `level` folded: the rows down to that level shown.
  void show_level(int level) {
    level_ = level;
    collapsed_ = collapse_from_depth(run_, level);
    visible_ = visible_rows(run_, collapsed_);
  }
  void toggle(int row) {
    collapsed_[static_cast<std::size_t>(row)] ^= 1;
    visible_ = visible_rows(run_, collapsed_);
  }
  // The unpinned rows of `tracks` and every row they nest in, in row order.
  std::vector<int> rows_of_tracks(const std::vector<int>& tracks) const {
    std::vector<bool> shown(run_.rows.size(), false);
    for (std::size_t r = 0; r < run_.rows.size(); ++r)
      if (std::find(tracks.begin(), tracks.end(), run_.rows[r].track) != tracks.end())
        for (int up = static_cast<int>(r); up >= 0; up = run_.rows[static_cast<std::size_t>(up)].parent)
          shown[static_cast<std::size_t>(up)] = true;
    std::vector<int> out;
    for (std::size_t r = 0; r < shown.size(); ++r)
      if (shown[r] && !run_.rows[r].pinned) out.push_back(static_cast<int>(r));
    return out;
  }
  float gutter_width(const Fonts& fonts, float avail);
  void toolbar(const Frame& fr);
  void axis_strip(const Frame& fr, float height);
  void pinned_rows(const Frame& fr, float base);
  void scrolled_rows(const Frame& fr, float height);
  void rows_input(const Frame& fr, const RunLayout& g, RunPaint& paint);
  void zoom(const Frame& fr, double factor, float about_x);
  void seek(const Frame& fr, float x);

  RunTimeline run_;

  trace::TimeUnit unit_;  // what the trace's clock counts
  Collapsed collapsed_;
  std::vector<int> visible_;  // rows below the pinned ones
  std::vector<int> pinned_;
  PixelLayer rows_layer_;  // the scrolled rows' canvas, tick lines, backgrounds and slices
  int level_ = 0;
  TimeRange range_, full_;
  int64_t followed_ns_ = INT64_MIN;  // the cursor time the range last followed
  bool all_flows_ = false;
  bool large_rows_ = false;  // rows tall enough for every name, scrolled, rather than fitted
  float label_w_ = 0, label_font_ = 0;
};

// Goes on after the last item, `spacing` from it, if an item `width` wide still fits on the line;
// else starts the next line.
void same_line_if_fits(float width, float spacing = 20.0f) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0, spacing);
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

float TimelineView::gutter_width(const Fonts& fonts, float avail) {
  const float size = std::round(fonts.ui->FontSize * 0.8f);
  if (label_font_ != size) {
    label_font_ = size;
    label_w_ = 0;
    for (std::size_t r = 0; r < run_.rows.size(); ++r) {
      const RunRow& row = run_.rows[r];
      std::string text = row.name + (row.events.counters.empty() ? "" : " = 00000");
      const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
      label_w_ = std::max(label_w_, w + 12.0f * ui_scale(fonts) * static_cast<float>(row.depth) + 30.0f);
    }
  }
  return std::clamp(label_w_, 80.0f * ui_scale(fonts), 0.3f * avail);
}

void TimelineView::zoom(const Frame& fr, double factor, float about_x) {
  const TimeAxis axis = time_axis(fr.range, fr.plot_x0, fr.plot_x1, unit_);
  fr.range = zoom_range(fr.range, factor, static_cast<double>(axis.t_at(about_x)), fr.full, kMinSpanNs);
}

void TimelineView::seek(const Frame& fr, float x) {
  if (!fr.f.seek) return;
  const TimeAxis axis = time_axis(fr.range, fr.plot_x0, fr.plot_x1, unit_);
  *fr.f.seek = axis.t_at(std::clamp(x, fr.plot_x0, fr.plot_x1));
}

void TimelineView::toolbar(const Frame& fr) {
  const float mid = 0.5f * (fr.plot_x0 + fr.plot_x1);
  if (ImGui::Button("Fit")) fr.range = fr.full;
  ImGui::SameLine();
  if (ImGui::Button(" - ")) zoom(fr, 0.5, mid);
  ImGui::SameLine();
  if (ImGui::Button(" + ")) zoom(fr, 2.0, mid);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("zoom %.1f\xC3\x97", fr.full.span() / std::max(fr.range.span(), 1e-9));
  const int levels = static_cast<int>(run_.level_kinds.size());
  if (levels > 1) {
    same_line_if_fits(ImGui::CalcTextSize("rows down to").x + ImGui::CalcTextSize("blocks").x * 1.6f +
                      ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("rows down to");
    ImGui::SameLine();
    const std::string shown =
        kind_name(run_.level_kinds[static_cast<std::size_t>(std::min(level_, levels - 1))], true);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("blocks").x * 1.6f + ImGui::GetFrameHeight());
    if (ImGui::BeginCombo("##level", shown.c_str())) {
      for (int d = 0; d < levels; ++d) {
        const std::string item = kind_name(run_.level_kinds[static_cast<std::size_t>(d)], true);
        if (ImGui::Selectable(item.c_str(), std::min(level_, levels - 1) == d))
          show_level(d + 1 == levels ? levels : d);
      }
      ImGui::EndCombo();
    }
  }
  if (visible_.size() > 40) {
    same_line_if_fits(checkbox_width("large rows"));
    ImGui::Checkbox("large rows", &large_rows_);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Rows tall enough to name each one (scroll to see them all), rather than shrunk to fit");
  }
  if (run_.flows.size() > kManyFlows) {
    // The count stays on screen: without the box ticked, most of them are not drawn.
    const std::string all =
        "all " + format_count(static_cast<int64_t>(run_.flows.size()), "flow") + "##all-flows";
    same_line_if_fits(checkbox_width(all.c_str()));
    ImGui::Checkbox(all.c_str(), &all_flows_);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "%zu flows: without this, those that start in the current step (and those of the row under "
          "the pointer)",
          run_.flows.size());
  }
  // The row count and a hint, as much of them as fits on the line (nothing, when narrow).
  const std::string rows = format_count(static_cast<int64_t>(visible_.size() + pinned_.size()), "row");
  const std::string hint = rows + "  \xC2\xB7  Ctrl+wheel zooms, drag pans, a click sets the time";
  ImGui::SameLine(0, 20);
  const float room = ImGui::GetContentRegionAvail().x;
  if (ImGui::CalcTextSize(hint.c_str()).x <= room)
    ImGui::TextDisabled("%s", hint.c_str());
  else if (ImGui::CalcTextSize(rows.c_str()).x <= room)
    ImGui::TextDisabled("%s", rows.c_str());
  else
    ImGui::NewLine();
}

void TimelineView::axis_strip(const Frame& fr, float height) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::InvisibleButton("##axis", ImVec2(width, height));
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) zoom(fr, std::pow(1.25, io.MouseWheel), io.MousePos.x);
  if (ImGui::IsItemActive()) seek(fr, io.MousePos.x);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("drag to move the time; the wheel zooms");
  ImDrawList* list = ImGui::GetWindowDrawList();
  const TimeAxis axis = time_axis(fr.range, fr.plot_x0, fr.plot_x1, unit_);
  list->AddRectFilled(at, ImVec2(at.x + width, at.y + height), colour::canvas, 4.0f);
  list->PushClipRect(ImVec2(fr.plot_x0, at.y), ImVec2(fr.plot_x1, at.y + height), true);
  const StepWindow& w = fr.f.times.window(fr.f.cursor.step);
  // The current step's window: a band across the strip, underlined.
  const float wa = axis.x_of(w.begin_ns), wb = std::max(axis.x_of(w.end_ns), wa + 2.0f);
  list->AddRectFilled(ImVec2(wa, at.y), ImVec2(wb, at.y + height), colour::with_alpha(colour::dst, 0.16f));
  list->AddRectFilled(ImVec2(wa, at.y + height - 4), ImVec2(wb, at.y + height),
                      colour::with_alpha(colour::dst, 0.9f));
  const std::string now = fr.f.shared_range ? cursor_time_text(fr.f) : "t = " + cursor_time_text(fr.f);
  const float now_size = fr.f.fonts.ui->FontSize * 0.85f;
  const float now_end = at.x + 6 + fr.f.fonts.bold->CalcTextSizeA(now_size, FLT_MAX, 0, now.c_str()).x + 8;
  paint_time_ticks(list, fr.f.fonts, axis, at.y + 3, at.y + height - 8, at.y + height, 0, true, now_end);
  paint_time_cursor(list, axis, fr.f.cursor.t_ns, at.y, at.y + height, fr.f.curtain);
  list->PopClipRect();
  list->AddText(fr.f.fonts.bold, now_size, ImVec2(at.x + 6, at.y + 3), colour::highlight_mark, now.c_str());
}

void TimelineView::pinned_rows(const Frame& fr, float base) {
  if (pinned_.empty()) return;
  const float scale = ui_scale(fr.f.fonts);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  RunLayout g = layout_run_rows(run_, pinned_, at.y, base, scale);
  g.gutter_x0 = at.x;
  g.plot_x0 = fr.plot_x0;
  g.plot_x1 = fr.plot_x1;
  g.axis = time_axis(fr.range, fr.plot_x0, fr.plot_x1, unit_);
  ImGui::InvisibleButton("##pinned", ImVec2(width, g.bottom() - at.y));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + width, g.bottom()), colour::canvas);
  const int under = hovered ? g.at(ImGui::GetIO().MousePos.y) : -1;
  RunPaint paint{run_,
                 collapsed_,
                 fr.f.fonts,
                 list,
                 fr.f.cursor.t_ns,
                 under >= 0 ? g.rows[static_cast<std::size_t>(under)] : -1,
                 fr.f.cursor.step,
                 all_flows_};
  list->PushClipRect(ImVec2(fr.plot_x0, at.y), ImVec2(fr.plot_x1, g.bottom()), true);
  paint_run_rows(paint, g);
  paint_time_cursor(list, g.axis, fr.f.cursor.t_ns, at.y, g.bottom(), fr.f.curtain);
  list->PopClipRect();
  paint_run_labels(paint, g);
  list->AddLine(ImVec2(at.x, g.bottom()), ImVec2(at.x + width, g.bottom()), colour::grid);
  if (paint.hovered >= 0 && ImGui::GetIO().MousePos.x >= fr.plot_x0)
    run_row_tooltip(paint, g.axis, paint.hovered, ImGui::GetIO().MousePos.x);
}

void TimelineView::rows_input(const Frame& fr, const RunLayout& g, RunPaint& paint) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  if (hovered) {
    const int under = g.at(io.MousePos.y);
    paint.hovered = under >= 0 ? g.rows[static_cast<std::size_t>(under)] : -1;
    if (io.KeyCtrl && io.MouseWheel != 0.0f) zoom(fr, std::pow(1.25, io.MouseWheel), io.MousePos.x);
    const float sideways = io.MouseWheelH != 0.0f ? io.MouseWheelH : io.KeyShift ? io.MouseWheel : 0.0f;
    if (sideways != 0.0f)
      fr.range = pan_range(fr.range, -0.1 * sideways * fr.range.span(), fr.full, kMinSpanNs);
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) fr.range = fr.full;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f)) {
    const double per_px = fr.range.span() / std::max(1.0f, fr.plot_x1 - fr.plot_x0);
    fr.range = pan_range(fr.range, -io.MouseDelta.x * per_px, fr.full, kMinSpanNs);
    ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  }
  const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
  if (ImGui::IsItemDeactivated() && std::fabs(drag.x) + std::fabs(drag.y) < 3.0f) {
    if (io.MousePos.x < fr.plot_x0) {
      if (paint.hovered >= 0 && run_.is_group(paint.hovered)) toggle(paint.hovered);
    } else {
      seek(fr, io.MousePos.x);
    }
  }
}

void TimelineView::scrolled_rows(const Frame& fr, float height) {
  const float scale = ui_scale(fr.f.fonts);
  const float width = ImGui::GetContentRegionAvail().x;
  // The canvas, the tick lines, the row backgrounds and the slices are one layer of pixels, left
  // of the scrollbar; the scrollbar's track is painted as it would look over the canvas.
  ImGui::PushStyleColor(ImGuiCol_ScrollbarBg, ImGui::ColorConvertU32ToFloat4(blend_over(
                                                  colour::canvas, ImGui::GetColorU32(ImGuiCol_ScrollbarBg))));
  ImGui::BeginChild("##run-rows", ImVec2(width, height), false);
  ImGui::PopStyleColor();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 child_min = ImGui::GetWindowPos();
  const ImVec2 child_max(child_min.x + ImGui::GetWindowContentRegionMax().x,
                         child_min.y + ImGui::GetWindowHeight());
  rows_layer_.open(list, child_min, child_max);
  fill_rect(list, child_min, child_max, colour::canvas);
  // Where a few groups hold many thin rows, the groups keep room for their names and the rows
  // inside share the rest.
  const float label_h = std::round(fr.f.fonts.ui->FontSize * 0.64f) + 4.0f;
  const auto groups = static_cast<float>(
      std::count_if(visible_.begin(), visible_.end(), [&](int r) { return run_.is_group(r); }));
  const float group_h = !large_rows_ && groups * label_h <= 0.3f * height ? label_h : 0.0f;
  const float rest = height - groups * group_h;
  const float rows = std::max(static_cast<float>(visible_.size()) - (group_h > 0 ? groups : 0.0f), 1.0f);
  const float base = magnified_row(rest, ImGui::GetMainViewport()->Size.y, static_cast<std::size_t>(rows),
                                   large_rows_ ? kLargeRow : kMinRow, kMaxRow, scale);
  note_data_row("timeline row", base);
  RunLayout g = layout_run_rows(run_, visible_, at.y, base, scale, group_h);
  g.gutter_x0 = at.x;
  g.plot_x0 = fr.plot_x0;
  g.plot_x1 = fr.plot_x1;
  g.axis = time_axis(fr.range, fr.plot_x0, fr.plot_x1, unit_);
  const float total = std::max(g.bottom() - at.y, 1.0f);
  ImGui::InvisibleButton("##rows", ImVec2(ImGui::GetContentRegionAvail().x, total));
  RunPaint paint{run_, collapsed_, fr.f.fonts, list, fr.f.cursor.t_ns, -1, fr.f.cursor.step, all_flows_};
  rows_input(fr, g, paint);
  const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowHeight();
  list->PushClipRect(ImVec2(fr.plot_x0, top), ImVec2(fr.plot_x1, bottom), true);
  paint_time_ticks(list, fr.f.fonts, g.axis, 0, top, bottom, 0, false);
  paint_run_rows(paint, g);
  rows_layer_.close();
  paint_run_flows(paint, g);
  paint_time_cursor(list, g.axis, fr.f.cursor.t_ns, top, bottom, fr.f.curtain);
  list->PopClipRect();
  paint_run_labels(paint, g);
  if (paint.hovered >= 0 && ImGui::GetIO().MousePos.x >= fr.plot_x0 && !ImGui::IsItemActive())
    run_row_tooltip(paint, g.axis, paint.hovered, ImGui::GetIO().MousePos.x);
  ImGui::EndChild();
}

void TimelineView::draw(const ViewFrame& f) {
  if (run_.empty()) {
    ImGui::TextDisabled("This trace records no events on its clock.");
    return;
  }
  // On this trace's clock: its own range, or the shared one read on it.
  TimeRange range = f.shared_range ? to_side(*f.shared_range, f.shared_map) : range_;
  const TimeRange full = f.shared_full ? to_side(*f.shared_full, f.shared_map) : full_;
  Frame fr{f, range, full, 0, 0};
  if (f.cursor.t_ns != followed_ns_) {  // keep a moving cursor in view
    fr.range = follow_time(fr.range, static_cast<double>(f.cursor.t_ns), fr.full, kMinSpanNs);
    followed_ns_ = f.cursor.t_ns;
  }
  const float scale = ui_scale(f.fonts);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float x0 = ImGui::GetCursorScreenPos().x;
  fr.plot_x0 = x0 + gutter_width(f.fonts, avail.x);
  fr.plot_x1 = x0 + avail.x - ImGui::GetStyle().ScrollbarSize - 6.0f;
  const float start_y = ImGui::GetCursorPosY();
  toolbar(fr);
  const float axis_h = f.fonts.ui->FontSize + 12.0f;
  const float legend_h = ImGui::GetTextLineHeightWithSpacing();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  axis_strip(fr, axis_h);
  pinned_rows(fr, kPinnedRow * scale);
  ImGui::PopStyleVar();
  const float used = ImGui::GetCursorPosY() - start_y;
  scrolled_rows(fr, std::max(40.0f, avail.y - used - legend_h - ImGui::GetStyle().ItemSpacing.y));
  draw_timeline_legend(f.fonts, run_.categories, run_.has_counters, !run_.flows.empty(), avail.x);
  if (f.shared_range)
    *f.shared_range = to_shared(range, f.shared_map);
  else
    range_ = range;
}

void TimelineView::paint_thumbnail(const ThumbnailPaint& p) {
  const ThumbnailArea a = thumbnail_area(p);
  const float caption_h = thumbnail_caption_size(p.fonts) + 8.0f;
  // The deepest level whose rows are at least 2 pixels high.
  const float room = a.y1 - a.y0 - caption_h - (pinned_.empty() ? 0.0f : 26.0f);
  Collapsed folded = collapse_from_depth(run_, static_cast<int>(run_.level_kinds.size()));
  std::vector<int> rows = visible_rows(run_, folded);
  for (int d = static_cast<int>(run_.level_kinds.size()) - 1;
       d >= 0 && static_cast<float>(rows.size()) * 2.0f > room; --d) {
    folded = collapse_from_depth(run_, d);
    rows = visible_rows(run_, folded);
  }
  const TimeAxis axis = time_axis(full_, a.x0, a.x1, unit_);
  float y = a.y0;
  for (int r : pinned_) {
    paint_timeline_row(p.list, axis, run_.rows[static_cast<std::size_t>(r)].events, y, y + 20.0f, false);
    y += 26.0f;
  }
  const float h = room / static_cast<float>(std::max<std::size_t>(rows.size(), 1));
  const float bar = std::max(1.0f, std::min(h * 0.8f, 14.0f));
  // A run recorded as moments alone (stores, reads) has no slices or counters to draw: its
  // instants are its picture.
  const bool only_instants = std::none_of(run_.rows.begin(), run_.rows.end(), [](const RunRow& r) {
    return !r.events.slices.empty() || !r.events.counters.empty();
  });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RunRow& row = run_.rows[static_cast<std::size_t>(rows[i])];
    const float top = y + h * static_cast<float>(i) + 0.5f * (h - bar);
    if (run_.is_group(rows[i]) && folded[static_cast<std::size_t>(rows[i])])
      for (const SummarySpan& s : row.summary)
        p.list->AddRectFilled(ImVec2(axis.x_of(s.begin_ns), top),
                              ImVec2(std::max(axis.x_of(s.end_ns), axis.x_of(s.begin_ns) + 1), top + bar),
                              colour::category(s.category));
    paint_timeline_row(p.list, axis, row.events, top, top + bar, only_instants);
  }
  // Of such a run, the flows between its moments too (a store to the read that missed it): they
  // are what the picture is about.
  if (only_instants && run_.flows.size() <= kManyFlows)
    for (const RunFlow& f : run_.flows) {
      const auto from = std::find(rows.begin(), rows.end(), f.from_row),
                 to = std::find(rows.begin(), rows.end(), f.to_row);
      if (from == rows.end() || to == rows.end() || from == to) continue;
      const auto centre = [&](std::vector<int>::const_iterator r) {
        return y + h * static_cast<float>(r - rows.begin()) + 0.5f * h;
      };
      paint_flow(p.list, ImVec2(axis.x_of(f.from_ns), centre(from)), ImVec2(axis.x_of(f.to_ns), centre(to)),
                 colour::with_alpha(f.to_moment ? colour::category_moment : colour::flow, 0.7f), 1.2f);
    }
  const trace::TrackKind leaf = run_.level_kinds.empty() ? trace::TrackKind::block : run_.level_kinds.back();
  int leaves = 0;
  for (const RunRow& r : run_.rows)
    leaves += !r.pinned && r.depth + 1 == static_cast<int>(run_.level_kinds.size()) ? 1 : 0;
  paint_thumbnail_caption(p,
                          format_count(leaves, kind_name(leaf, false)) + "  \xC2\xB7  " +
                              format_duration(static_cast<double>(run_.end_ns - run_.begin_ns), unit_),
                          a.y1, FLT_MAX);
}

}  // namespace

std::unique_ptr<TraceView> make_timeline_view(const trace::Trace& trace, const ViewConfig& config) {
  return std::make_unique<TimelineView>(trace, config);
}

}  // namespace gridlock::viewer
