// The histogram view: each of a trace's series of repeated measurements (the final count of 200
// runs) as a histogram, one under the other, with the value a correct run gives marked (past a
// break in the axis where it lies far from every value) and a caption computed from the values.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/histogram.hpp"
#include "model/time_range.hpp"
#include "views/chart_parts.hpp"
#include "views/registry.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

// Where one histogram's bars go.
struct Plot {
  float x0, x1;      // the bins' span
  float y0, y1;      // top and baseline
  float far_x = -1;  // where a far reference is drawn, past the break; -1: none
  double low, high;
  float x_of(double v) const { return x0 + static_cast<float>((v - low) / (high - low)) * (x1 - x0); }
};

Plot plot_for(const Histogram& h, float x0, float x1, float y0, float y1) {
  Plot p{x0, x1, y0, y1, -1, h.bins.front().low, h.bins.back().high};
  if (h.has_reference && !h.reference_in_range) {
    // The reference past a break, on its side, in the last 16% of the width.
    const float share = 0.16f * (x1 - x0);
    if (h.reference > p.high) {
      p.x1 = x1 - share;
      p.far_x = x1 - 0.4f * share;
    } else {
      p.x0 = x0 + share;
      p.far_x = x0 + 0.4f * share;
    }
  }
  return p;
}

std::string bin_text(const Histogram& h, const HistogramBin& b) {
  if (h.integer_bins) return format_value(b.low, false);
  if (b.high - b.low >= 1.0 && std::floor(b.low) == b.low)
    return format_value(b.low, false) + "\xE2\x80\x93" + format_value(b.high - 1, false);
  return "[" + format_value(b.low, false) + ", " + format_value(b.high, false) + ")";
}

void paint_bars(ImDrawList* list, const Histogram& h, const Plot& p, int hovered) {
  for (std::size_t i = 0; i < h.bins.size(); ++i) {
    const HistogramBin& b = h.bins[i];
    if (b.count == 0) continue;
    const float a = p.x_of(b.low), e = p.x_of(b.high);
    const float gap = std::min(2.0f, 0.15f * (e - a));
    const float top =
        p.y1 - (p.y1 - p.y0) * static_cast<float>(b.count) / static_cast<float>(std::max(h.tallest, 1));
    const bool exact = h.has_reference && h.reference >= b.low && h.reference < b.high;
    ImU32 c = exact ? colour::confirmed : colour::dst;
    if (static_cast<int>(i) == hovered) c = colour::accent;
    list->AddRectFilled(ImVec2(a + gap, std::min(top, p.y1 - 1.0f)), ImVec2(e - gap, p.y1), c, 2.0f);
  }
}

// The count axis: grid lines at round counts with their labels left of the plot.
void paint_counts(ImDrawList* list, const Fonts& fonts, const Histogram& h, const Plot& p, float label_x) {
  const float size = fonts.ui->FontSize * 0.8f;
  const double step = std::max(1.0, tick_spacing(h.tallest, 4));
  for (double c = 0; c <= h.tallest + 1e-9; c += step) {
    const float y = p.y1 - (p.y1 - p.y0) * static_cast<float>(c / std::max(h.tallest, 1));
    list->AddLine(ImVec2(p.x0, y), ImVec2(p.x1, y), colour::grid);
    const std::string text = format_value(c, false);
    const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
    list->AddText(fonts.ui, size, ImVec2(label_x - w, y - 0.5f * size), colour::text_dim, text.c_str());
  }
}

// Value labels under the bins, as many as fit side by side.
void paint_values(ImDrawList* list, const Fonts& fonts, const Histogram& h, const Plot& p) {
  const float size = fonts.ui->FontSize * 0.8f;
  float last_end = -FLT_MAX;
  const std::size_t n = h.bins.size();
  const float widest =
      fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, bin_text(h, h.bins.back()).c_str()).x + 10.0f;
  const std::size_t every = static_cast<std::size_t>(std::max(1.0f, std::ceil(widest / ((p.x1 - p.x0) / n))));
  for (std::size_t i = 0; i < n; i += every) {
    const std::string text = bin_text(h, h.bins[i]);
    const float w = fonts.ui->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
    const float centre = h.integer_bins ? 0.5f * (p.x_of(h.bins[i].low) + p.x_of(h.bins[i].high))
                                        : p.x_of(h.bins[i].low) + 0.5f * w;
    const float x = centre - 0.5f * w;
    if (x < last_end + 6.0f) continue;
    list->AddText(fonts.ui, size, ImVec2(x, p.y1 + 4.0f), colour::text_dim, text.c_str());
    last_end = x + w;
  }
}

