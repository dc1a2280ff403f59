// The barrier view: one row per block in the order they arrived at a grid-wide wait, on the run's
// clock with the long empty stretches cut out: each block's work before the wait, its arrival,
// its wait, and how it left (released, or what ended the wait); blocks that only started once a
// waiting block had left are hatched until they start. The cursor counts arrivals and departures.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/barrier_chart.hpp"
#include "model/time_range.hpp"
#include "render/pixel_layer.hpp"
#include "views/chart_parts.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

const ImU32& kReleased = colour::confirmed;  // follows the theme
const ImU32& kEnded = colour::src;           // follows the theme
constexpr ImU32 kNotStarted = IM_COL32(60, 64, 76, 255);

// The label over a cut: the time it leaves out ("+200.09 ms"), centred on the cut, which may be
// narrower than its label.
struct CutLabel {
  std::string text;
  float x0, width;
};

std::vector<CutLabel> cut_labels(const Fonts& fonts, const BrokenAxis& axis, float size) {
  std::vector<CutLabel> labels;
  for (std::size_t i = 0; i < axis.pieces.size(); ++i) {
    const AxisPiece& p = axis.pieces[i];
    if (!p.cut) continue;
    const float a = axis.piece_x0(i), b = axis.piece_x1(i);
    std::string gap = "+" + format_duration(static_cast<double>(p.end_ns - p.begin_ns));
    const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, gap.c_str()).x;
    labels.push_back({std::move(gap), 0.5f * (a + b) - 0.5f * w, w});
  }
  return labels;
}

// Round-time ticks inside each drawn piece, their labels clear of each other and of the cuts'.
void paint_broken_ticks(ImDrawList* list, const Fonts& fonts, const BrokenAxis& axis, float y_label,
                        float y1) {
  const float size = std::round(fonts.ui->FontSize * 0.8f);
  const std::vector<CutLabel> cuts = cut_labels(fonts, axis, size);
  auto clear_of_cuts = [&](float x0, float x1) {
    for (const CutLabel& c : cuts)
      if (x1 + 8 > c.x0 && x0 - 8 < c.x0 + c.width) return false;
    return true;
  };
  for (std::size_t i = 0; i < axis.pieces.size(); ++i) {
    const AxisPiece& p = axis.pieces[i];
    const float a = axis.piece_x0(i), b = axis.piece_x1(i);
    if (p.cut) continue;
    const double span = static_cast<double>(p.end_ns - p.begin_ns);
    const double every = tick_spacing(std::max(span, 1.0), std::max(1, static_cast<int>((b - a) / 140.0f)));
    float last = -FLT_MAX;
    for (double t = std::ceil(static_cast<double>(p.begin_ns) / every) * every;
         t <= static_cast<double>(p.end_ns); t += every) {
      const float x = axis.x_of(static_cast<int64_t>(t));
      fill_rect(list, ImVec2(x - 0.5f, y_label + size + 2), ImVec2(x + 0.5f, y1), colour::grid);
      const std::string text = format_tick(t, every);
      const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
      if (x - 0.5f * w < std::max(last + 8, a + 0.5f * w) || x + 0.5f * w > b ||
          !clear_of_cuts(x - 0.5f * w, x + 0.5f * w))
        continue;  // clear of the label before it and of a cut's label
      list->AddText(fonts.ui, size, ImVec2(x - 0.5f * w, y_label), colour::text_dim, text.c_str());
      last = x + 0.5f * w;
    }
  }
}

// The breaks over the rows, with the time each leaves out.
void paint_cuts(ImDrawList* list, const Fonts& fonts, const BrokenAxis& axis, float y_label, float y0,
                float y1) {
  const float size = std::round(fonts.ui->FontSize * 0.8f);
  for (std::size_t i = 0; i < axis.pieces.size(); ++i) {
    const AxisPiece& p = axis.pieces[i];
    if (!p.cut) continue;
    const float a = axis.piece_x0(i), b = axis.piece_x1(i);
    list->AddRectFilled(ImVec2(a, y0), ImVec2(b, y1), colour::panel);
    for (float x : {a + 0.3f * (b - a), a + 0.7f * (b - a)})
      for (float y = y0; y < y1; y += 16)
        list->AddLine(ImVec2(x - 3, std::min(y + 8, y1)), ImVec2(x + 3, y), colour::text_faint, 1.5f);
  }
  for (const CutLabel& c : cut_labels(fonts, axis, size))
    list->AddText(fonts.ui, size, ImVec2(c.x0, y_label), colour::text, c.text.c_str());
}

