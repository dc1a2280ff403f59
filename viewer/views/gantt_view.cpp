// The Gantt view: work items over time, one row per block (in block order, or by when each ran
// out of work), each item coloured by what it cost, the gaps between items visible, and the idle
// time after a block's last item (until the last block finished) hatched and summed over the
// grid. In compare mode both sides share one time axis, so two schedules of the same items line
// up under one cursor.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/gantt_chart.hpp"
#include "model/time_range.hpp"
#include "render/pixel_layer.hpp"
#include "views/chart_parts.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/run_timeline_painter.hpp"
#include "views/timeline_painter.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

constexpr ImU32 kIdle = IM_COL32(235, 87, 87, 70);
constexpr ImU32 kIdleLines = IM_COL32(235, 87, 87, 150);

class GanttView final : public TraceView {
 public:
  explicit GanttView(const trace::Trace& trace) : chart_(gantt_chart(run_timeline(trace))) {
    full_ = padded_range(static_cast<double>(chart_.begin_ns), static_cast<double>(chart_.end_ns));
    order_ = gantt_order(chart_, GanttOrder::finish);
  }
  const char* name() const override { return "gantt"; }
  const char* title() const override { return "Gantt"; }

  void draw(const ViewFrame& f) override {
    if (chart_.empty()) return ImGui::TextDisabled("This trace holds no work items.");
    if (ImGui::Checkbox("rows by when each block ran out of work", &by_finish_))
      order_ = gantt_order(chart_, by_finish_ ? GanttOrder::finish : GanttOrder::declared);
    summary(f);
    const TimeRange range = f.shared_range ? to_side(*f.shared_range, f.shared_map) : full_;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float legend_h = ImGui::GetTextLineHeightWithSpacing() + 4;
    const float height = std::max(80.0f, avail.y - legend_h);
    ImGui::InvisibleButton("##gantt", ImVec2(avail.x, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    // The canvas and the rows are one layer of pixels: a row per block of a thousand blocks.
    rows_layer_.open(list, at, ImVec2(at.x + avail.x, at.y + height));
    fill_rect(list, at, ImVec2(at.x + avail.x, at.y + height), colour::canvas, 4.0f);
    const float gutter = 80.0f * ui_scale(f.fonts), axis_h = f.fonts.ui->FontSize + 10;
    const TimeAxis axis = time_axis(range, at.x + gutter, at.x + avail.x - 12);
    const float y0 = at.y + axis_h, y1 = at.y + height - 4;
    paint_time_ticks(list, f.fonts, axis, at.y + 4, y0 - 2, y1);
    RowsPort rows = scroll_.layout(y0, y1, order_.size(), 0.0f, kChartRowMaxPx, ui_scale(f.fonts),
                                   ImGui::IsItemHovered());
    note_data_row("gantt row", rows.row_h);
    list->PushClipRect(ImVec2(axis.x0, y0 - 2), ImVec2(axis.x1, y1), true);
    paint_rows(list, axis, rows);
    rows_layer_.close();
    paint_time_cursor(list, axis, f.cursor.t_ns, y0 - 2, y1, f.curtain);
    list->PopClipRect();
    labels(list, f.fonts, at.x + 6, rows);
    RowScroll::paint_bar(list, rows, at.x + avail.x - 2);
    hover(axis, rows);
    if (ImGui::IsItemClicked() && f.seek && ImGui::GetIO().MousePos.x >= axis.x0)
      *f.seek = axis.t_at(ImGui::GetIO().MousePos.x);
    chart_legend({{colour::heat(0.15f), "cheap item"},
                  {colour::heat(1.0f), "costly item"},
                  {kIdleLines, "idle after its last item"}});
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    if (chart_.empty()) return paint_thumbnail_placeholder(p);
    const ThumbnailArea a = thumbnail_area(p);
    const float caption = thumbnail_caption_size(p.fonts) + 8.0f;
    RowsPort rows;
    rows.y0 = rows.top = a.y0;
    rows.y1 = a.y1 - caption;
    rows.count = order_.size();
    rows.row_h = (rows.y1 - rows.y0) / static_cast<float>(rows.count);
    paint_rows(p.list, time_axis(full_, a.x0, a.x1), rows);
    paint_thumbnail_caption(p,
                            format_count(static_cast<int64_t>(chart_.items), "item") + ", idle " +
                                format_percent(chart_.idle_share(), 0),
                            a.y1, FLT_MAX);
  }

 private:
  // The rows seen in the port; a row the scroll cuts is cut at the port's edge.
  void paint_rows(ImDrawList* list, const TimeAxis& axis, const RowsPort& port) const {
    const float h = port.row_h, pad = h > 4 ? 0.12f * h : 0.0f;
    const float end = axis.x_of(chart_.end_ns);
    const double most = std::max(chart_.max_value, 1.0);
    for (std::size_t i = 0; i < order_.size(); ++i) {
      const float row_top = port.row_top(i);
      if (row_top + h < port.y0 || row_top > port.y1) continue;
      const GanttRow& r = chart_.rows[static_cast<std::size_t>(order_[i])];
      const float top = std::max(row_top + pad, port.y0),
                  bottom = std::min(std::max(row_top + h - pad, top + 1), port.y1);
      paint_hatched(list, ImVec2(axis.x_of(r.last_end_ns()), top), ImVec2(end, bottom), kIdle, kIdleLines);
      for (const GanttItem& it : r.items) {
        const float a = axis.x_of(it.begin_ns), b = std::max(axis.x_of(it.end_ns), a + 1);
        const float gap = b - a > 4 ? 1.0f : 0.0f;
        fill_rect(list, ImVec2(a, top), ImVec2(b - gap, bottom),
                  colour::heat(0.1f + 0.9f * static_cast<float>(std::sqrt(it.value / most))));
      }
    }
  }

  void labels(ImDrawList* list, const Fonts& fonts, float x, const RowsPort& port) const {
    const float size = std::round(fonts.ui->FontSize * 0.7f), h = port.row_h;
    const std::size_t every = static_cast<std::size_t>(std::max(1.0f, std::ceil(1.6f * size / h)));
    for (std::size_t i = 0; i < order_.size(); i += every) {
      const float y = port.row_top(i) + 0.5f * h - 0.5f * size;
      if (y < port.y0 || y + size > port.y1) continue;
      list->AddText(fonts.ui, size, ImVec2(x, y), colour::text_dim,
                    chart_.rows[static_cast<std::size_t>(order_[i])].name.c_str());
    }
  }

  void hover(const TimeAxis& axis, const RowsPort& port) const {
    if (!ImGui::IsItemHovered()) return;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int r = port.row_at(m.y);
    if (r < 0) return;
    const GanttRow& row = chart_.rows[static_cast<std::size_t>(order_[static_cast<std::size_t>(r)])];
    const int64_t t = axis.t_at(m.x);
    std::string item = "no item";
    for (const GanttItem& it : row.items)
      if (t >= it.begin_ns && t <= it.end_ns)
        item = it.name + ", " + format_duration(static_cast<double>(it.end_ns - it.begin_ns));
    ImGui::SetTooltip(
        "%s: %s\n%s items, busy %s, between items %s, idle after the last %s\nunder the pointer: %s",
        row.name.c_str(), format_duration(static_cast<double>(t)).c_str(),
        std::to_string(row.items.size()).c_str(), format_duration(static_cast<double>(row.busy_ns)).c_str(),
        format_duration(static_cast<double>(row.gaps_ns)).c_str(),
        format_duration(static_cast<double>(row.idle_after_ns)).c_str(), item.c_str());
  }

  void summary(const ViewFrame& f) const {
    const int64_t t = f.cursor.t_ns;
    const auto d = [](int64_t ns) { return format_duration(static_cast<double>(ns)); };
    const std::string first = format_count(static_cast<int64_t>(chart_.items), "item") + " on " +
                              format_count(static_cast<int64_t>(chart_.rows.size()), "block") + " in " +
                              d(chart_.end_ns - chart_.begin_ns) + "  \xC2\xB7  idle after the last items " +
                              d(chart_.idle_after_ns) + " (" + format_percent(chart_.idle_share(), 0) +
                              " of blocks \xC3\x97 span)";
    const std::string second =
        "block time in items " + d(chart_.busy_ns) + ", between items " + d(chart_.gaps_ns) +
        "  \xC2\xB7  at " + d(t) + ": " + std::to_string(chart_.finished_by(t)) + " of " +
        std::to_string(chart_.rows.size()) + " blocks out of work, idle so far " + d(chart_.idle_after_by(t));
    chart_summary(f.fonts, first, second);
  }

  GanttChart chart_;
  TimeRange full_;
  std::vector<int> order_;
  bool by_finish_ = true;
  PixelLayer rows_layer_;
  RowScroll scroll_;
};

}  // namespace

std::unique_ptr<TraceView> make_gantt_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<GanttView>(trace);
}

}  // namespace gridlock::viewer