// The reference as a dashed line with its value: over the bins, or past a break.
void paint_reference(ImDrawList* list, const Fonts& fonts, const Histogram& h, const Plot& p) {
  if (!h.has_reference) return;
  float x = p.far_x;
  if (x < 0) {
    const int b = bin_of(h, h.reference);
    x = h.integer_bins && b >= 0 ? 0.5f * (p.x_of(h.bins[static_cast<std::size_t>(b)].low) +
                                           p.x_of(h.bins[static_cast<std::size_t>(b)].high))
                                 : p.x_of(h.reference);
  } else {  // the break: two slanted strokes on the baseline
    const float bx = h.reference > p.high ? p.x1 + 10.0f : p.x0 - 10.0f;
    for (float dx : {-3.0f, 3.0f})
      list->AddLine(ImVec2(bx + dx - 4, p.y1 + 6), ImVec2(bx + dx + 4, p.y1 - 6), colour::text_dim, 1.5f);
  }
  for (float y = p.y0 - 4; y < p.y1; y += 8)
    list->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 4, p.y1)), colour::highlight_mark, 2.0f);
  const std::string text = "correct: " + format_value(h.reference, false);
  const float size = fonts.bold->FontSize * 0.85f;
  const float w = fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
  const float tx = std::clamp(x - 0.5f * w, p.x0 - 40.0f,
                              std::max(p.x0, p.x1 + (p.far_x > 0 ? 0.16f * (p.x1 - p.x0) : 0.0f) - w));
  list->AddText(fonts.bold, size, ImVec2(tx, p.y0 - size - 6), colour::highlight_mark, text.c_str());
}

class HistogramView final : public TraceView {
 public:
  explicit HistogramView(const trace::Trace& trace) { histograms_ = make_histograms(trace, &series_of_); }
  void show_item(int series) override {
    const auto at = std::find(series_of_.begin(), series_of_.end(), series);
    marked_ = at == series_of_.end() ? -1 : static_cast<int>(at - series_of_.begin());
    scroll_to_mark_ = marked_ >= 0;
  }
  const char* name() const override { return "histogram"; }
  const char* title() const override { return "Histogram"; }