class BarrierView final : public TraceView {
 public:
  explicit BarrierView(const trace::Trace& trace) : chart_(barrier_chart(run_timeline(trace))) {
    for (const BarrierBlock& b : chart_.blocks) {
      times_.insert(times_.end(), {b.start_ns, b.arrive_ns, b.leave_ns});
      if (!b.ended_by.empty() && ended_name_.empty()) ended_name_ = b.ended_by;
    }
  }
  const char* name() const override { return "barrier"; }
  const char* title() const override { return "Barrier"; }

  void draw(const ViewFrame& f) override {
    if (chart_.empty()) return ImGui::TextDisabled("This trace holds no grid-wide wait.");
    summary(f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float legend_h = ImGui::GetTextLineHeightWithSpacing() + 4;
    const float height = std::max(80.0f, avail.y - legend_h);
    ImGui::InvisibleButton("##barrier", ImVec2(avail.x, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    // The canvas, the tick lines, the bars and the leave marks are one layer of pixels.
    canvas_layer_.open(list, at, ImVec2(at.x + avail.x, at.y + height));
    fill_rect(list, at, ImVec2(at.x + avail.x, at.y + height), colour::canvas, 4.0f);
    const float gutter = 90.0f * ui_scale(f.fonts), axis_h = f.fonts.ui->FontSize + 10;
    const BrokenAxis axis = broken_axis(times_, at.x + gutter, at.x + avail.x - 12);
    const float y0 = at.y + axis_h, y1 = at.y + height - 4;
    paint_broken_ticks(list, f.fonts, axis, at.y + 4, y1);
    RowsPort rows = scroll_.layout(y0, y1, chart_.blocks.size(), 0.0f, kChartRowMaxPx, ui_scale(f.fonts),
                                   ImGui::IsItemHovered());
    note_data_row("barrier row", rows.row_h);
    list->PushClipRect(ImVec2(at.x, y0), ImVec2(at.x + avail.x, y1), true);
    paint_rows(list, axis, rows.top, rows.row_h);
    list->PopClipRect();
    canvas_layer_.close();
    paint_cuts(list, f.fonts, axis, at.y + 4, y0 - 2, y1);
    marker(list, f.fonts, axis, chart_.last_arrive_ns, y0, y1, "last arrival");
    list->PushClipRect(ImVec2(at.x, y0), ImVec2(at.x + avail.x, y1), true);
    late_notes(list, f.fonts, axis, rows.top, rows.row_h);
    labels(list, f.fonts, at.x + 6, rows.top, rows.row_h);
    list->PopClipRect();
    paint_cursor(list, axis, f.cursor.t_ns, y0 - 2, y1);
    RowScroll::paint_bar(list, rows, at.x + avail.x - 2);
    hover(rows);
    chart_legend(legend());
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    if (chart_.empty()) return paint_thumbnail_placeholder(p);
    const ThumbnailArea a = thumbnail_area(p);
    const float caption = thumbnail_caption_size(p.fonts) + 8.0f;
    const BrokenAxis axis = broken_axis(times_, a.x0, a.x1);
    const float h = (a.y1 - a.y0 - caption) / static_cast<float>(chart_.blocks.size());
    paint_rows(p.list, axis, a.y0, h);
    paint_thumbnail_caption(p, counts_text(false), a.y1, FLT_MAX);
  }

 private:
  // The blocks' rows from `top`, `h` apart. Where rows are thinner than a pixel, the blocks of one
  // pixel row are painted as one bar (from the earliest start to the latest leave) with each
  // block's leave marked: painting each would cover the same pixels dozens of times.
  void paint_rows(ImDrawList* list, const BrokenAxis& axis, float top, float h) const {
    const std::vector<BarrierBlock>& blocks = chart_.blocks;
    if (h >= 1.0f) {
      for (std::size_t i = 0; i < blocks.size(); ++i) {
        const float row = top + h * static_cast<float>(i);
        paint_bars(list, axis, blocks[i], row, h);
        paint_leave(list, axis, blocks[i], row, h);
      }
      return;
    }
    for (std::size_t i = 0; i < blocks.size();) {
      const float pixel = std::floor(top + h * static_cast<float>(i));
      std::size_t end = i + 1;
      while (end < blocks.size() && std::floor(top + h * static_cast<float>(end)) == pixel) ++end;
      BarrierBlock merged = blocks[i];
      for (std::size_t j = i + 1; j < end; ++j) {
        const BarrierBlock& b = blocks[j];
        merged.start_ns = std::min(merged.start_ns, b.start_ns);
        merged.arrive_ns = std::max(merged.arrive_ns, b.arrive_ns);
        merged.leave_ns = std::max(merged.leave_ns, b.leave_ns);
        merged.late = merged.late || b.late;
        if (merged.ended_by.empty()) merged.ended_by = b.ended_by;
      }
      paint_bars(list, axis, merged, pixel, 1.0f);
      for (std::size_t j = i; j < end; ++j) paint_leave(list, axis, blocks[j], pixel, 1.0f);
      i = end;
    }
  }

  // The bar's top and bottom in a row from `top`, `h` high: padded where rows are tall, a pixel
  // at least.
  static std::pair<float, float> bar_span(float top, float h) {
    const float pad = h > 4 ? 0.15f * h : 0.0f;
    return {top + pad, top + std::max(1.0f, h - pad)};
  }

  void paint_bars(ImDrawList* list, const BrokenAxis& axis, const BarrierBlock& b, float top, float h) const {
    const auto [y0, y1] = bar_span(top, h);
    if (b.late)
      paint_hatched(list, ImVec2(axis.x_of(chart_.begin_ns), y0), ImVec2(axis.x_of(b.start_ns), y1),
                    kNotStarted, colour::text_faint);
    const float s = axis.x_of(b.start_ns), a = axis.x_of(b.arrive_ns), l = axis.x_of(b.leave_ns);
    fill_rect(list, ImVec2(s, y0), ImVec2(std::max(a, s + 1), y1), colour::category_work);
    fill_rect(list, ImVec2(a, y0), ImVec2(std::max(l, a + 1), y1),
              colour::with_alpha(colour::category(b.wait), b.ended_by.empty() ? 1.0f : 0.5f));
  }

  void paint_leave(ImDrawList* list, const BrokenAxis& axis, const BarrierBlock& b, float top,
                   float h) const {
    const float pad = h > 4 ? 0.15f * h : 0.0f, y0 = top + pad, y1 = top + std::max(1.0f, h - pad);
    const float l = axis.x_of(b.leave_ns);
    fill_rect(list, ImVec2(l - 1.5f, y0), ImVec2(l + 1.5f, y1), b.ended_by.empty() ? kReleased : kEnded);
  }

  void marker(ImDrawList* list, const Fonts& fonts, const BrokenAxis& axis, int64_t t, float y0, float y1,
              const char* text) const {
    const float x = axis.x_of(t);
    for (float y = y0; y < y1; y += 8)
      list->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 4, y1)), colour::text, 1.0f);
    const float size = std::round(fonts.ui->FontSize * 0.8f);
    list->AddText(fonts.ui, size, ImVec2(x + 4, y1 - size - 4), colour::text, text);
  }

