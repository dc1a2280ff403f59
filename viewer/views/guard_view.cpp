// The guard view: a last-block guard as it happened. Blocks in the order they took their tickets,
// on the run's clock: each block's partial, then its ticket, the tickets counting up the rows; a
// flow from every ticket to the merge, and the merging block's row lit up with its merge. Beside
// it, the partials buffer in block order, filling as the blocks store their partials, with the
// merging block's cell outlined. Everything after the time cursor is dimmed or not yet there.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/ticket_chart.hpp"
#include "model/time_range.hpp"
#include "views/chart_parts.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/run_timeline_painter.hpp"
#include "views/timeline_painter.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

const ImU32& kTicket = colour::category_atomic;  // follows the theme
const ImU32& kMerge = colour::highlight_mark;    // follows the theme
constexpr ImU32 kEmpty = IM_COL32(40, 44, 54, 255);

class GuardView final : public TraceView {
 public:
  explicit GuardView(const trace::Trace& trace) : chart_(ticket_chart(trace, run_timeline(trace))) {
    by_block_.resize(chart_.blocks.size());
    for (std::size_t i = 0; i < chart_.blocks.size(); ++i) by_block_[i] = static_cast<int>(i);
    std::sort(by_block_.begin(), by_block_.end(), [&](int a, int b) {
      return chart_.blocks[static_cast<std::size_t>(a)].block <
             chart_.blocks[static_cast<std::size_t>(b)].block;
    });
  }
  const char* name() const override { return "guard"; }
  const char* title() const override { return "Guard"; }