  void draw(const ViewFrame& f) override {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(colour::canvas));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::BeginChild("##histograms", ImVec2(0, 0), false);
    // One under the other, each at least 200 pixels high; where that does not fit and the width
    // allows, side by side (a projector's short, wide canvas); below that, scrolled.
    const float scale = ui_scale(f.fonts);
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const int count = static_cast<int>(histograms_.size());
    int columns = 1;
    auto rows = [&](int c) { return static_cast<float>((count + c - 1) / c); };
    while (columns < count && room.y / rows(columns) < 200.0f * scale &&
           room.x / static_cast<float>(columns + 1) >= 340.0f * scale)
      ++columns;
    const float each = std::floor(std::max(200.0f * scale, room.y / rows(columns)));
    // A histogram's bars stand on one axis and fill the chart: there are no rows to magnify (its
    // labels grow with the scale).
    note_data_row(kNoDataRows, 0.0f);
    const float column_w = std::floor(room.x / static_cast<float>(columns));
    for (int i = 0; i < count; ++i) {
      if (i % columns != 0) ImGui::SameLine(0, 0);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      draw_one(f, histograms_[static_cast<std::size_t>(i)], static_cast<std::size_t>(i), column_w, each);
      if (i == marked_)  // the series a fact was taken from
        ImGui::GetWindowDrawList()->AddRect(ImVec2(at.x + 2, at.y + 2),
                                            ImVec2(at.x + column_w - 2, at.y + each - 2),
                                            colour::highlight_mark, 4.0f * scale, 0, 2.0f * scale);
      if (i == marked_ && scroll_to_mark_) {  // its top at the top (the item just drawn)
        ImGui::SetScrollHereY(0.0f);
        scroll_to_mark_ = false;
      }
    }
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
  }

  void paint_thumbnail(const ThumbnailPaint& tp) override {
    if (histograms_.empty()) return paint_thumbnail_placeholder(tp);
    const Histogram& h = histograms_.front();
    const ThumbnailArea a = thumbnail_area(tp);
    const float caption = thumbnail_caption_size(tp.fonts) + 8.0f;
    const Plot p = plot_for(h, a.x0, a.x1, a.y0 + 22.0f, a.y1 - caption - 4.0f);
    tp.list->AddLine(ImVec2(a.x0, p.y1), ImVec2(a.x1, p.y1), colour::grid);
    paint_bars(tp.list, h, p, -1);
    paint_reference(tp.list, tp.fonts, h, p);
    paint_thumbnail_caption(tp, h.caption, a.y1, FLT_MAX);
  }

 private:
  void draw_one(const ViewFrame& f, const Histogram& h, std::size_t index, float width, float height) {
    ImGui::PushID(static_cast<int>(index));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##histogram", ImVec2(width, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float pad = 14.0f, label_w = 48.0f * ui_scale(f.fonts);
    // Cut to the histogram's own width: side by side, each keeps to its column.
    const float text_w = std::max(1.0f, width - 2 * pad);
    paint_fitted_text(list, f.fonts.bold, f.fonts.bold->FontSize, ImVec2(at.x + pad, at.y + 8), colour::text,
                      h.name, text_w);
    const std::string line = h.range.empty() ? h.caption : h.caption + "  \xC2\xB7  " + h.range;
    paint_fitted_text(list, f.fonts.ui, f.fonts.ui->FontSize,
                      ImVec2(at.x + pad, at.y + 12 + f.fonts.bold->FontSize), colour::text_dim, line, text_w);
    const float top = at.y + 20 + f.fonts.bold->FontSize + f.fonts.ui->FontSize + f.fonts.bold->FontSize + 8;
    const float base = at.y + height - f.fonts.ui->FontSize - 14;
    if (h.bins.empty() || base - top < 20) {
      ImGui::PopID();
      return;
    }
    const Plot p = plot_for(h, at.x + pad + label_w, at.x + width - 2 * pad, top, base);
    paint_counts(list, f.fonts, h, p, p.x0 - 8);
    int hovered = -1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsItemHovered() && mouse.x >= p.x0 && mouse.x <= p.x1 && mouse.y >= p.y0 &&
        mouse.y <= p.y1 + 20)
      hovered = bin_of(h, p.low + (mouse.x - p.x0) / (p.x1 - p.x0) * (p.high - p.low));
    paint_bars(list, h, p, hovered);
    list->AddLine(ImVec2(p.x0, p.y1), ImVec2(p.x1, p.y1), colour::text_faint, 1.5f);
    paint_values(list, f.fonts, h, p);
    paint_reference(list, f.fonts, h, p);
    if (hovered >= 0) {
      const HistogramBin& b = h.bins[static_cast<std::size_t>(hovered)];
      ImGui::SetTooltip("%s%s: %d of %s (%.0f%%)", bin_text(h, b).c_str(),
                        h.unit.empty() ? "" : (" " + h.unit).c_str(), b.count,
                        format_count(h.count, "value").c_str(), 100.0 * b.count / std::max(h.count, 1));
    }
    ImGui::PopID();
  }

  std::vector<Histogram> histograms_;
  std::vector<int> series_of_;  // the trace's series each histogram draws
  int marked_ = -1;             // the histogram a fact was taken from; -1: none
  bool scroll_to_mark_ = false;
};

}  // namespace

std::unique_ptr<TraceView> make_histogram_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<HistogramView>(trace);
}

}  // namespace gridlock::viewer