  // The first few blocks that started late, named where they start.
  void late_notes(ImDrawList* list, const Fonts& fonts, const BrokenAxis& axis, float y0, float h) const {
    const float size = std::round(fonts.ui->FontSize * 0.8f);
    int shown = 0;
    for (std::size_t i = 0; i < chart_.blocks.size() && shown < 3; ++i) {
      const BarrierBlock& b = chart_.blocks[i];
      if (!b.late) continue;
      const float x = axis.x_of(b.start_ns), y = y0 + h * (static_cast<float>(i) + 0.5f);
      // Inside the plot, left of the start it points at: cut where the row names would be.
      const std::string text = cut_to_width(
          fonts.bold, size, b.name + " had not started until here \xE2\x86\x92", x - 8 - axis.x0);
      if (text.empty()) continue;
      const float w = fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
      const float ty = std::max(y0, y - size - 4 - static_cast<float>(shown) * (size + 4));
      list->AddRectFilled(ImVec2(x - w - 10, ty - 2), ImVec2(x - 4, ty + size + 2),
                          colour::with_alpha(colour::canvas, 0.85f));
      list->AddText(fonts.bold, size, ImVec2(x - w - 8, ty), colour::text, text.c_str());
      list->AddLine(ImVec2(x, y - 6), ImVec2(x, y + 6), colour::text, 2.0f);
      ++shown;
    }
  }

