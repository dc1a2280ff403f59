// The timings view: a trace's benchmark results as horizontal bars of effective bandwidth (GB/s:
// the bytes a kernel must move over its median time), one group per problem size on one shared
// axis. Whiskers span the fastest to the slowest repetition; the baseline (CUB) has its own
// colour and every bar says how it compares with it; dashed lines mark the limits the trace
// states: the device's peak bandwidth and the read-only streaming kernel at each size.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "format.hpp"
#include "layout_check.hpp"
#include "model/timings_chart.hpp"
#include "views/chart_parts.hpp"
#include "views/magnified_rows.hpp"
#include "views/registry.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

ImU32 bar_colour(TimingRole role) {
  switch (role) {
    case TimingRole::baseline:
      return colour::src;
    case TimingRole::read_only:
      return colour::confirmed;
    case TimingRole::measured:
      break;
  }
  return colour::dst;
}

ImU32 peak_colour() { return colour::highlight_mark; }

// One line of the chart: a group's heading (bar < 0) or one of its bars.
struct ChartRow {
  int group = 0;
  int bar = -1;
};

// Where the chart's parts go, in pixels.
struct Layout {
  float label_x = 0, label_w = 0;  // the kernel names' column
  float x0 = 0, x1 = 0;            // the bars' span: 0 GB/s at x0, the axis' end at x1
  float value_x = 0;               // the values' column
  float rows_top = 0, row_h = 0;   // the first row, and each row's height
  float rows_bottom = 0;
  double axis_max = 1;
  float label_size = 0, small_size = 0;  // type sizes: the names and values, the rest
  float x_of(double gbs) const {
    return x0 + (x1 - x0) * static_cast<float>(std::clamp(gbs / axis_max, 0.0, 1.0));
  }
  float row_top(std::size_t r) const { return rows_top + row_h * static_cast<float>(r); }
};

float text_width(const ImFont* font, float size, const std::string& text) {
  return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
}

// What stands beside a bar's GB/s: its ratio to the baseline ("1.02×"), "baseline" for the
// baseline itself, nothing where the size has none.
std::string ratio_text(const TimingGroup& g, const TimingBar& b) {
  if (!b.vs_baseline) return {};
  if (&b == &g.bars[static_cast<std::size_t>(g.baseline)]) return "baseline";
  return format_ratio(*b.vs_baseline);
}

class TimingsView final : public TraceView {
 public:
  explicit TimingsView(const trace::Trace& trace) : chart_(make_timings_chart(trace)) {
    for (std::size_t g = 0; g < chart_.groups.size(); ++g) {
      rows_.push_back({static_cast<int>(g), -1});
      for (std::size_t b = 0; b < chart_.groups[g].bars.size(); ++b)
        rows_.push_back({static_cast<int>(g), static_cast<int>(b)});
    }
  }
  const char* name() const override { return "timings"; }
  const char* title() const override { return "Timings"; }
  void show_item(int timing) override {
    marked_ = -1;
    for (std::size_t r = 0; r < rows_.size(); ++r)
      if (rows_[r].bar >= 0 && bar_of(rows_[r]).timing == timing) marked_ = static_cast<int>(r);
    scroll_to_mark_ = marked_ >= 0;
  }

