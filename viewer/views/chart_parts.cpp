// The charts' shared pieces.
#include "views/chart_parts.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "render/pixel_layer.hpp"

namespace gridlock::viewer {

void chart_summary(const Fonts& fonts, const std::string& first, const std::string& second) {
  ImGui::PushFont(fonts.bold);
  ImGui::TextWrapped("%s", first.c_str());
  ImGui::PopFont();
  if (second.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
  ImGui::TextWrapped("%s", second.c_str());
  ImGui::PopStyleColor();
}

namespace {

// Where each legend entry goes, relative to the legend's top left corner, in `width` pixels;
// returns the size of the whole.
ImVec2 place_legend(const std::vector<std::pair<ImU32, std::string>>& entries, float width,
                    std::vector<ImVec2>& places) {
  const float h = ImGui::GetTextLineHeight(), line = ImGui::GetTextLineHeightWithSpacing();
  ImVec2 at(0, 0);
  float widest = 0;
  for (const auto& entry : entries) {
    const float w = 0.8f * h + ImGui::CalcTextSize(entry.second.c_str()).x;
    if (at.x > 0 && at.x + w > width) at = ImVec2(0, at.y + line);
    places.push_back(at);
    widest = std::max(widest, at.x + w);
    at.x += w + 1.2f * h;
  }
  return ImVec2(widest, at.y + h);
}

}  // namespace

void chart_legend(const std::vector<std::pair<ImU32, std::string>>& entries) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  std::vector<ImVec2> places;
  const ImVec2 size = place_legend(entries, ImGui::GetContentRegionAvail().x, places);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ImVec2 at(origin.x + places[i].x, origin.y + places[i].y);
    list->AddRectFilled(ImVec2(at.x, at.y + 0.2f * h), ImVec2(at.x + 0.6f * h, at.y + 0.8f * h),
                        entries[i].first, 2.0f);
    list->AddText(ImVec2(at.x + 0.8f * h, at.y), colour::text_dim, entries[i].second.c_str());
  }
  ImGui::Dummy(size);
}

float chart_legend_height(const std::vector<std::pair<ImU32, std::string>>& entries, float width) {
  std::vector<ImVec2> places;
  return place_legend(entries, width, places).y;
}

void paint_hatched(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 lines) {
  if (b.x <= a.x || b.y <= a.y) return;
  const float h = b.y - a.y, step = std::max(6.0f, h);
  if (h < kHatchedRowPx) {
    // Too thin for its lines to read as lines: the colour they would give it on average, in the
    // pixel layer where one is open (a row per block of a thousand blocks costs no vertices).
    const ImVec4 f = ImGui::ColorConvertU32ToFloat4(fill), l = ImGui::ColorConvertU32ToFloat4(lines);
    const float k = l.w * 1.0f / step * 1.41f;  // a 1-pixel line every `step` pixels, at 45 degrees
    fill_rect(list, a, b,
              ImGui::ColorConvertFloat4ToU32(
                  ImVec4(f.x + (l.x - f.x) * k, f.y + (l.y - f.y) * k, f.z + (l.z - f.z) * k, f.w)));
    return;
  }
  fill_rect(list, a, b, fill);
  list->PushClipRect(a, b, true);
  for (float x = a.x - h; x < b.x; x += step) list->AddLine(ImVec2(x, b.y), ImVec2(x + h, a.y), lines, 1.0f);
  list->PopClipRect();
}

int chart_row_at(float y, float y0, float h, std::size_t count) {
  if (h <= 0 || y < y0) return -1;
  const auto r = static_cast<std::size_t>(std::floor((y - y0) / h));
  return r < count ? static_cast<int>(r) : -1;
}

void paint_dashed_vline(ImDrawList* list, float x, float y0, float y1, ImU32 c, float dash, float thickness) {
  for (float y = y0; y < y1; y += 2 * dash)
    list->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + dash, y1)), c, thickness);
}

std::string cut_to_width(const ImFont* font, float size, const std::string& text, float max_width) {
  if (font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x <= max_width) return text;
  const char* ellipsis = "\xE2\x80\xA6";
  const float room = max_width - font->CalcTextSizeA(size, FLT_MAX, 0, ellipsis).x;
  if (room <= 0) return "";
  const char* end = text.c_str();  // the first character that does not fit
  font->CalcTextSizeA(size, room, 0, text.c_str(), nullptr, &end);
  if (end == text.c_str()) return "";
  return std::string(text.c_str(), end) + ellipsis;
}

float paint_fitted_text(ImDrawList* list, ImFont* font, float size, ImVec2 at, ImU32 c,
                        const std::string& text, float max_width) {
  const std::string shown = cut_to_width(font, size, text, max_width);
  if (shown.empty()) return 0;
  list->AddText(font, size, at, c, shown.c_str());
  return font->CalcTextSizeA(size, FLT_MAX, 0, shown.c_str()).x;
}

}  // namespace gridlock::viewer