  void paint_cursor(ImDrawList* list, const BrokenAxis& axis, int64_t t, float y0, float y1) const {
    const float x = std::clamp(axis.x_of(t), axis.x0, axis.x1);
    if (x < axis.x1)
      list->AddRectFilled(ImVec2(x, y0), ImVec2(axis.x1, y1), colour::with_alpha(colour::canvas, 0.55f));
    list->AddLine(ImVec2(x, y0), ImVec2(x, y1), colour::highlight_mark, 1.5f);
  }

  // Block names in the gutter, as many as fit.
  void labels(ImDrawList* list, const Fonts& fonts, float x, float y0, float h) const {
    const float size = std::round(fonts.ui->FontSize * 0.7f);
    const std::size_t every = static_cast<std::size_t>(std::max(1.0f, std::ceil((size + 2) / h)));
    for (std::size_t i = 0; i < chart_.blocks.size(); i += every)
      list->AddText(fonts.ui, size, ImVec2(x, y0 + h * i + 0.5f * h - 0.5f * size), colour::text_dim,
                    chart_.blocks[i].name.c_str());
  }

  void hover(const RowsPort& rows) const {
    if (!ImGui::IsItemHovered()) return;
    const int r = rows.row_at(ImGui::GetIO().MousePos.y);
    if (r < 0) return;
    const BarrierBlock& b = chart_.blocks[static_cast<std::size_t>(r)];
    ImGui::SetTooltip("%s (arrived #%d)\nstarted %s\narrived %s\n%s %s%s", b.name.c_str(), r + 1,
                      format_duration(static_cast<double>(b.start_ns)).c_str(),
                      format_duration(static_cast<double>(b.arrive_ns)).c_str(),
                      b.ended_by.empty() ? "released" : b.ended_by.c_str(),
                      format_duration(static_cast<double>(b.leave_ns)).c_str(),
                      b.late ? "\nstarted only after a waiting block had left" : "");
  }

  // How the blocks left; with `late`, how many started late too.
  std::string counts_text(bool late = true) const {
    std::string text = format_count(static_cast<int64_t>(chart_.blocks.size()), "block") + ": " +
                       std::to_string(chart_.released) + " released";
    if (chart_.ended_otherwise > 0)
      text +=
          ", " + std::to_string(chart_.ended_otherwise) + " " + (ended_name_.empty() ? "ended" : ended_name_);
    if (late && chart_.late > 0)
      text += ", " + std::to_string(chart_.late) + " started only after a waiting block had left";
    return text;
  }

  void summary(const ViewFrame& f) const {
    const int64_t t = f.cursor.t_ns;
    int arrived = 0, left = 0, started = 0;
    for (const BarrierBlock& b : chart_.blocks) {
      started += b.start_ns <= t, arrived += b.arrive_ns <= t, left += b.leave_ns <= t;
    }
    const std::string second =
        "at " + cursor_time_text(f) + ": " + std::to_string(started) + " started, " +
        std::to_string(arrived) + " arrived, " + std::to_string(left) + " left  \xC2\xB7  arrivals over " +
        format_duration(static_cast<double>(chart_.last_arrive_ns - chart_.blocks.front().arrive_ns)) +
        ", last arrival to last leave " +
        format_duration(static_cast<double>(chart_.end_ns - chart_.last_arrive_ns));
    chart_summary(f.fonts, counts_text(), second);
  }

  std::vector<std::pair<ImU32, std::string>> legend() const {
    std::vector<std::pair<ImU32, std::string>> out = {
        {colour::category_work, "before the wait"},
        {colour::category(chart_.blocks.front().wait), "waiting"},
        {kReleased, "released"}};
    if (chart_.ended_otherwise > 0) out.push_back({kEnded, ended_name_.empty() ? "ended" : ended_name_});
    if (chart_.late > 0) out.push_back({kNotStarted, "not started yet"});
    return out;
  }

  BarrierChart chart_;
  std::vector<int64_t> times_;
  std::string ended_name_;
  PixelLayer canvas_layer_;  // the canvas, tick lines, bars and leave marks
  RowScroll scroll_;
};

}  // namespace

std::unique_ptr<TraceView> make_barrier_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<BarrierView>(trace);
}

}  // namespace gridlock::viewer