  void draw(const ViewFrame& f) override {
    if (chart_.empty()) return ImGui::TextDisabled("This trace holds no tickets.");
    summary(f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float legend_h = ImGui::GetTextLineHeightWithSpacing() + 4;
    const float height = std::max(80.0f, avail.y - legend_h);
    ImGui::InvisibleButton("##guard", ImVec2(avail.x, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(at, ImVec2(at.x + avail.x, at.y + height), colour::canvas, 4.0f);
    const float buffer_w = std::min(0.3f * avail.x, 0.55f * height);
    const float gutter = 80.0f * ui_scale(f.fonts), axis_h = f.fonts.ui->FontSize + 10;
    const float x1 = at.x + avail.x - buffer_w - 24, y0 = at.y + axis_h, y1 = at.y + height - 6;
    const TimeAxis axis =
        time_axis(padded_range(static_cast<double>(chart_.begin_ns), static_cast<double>(chart_.end_ns)),
                  at.x + gutter, x1);
    paint_time_ticks(list, f.fonts, axis, at.y + 4, y0 - 2, y1);
    RowsPort rows = scroll_.layout(y0, y1, chart_.blocks.size(), 0.0f, kChartRowMaxPx, ui_scale(f.fonts),
                                   ImGui::IsItemHovered());
    scroll_.keep_in_sight(rows, merger_index());
    note_data_row("ticket row", rows.row_h);
    const float top = rows.top, h = rows.row_h;
    list->PushClipRect(ImVec2(axis.x0, y0 - 2), ImVec2(axis.x1, y1), true);
    paint_rows(list, axis, top, h, f.cursor.t_ns);
    merge_label(list, f.fonts, axis, top, h);
    paint_time_cursor(list, axis, f.cursor.t_ns, y0 - 2, y1, f.curtain);
    list->PopClipRect();
    list->PushClipRect(ImVec2(at.x, y0), ImVec2(axis.x0, y1), true);
    ticket_labels(list, f.fonts, at.x + 6, top, h);
    list->PopClipRect();
    RowScroll::paint_bar(list, rows, axis.x1 + 4);
    paint_buffer(list, f.fonts, ImVec2(x1 + 24, y0), ImVec2(at.x + avail.x - 10, y1), f.cursor.t_ns);
    hover(rows, axis.x1);
    chart_legend({{colour::category_work, "partial"},
                  {kTicket, "ticket"},
                  {kMerge, chart_.merged ? "the last block's " + chart_.merge_name : chart_.merge_name},
                  {colour::flow, "ticket \xE2\x86\x92 merge"}});
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    if (chart_.empty()) return paint_thumbnail_placeholder(p);
    const ThumbnailArea a = thumbnail_area(p);
    const float caption = thumbnail_caption_size(p.fonts) + 8.0f;
    const TimeAxis axis = time_axis(
        padded_range(static_cast<double>(chart_.begin_ns), static_cast<double>(chart_.end_ns)), a.x0, a.x1);
    paint_rows(p.list, axis, a.y0, (a.y1 - a.y0 - caption) / static_cast<float>(chart_.blocks.size()),
               INT64_MAX);
    paint_thumbnail_caption(p, format_count(static_cast<int64_t>(chart_.blocks.size()), "ticket"), a.y1,
                            FLT_MAX);
  }

 private:
  void paint_rows(ImDrawList* list, const TimeAxis& axis, float y0, float h, int64_t t) const {
    const int merger = merger_index();
    if (merger >= 0)
      list->AddRectFilled(ImVec2(axis.x0, y0 + h * merger), ImVec2(axis.x1, y0 + h * (merger + 1)),
                          colour::with_alpha(kMerge, 0.18f));
    const float pad = h > 4 ? 0.15f * h : 0.0f;
    const float mx = axis.x_of(chart_.merge_begin_ns),
                my = y0 + h * (merger >= 0 ? merger + 0.5f : static_cast<float>(chart_.blocks.size()));
    for (std::size_t i = 0; i < chart_.blocks.size(); ++i) {
      const TicketBlock& b = chart_.blocks[i];
      const float top = y0 + h * i + pad, bottom = y0 + h * (i + 1) - pad, cy = y0 + h * (i + 0.5f);
      list->AddRectFilled(
          ImVec2(axis.x_of(b.start_ns), top),
          ImVec2(std::max(axis.x_of(b.stored_ns), axis.x_of(b.start_ns) + 1), std::max(bottom, top + 1)),
          colour::category_work);
      const float tx = axis.x_of(b.ticket_ns);
      if (chart_.merge_row >= 0 && b.ticket_ns <= t)
        list->AddLine(ImVec2(tx, cy), ImVec2(mx, my), colour::with_alpha(colour::flow, 0.25f), 1.0f);
      list->AddCircleFilled(ImVec2(tx, cy), std::clamp(0.5f * h, 1.5f, 5.0f), kTicket);
    }
    if (merger >= 0 && chart_.merged) {
      const auto [top, bottom] = merge_box(y0, h);
      list->AddRectFilled(ImVec2(mx, top), ImVec2(std::max(axis.x_of(chart_.merge_end_ns), mx + 2), bottom),
                          kMerge, 2.0f);
    }
  }

  // What the lit row does, over its merge; or where the flows end when no block merged.
  void merge_label(ImDrawList* list, const Fonts& fonts, const TimeAxis& axis, float y0, float h) const {
    const int merger = merger_index();
    if (chart_.merge_row < 0) return;
    const std::string text =
        merger < 0
            ? chart_.merge_name
            : chart_.blocks[static_cast<std::size_t>(merger)].name + " merges every partial (" +
                  format_duration(static_cast<double>(chart_.merge_end_ns - chart_.merge_begin_ns)) + ")";
    const float size = fonts.bold->FontSize * 0.85f;
    const float top = merger < 0 ? y0 + h * static_cast<float>(chart_.blocks.size()) : merge_box(y0, h).first;
    const float w = fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
    const float x = std::max(axis.x0, std::min(axis.x_of(chart_.merge_begin_ns) + 4, axis.x1 - w - 4));
    list->AddText(fonts.bold, size, ImVec2(x, top - size - 4), kMerge, text.c_str());
  }

  // The merging row's bar: at least 12 pixels high, inside the rows.
  std::pair<float, float> merge_box(float y0, float h) const {
    const float row = y0 + h * static_cast<float>(merger_index());
    const float end = y0 + h * static_cast<float>(chart_.blocks.size());
    const float bottom = std::min(end, std::max(row + h, row + 12.0f));
    return {std::min(row, bottom - 12.0f), bottom};
  }

  // The merging block's place in ticket order; -1 when no block merged.
  int merger_index() const {
    if (!chart_.merged) return -1;
    for (std::size_t i = 0; i < chart_.blocks.size(); ++i)
      if (chart_.blocks[i].row == chart_.merge_row) return static_cast<int>(i);
    return -1;
  }

  // Ticket numbers down the gutter, as many as fit; the merging block's always.
  void ticket_labels(ImDrawList* list, const Fonts& fonts, float x, float y0, float h) const {
    const float size = std::round(fonts.ui->FontSize * 0.7f);
    const std::size_t every = static_cast<std::size_t>(std::max(1.0f, std::ceil(2.2f * size / h)));
    const int merger = merger_index();
    for (std::size_t i = 0; i < chart_.blocks.size(); ++i) {
      const bool lit = static_cast<int>(i) == merger;
      if (!lit && (i % every != 0 || (merger >= 0 && std::fabs(float(i) - float(merger)) * h < 2.2f * size)))
        continue;
      const std::string text = "ticket " + std::to_string(chart_.blocks[i].ticket);
      list->AddText(lit ? fonts.bold : fonts.ui, size, ImVec2(x, y0 + h * (i + 0.5f) - 0.5f * size),
                    lit ? kMerge : colour::text_dim, text.c_str());
    }
  }

  // The partials buffer in block order: a cell per block, filled once its partial is stored, with a
  // dot once the block has taken its ticket.
  void paint_buffer(ImDrawList* list, const Fonts& fonts, ImVec2 a, ImVec2 b, int64_t t) const {
    const int n = static_cast<int>(by_block_.size());
    const std::string title =
        "partials: " + std::to_string(chart_.stored_by(t)) + " of " + std::to_string(n) + " stored";
    const std::string counter = "ticket counter = " + std::to_string(chart_.tickets_by(t));
    const float size = fonts.ui->FontSize * 0.85f;
    list->AddText(fonts.bold, size, a, colour::text, title.c_str());
    list->AddText(fonts.bold, size, ImVec2(a.x, a.y + size + 4), kTicket, counter.c_str());
    a.y += 2 * size + 16;
    const float w = b.x - a.x, hgt = b.y - a.y;
    const int cols = std::max(1, static_cast<int>(std::ceil(std::sqrt(n * w / std::max(hgt, 1.0f)))));
    const int rows = (n + cols - 1) / cols;
    const float cell = std::min(w / cols, hgt / std::max(rows, 1));
    for (int k = 0; k < n; ++k) {
      const TicketBlock& blk =
          chart_.blocks[static_cast<std::size_t>(by_block_[static_cast<std::size_t>(k)])];
      const ImVec2 c0(a.x + cell * (k % cols), a.y + cell * (k / cols));
      const ImVec2 c1(c0.x + cell - 1, c0.y + cell - 1);
      list->AddRectFilled(c0, c1, blk.stored_ns <= t ? colour::category_work : kEmpty);
      if (blk.ticket_ns <= t)
        list->AddCircleFilled(ImVec2(0.5f * (c0.x + c1.x), 0.5f * (c0.y + c1.y)), std::max(1.5f, 0.2f * cell),
                              kTicket);
      if (blk.merges)
        list->AddRect(ImVec2(c0.x - 1, c0.y - 1), ImVec2(c1.x + 1, c1.y + 1), kMerge, 0, 0, 2.0f);
    }
  }

  void hover(const RowsPort& rows, float plot_x1) const {
    if (!ImGui::IsItemHovered() || ImGui::GetIO().MousePos.x > plot_x1) return;
    const int r = rows.row_at(ImGui::GetIO().MousePos.y);
    if (r < 0) return;
    const TicketBlock& b = chart_.blocks[static_cast<std::size_t>(r)];
    ImGui::SetTooltip("%s: ticket %lld at %s\npartial %s, stored at %s%s", b.name.c_str(), b.ticket,
                      format_duration(static_cast<double>(b.ticket_ns)).c_str(),
                      format_value(b.partial, false).c_str(),
                      format_duration(static_cast<double>(b.stored_ns)).c_str(), b.merges ? "\nmerges" : "");
  }

  void summary(const ViewFrame& f) const {
    const TicketBlock& last = chart_.blocks.back();
    const std::string who =
        chart_.merged ? last.name + " took the last ticket (" + std::to_string(last.ticket) + ") and merged"
                      : "the flows end at \"" + chart_.merge_name + "\"";
    const std::string first = format_count(static_cast<int64_t>(chart_.blocks.size()), "ticket") + " " +
                              std::to_string(chart_.blocks.front().ticket) + "\xE2\x80\x93" +
                              std::to_string(last.ticket) + "  \xC2\xB7  " + who;
    const std::string second =
        "tickets taken over " +
        format_duration(static_cast<double>(last.ticket_ns - chart_.blocks.front().ticket_ns)) +
        (chart_.merged ? "; the merge took " +
                             format_duration(static_cast<double>(chart_.merge_end_ns - chart_.merge_begin_ns))
                       : std::string()) +
        "  \xC2\xB7  at " + cursor_time_text(f) + ": " + std::to_string(chart_.tickets_by(f.cursor.t_ns)) +
        " tickets taken";
    chart_summary(f.fonts, first, second);
  }

  TicketChart chart_;
  std::vector<int> by_block_;  // chart_.blocks indices in block order
  RowScroll scroll_;
};

}  // namespace

std::unique_ptr<TraceView> make_guard_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<GuardView>(trace);
}

}  // namespace gridlock::viewer