  void draw(const ViewFrame& f) override {
    if (chart_.empty()) return ImGui::TextDisabled("This trace holds no timings.");
    summary(f.fonts);
    const auto entries = legend();
    const float legend_h =
        chart_legend_height(entries, ImGui::GetContentRegionAvail().x) + 2 * ImGui::GetStyle().ItemSpacing.y;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(colour::canvas));
    ImGui::BeginChild("##timings", ImVec2(0, -legend_h), false);
    chart(f.fonts);
    ImGui::EndChild();
    ImGui::PopStyleColor();
    chart_legend(entries);
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    if (chart_.empty()) return paint_thumbnail_placeholder(p);
    const ThumbnailArea a = thumbnail_area(p);
    const float caption = thumbnail_caption_size(p.fonts) + 8.0f;
    Layout l;
    l.x0 = a.x0;
    l.x1 = a.x1;
    l.axis_max = chart_.axis_max_gbs;
    const float h = (a.y1 - caption - a.y0) / static_cast<float>(rows_.size());
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      if (rows_[r].bar < 0) continue;
      const TimingBar& b = bar_of(rows_[r]);
      const float y = a.y0 + h * static_cast<float>(r);
      if (b.has_rate)
        p.list->AddRectFilled(ImVec2(l.x0, y + 0.15f * h),
                              ImVec2(std::max(l.x_of(b.gbs), l.x0 + 1), y + 0.85f * h), bar_colour(b.role),
                              1.0f);
    }
    if (chart_.peak)
      paint_dashed_vline(p.list, l.x_of(chart_.peak->gbs), a.y0, a.y1 - caption, peak_colour(), 3.0f, 1.5f);
    paint_thumbnail_caption(p,
                            format_count(chart_.entries, "timing") + " at " +
                                format_count(static_cast<int64_t>(chart_.groups.size()), "size"),
                            a.y1, FLT_MAX);
  }

 private:
  const TimingGroup& group_of(const ChartRow& r) const {
    return chart_.groups[static_cast<std::size_t>(r.group)];
  }
  const TimingBar& bar_of(const ChartRow& r) const {
    return group_of(r).bars[static_cast<std::size_t>(r.bar)];
  }

  void summary(const Fonts& fonts) const {
    const std::string first = format_count(chart_.entries, "timing") + " at " +
                              format_count(static_cast<int64_t>(chart_.groups.size()), "size") +
                              ": GB/s = bytes moved \xC3\xB7 median time";
    std::string second = "whiskers: fastest to slowest run";
    if (!chart_.baseline_name.empty()) second += "  \xC2\xB7  \xC3\x97: relative to " + chart_.baseline_name;
    chart_summary(fonts, first, second);
  }

  std::vector<std::pair<ImU32, std::string>> legend() const {
    std::vector<std::pair<ImU32, std::string>> entries = {{colour::dst, "kernel"}};
    if (!chart_.baseline_name.empty()) entries.push_back({colour::src, "baseline"});
    const bool read_only = std::any_of(chart_.groups.begin(), chart_.groups.end(),
                                       [](const TimingGroup& g) { return g.read_only.has_value(); });
    if (read_only) entries.push_back({colour::confirmed, "read-only kernel: the input read once"});
    if (chart_.peak) entries.push_back({peak_colour(), "stated peak"});
    return entries;
  }

  // Columns from the widest texts, rows from the height there is: at least a line of names each,
  // at most about two (below that the chart scrolls).
  Layout layout(const Fonts& fonts, ImVec2 at, float width, float height) const {
    const float s = ui_scale(fonts), pad = 12.0f * s;
    Layout l;
    l.label_size = std::round(fonts.ui->FontSize * 0.85f);
    l.small_size = std::round(fonts.ui->FontSize * 0.75f);
    l.axis_max = chart_.axis_max_gbs;
    float widest_label = 0, widest_value = 0;
    for (const TimingGroup& g : chart_.groups) {
      widest_label = std::max(widest_label, text_width(fonts.bold, l.label_size, g.title));
      for (const TimingBar& b : g.bars) {
        float w = text_width(fonts.ui, l.label_size, b.kernel);
        if (!b.configuration.empty()) w += text_width(fonts.ui, l.small_size, "  " + b.configuration);
        widest_label = std::max(widest_label, w);
        const std::string value = b.has_rate ? format_gbs(b.gbs) : "";
        widest_value =
            std::max(widest_value, text_width(fonts.ui, l.label_size, value) +
                                       text_width(fonts.ui, l.small_size, "  " + ratio_text(g, b)));
      }
    }
    l.label_x = at.x + pad;
    l.label_w = std::min(widest_label, 0.40f * width);
    l.x0 = l.label_x + l.label_w + pad;
    l.value_x = at.x + width - pad - widest_value;
    l.x1 = std::max(l.x0 + 40.0f * s, l.value_x - pad);
    const float top_h = chart_.peak ? l.small_size + 8.0f * s : 4.0f * s;
    const float axis_h = l.small_size + 10.0f * s;
    const float each = (height - top_h - axis_h) / static_cast<float>(rows_.size());
    // Magnified with the scale: a line of names to about two at scale 1.
    l.row_h =
        std::floor(magnified_row(each * static_cast<float>(rows_.size()), ImGui::GetMainViewport()->Size.y,
                                 rows_.size(), l.label_size / s + 4.0f, 2.0f * l.label_size / s, s));
    note_data_row("timings row", l.row_h);
    l.rows_top = at.y + top_h;
    l.rows_bottom = l.row_top(rows_.size());
    return l;
  }

  void chart(const Fonts& fonts) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    Layout l = layout(fonts, at, avail.x, avail.y);
    const float height = std::max(avail.y, l.rows_bottom - at.y + l.small_size + 10.0f * ui_scale(fonts));
    ImGui::InvisibleButton("##bars", ImVec2(avail.x, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    const int hovered = ImGui::IsItemHovered()
                            ? chart_row_at(ImGui::GetIO().MousePos.y, l.rows_top, l.row_h, rows_.size())
                            : -1;
    if (hovered >= 0 && rows_[static_cast<std::size_t>(hovered)].bar >= 0) {
      const float y = l.row_top(static_cast<std::size_t>(hovered));
      list->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + avail.x, y + l.row_h), colour::current_row);
    }
    if (marked_ >= 0) {  // the timing a fact was taken from: framed, and scrolled into sight once
      const float y = l.row_top(static_cast<std::size_t>(marked_)), s = ui_scale(fonts);
      list->AddRect(ImVec2(at.x + 2, y), ImVec2(at.x + avail.x - 2, y + l.row_h), colour::highlight_mark,
                    3.0f * s, 0, 2.0f * s);
      if (scroll_to_mark_) ImGui::SetScrollY(std::max(0.0f, y - at.y - l.row_h));
      scroll_to_mark_ = false;
    }
    paint_grid(list, fonts, l);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      if (rows_[r].bar < 0)
        paint_heading(list, fonts, l, r);
      else
        paint_bar(list, fonts, l, r);
    }
    paint_peak(list, fonts, l, at.y);
    if (hovered >= 0 && rows_[static_cast<std::size_t>(hovered)].bar >= 0)
      tooltip(rows_[static_cast<std::size_t>(hovered)]);
  }

  // Vertical lines at round GB/s, labelled under the rows, with the unit in the names' column.
  void paint_grid(ImDrawList* list, const Fonts& fonts, const Layout& l) const {
    const float y = l.rows_bottom + 4.0f;
    float last_end = -FLT_MAX;
    for (double v = 0; v <= l.axis_max + 1e-9; v += chart_.tick_gbs) {
      const float x = l.x_of(v);
      list->AddLine(ImVec2(x, l.rows_top), ImVec2(x, l.rows_bottom), colour::grid);
      const std::string text = format_value(v, false);
      const float w = text_width(fonts.ui, l.small_size, text);
      if (x - 0.5f * w < last_end + 8.0f) continue;  // every other one where they would touch
      list->AddText(fonts.ui, l.small_size, ImVec2(x - 0.5f * w, y), colour::text_dim, text.c_str());
      last_end = x + 0.5f * w;
    }
    const float w = text_width(fonts.ui, l.small_size, "GB/s");
    list->AddText(fonts.ui, l.small_size, ImVec2(l.x0 - w - 10.0f, y), colour::text_dim, "GB/s");
  }

  // The size's title, and its read-only kernel's line through its bars, labelled at the top.
  void paint_heading(ImDrawList* list, const Fonts& fonts, const Layout& l, std::size_t r) const {
    const TimingGroup& g = group_of(rows_[r]);
    const float y = l.row_top(r), text_y = y + l.row_h - l.label_size - 2.0f;
    float title_end = l.x1;  // the title may run into the bars' span, up to the line's label
    if (g.read_only) {
      const float x = l.x_of(g.read_only->gbs);
      paint_dashed_vline(list, x, y + 0.5f * l.row_h, l.row_top(r + g.bars.size() + 1), colour::confirmed,
                         4.0f, 2.0f);
      // The whole label where it fits left of the line, else the number alone.
      std::string text = g.read_only->label;
      if (text_width(fonts.ui, l.small_size, text) > x - l.x0 - 6.0f) text = format_gbs(g.read_only->gbs);
      const float tx = std::max(l.x0, x - text_width(fonts.ui, l.small_size, text) - 6.0f);
      list->AddText(fonts.ui, l.small_size, ImVec2(tx, y + l.row_h - l.small_size - 3.0f), colour::confirmed,
                    text.c_str());
      title_end = tx - 8.0f;
    }
    paint_fitted_text(list, fonts.bold, l.label_size, ImVec2(l.label_x, text_y), colour::text, g.title,
                      std::max(title_end, l.x0) - l.label_x);
  }

  void paint_bar(ImDrawList* list, const Fonts& fonts, const Layout& l, std::size_t r) const {
    const TimingGroup& g = group_of(rows_[r]);
    const TimingBar& b = bar_of(rows_[r]);
    const float y = l.row_top(r), mid = y + 0.5f * l.row_h;
    // The name, and the configuration beside it in small type where there is room.
    const float name_y = mid - 0.5f * l.label_size;
    const float name_w = paint_fitted_text(list, fonts.ui, l.label_size, ImVec2(l.label_x, name_y),
                                           colour::text, b.kernel, l.label_w);
    const float room = l.label_w - name_w - 8.0f;
    if (!b.configuration.empty() && room > 3 * l.small_size)
      paint_fitted_text(list, fonts.ui, l.small_size,
                        ImVec2(l.label_x + name_w + 8.0f, mid - 0.5f * l.small_size), colour::text_dim,
                        b.configuration, room);
    if (!b.has_rate) {
      list->AddText(fonts.ui, l.small_size, ImVec2(l.x0 + 4.0f, mid - 0.5f * l.small_size),
                    colour::text_faint, "no GB/s: no bytes or no time recorded");
      return;
    }
    const float half = std::max(3.0f, 0.30f * l.row_h);
    const ImU32 fill = bar_colour(b.role);
    list->AddRectFilled(ImVec2(l.x0, mid - half), ImVec2(std::max(l.x_of(b.gbs), l.x0 + 2.0f), mid + half),
                        fill, 2.0f);
    // The whisker: the slowest repetition's GB/s to the fastest's, with end caps.
    const float a = l.x_of(b.gbs_slow), e = l.x_of(b.gbs_fast), cap = 0.6f * half;
    const ImU32 ink = colour::with_alpha(colour::text, 0.9f);
    list->AddLine(ImVec2(a, mid), ImVec2(e, mid), ink, 1.5f);
    list->AddLine(ImVec2(a, mid - cap), ImVec2(a, mid + cap), ink, 1.5f);
    list->AddLine(ImVec2(e, mid - cap), ImVec2(e, mid + cap), ink, 1.5f);
    // The value, and the ratio to the baseline.
    const std::string value = format_gbs(b.gbs);
    ImFont* value_font = b.role == TimingRole::baseline ? fonts.bold : fonts.ui;
    list->AddText(value_font, l.label_size, ImVec2(l.value_x, name_y),
                  b.role == TimingRole::measured ? colour::text : fill, value.c_str());
    const std::string ratio = ratio_text(g, b);
    if (!ratio.empty())
      list->AddText(fonts.ui, l.small_size,
                    ImVec2(l.value_x + text_width(value_font, l.label_size, value) + 0.5f * l.small_size,
                           mid - 0.5f * l.small_size),
                    colour::text_dim, ratio.c_str());
  }

  // The peak: one dashed line through every group, labelled above the first.
  void paint_peak(ImDrawList* list, const Fonts& fonts, const Layout& l, float top) const {
    if (!chart_.peak) return;
    const float x = l.x_of(chart_.peak->gbs);
    paint_dashed_vline(list, x, top + l.small_size + 2.0f, l.rows_bottom, peak_colour(), 5.0f, 2.0f);
    const std::string& text = chart_.peak->label;
    const float w = text_width(fonts.bold, l.small_size, text);
    const float tx = x - w - 6.0f >= l.x0 ? x - w - 6.0f : x + 6.0f;
    list->AddText(fonts.bold, l.small_size, ImVec2(tx, top + 2.0f), peak_colour(), text.c_str());
  }

  void tooltip(const ChartRow& r) const {
    const TimingGroup& g = group_of(r);
    const TimingBar& b = bar_of(r);
    std::string text = b.kernel + (b.configuration.empty() ? "" : "\n" + b.configuration) + "\n" + g.title +
                       ", " + format_count(b.bytes, "byte") + " moved at least\nmedian " +
                       format_duration(b.median_ns) + " of " + format_count(b.repetitions, "repetition") +
                       " (" + format_duration(b.min_ns) + " \xE2\x80\x93 " + format_duration(b.max_ns) + ")";
    if (b.has_rate)
      text += "\n" + format_gbs(b.gbs) + " (" + format_gbs(b.gbs_slow) + " \xE2\x80\x93 " +
              format_gbs(b.gbs_fast) + ")";
    if (b.vs_baseline)
      text += "\n" + format_ratio(*b.vs_baseline) + " " +
              g.bars[static_cast<std::size_t>(g.baseline)].kernel + "'s GB/s";
    if (b.of_read_only)
      text += "\n" + format_percent(*b.of_read_only, 1) + " of the read-only streaming kernel";
    if (b.of_peak) text += "\n" + format_percent(*b.of_peak, 1) + " of the " + chart_.peak->label;
    ImGui::SetTooltip("%s", text.c_str());
  }

  TimingsChart chart_;
  std::vector<ChartRow> rows_;
  int marked_ = -1;  // the row of the timing a fact was taken from; -1: none
  bool scroll_to_mark_ = false;
};

}  // namespace

std::unique_ptr<TraceView> make_timings_view(const trace::Trace& trace, const ViewConfig&) {
  return std::make_unique<TimingsView>(trace);
}

}  // namespace gridlock::viewer
