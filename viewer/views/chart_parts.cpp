// The inter-block charts' shared pieces.
#include "views/chart_parts.hpp"

#include <algorithm>
#include <cmath>

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

void chart_legend(const std::vector<std::pair<ImU32, std::string>>& entries) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  ImVec2 at = ImGui::GetCursorScreenPos();
  const float x0 = at.x;
  for (const auto& [c, name] : entries) {
    list->AddRectFilled(ImVec2(at.x, at.y + 0.2f * h), ImVec2(at.x + 0.6f * h, at.y + 0.8f * h), c, 2.0f);
    list->AddText(ImVec2(at.x + 0.8f * h, at.y), colour::text_dim, name.c_str());
    at.x += 0.8f * h + ImGui::CalcTextSize(name.c_str()).x + 1.2f * h;
  }
  ImGui::Dummy(ImVec2(at.x - x0, h));
}

void paint_hatched(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 lines) {
  if (b.x <= a.x || b.y <= a.y) return;
  list->AddRectFilled(a, b, fill);
  list->PushClipRect(a, b, true);
  const float h = b.y - a.y, step = std::max(6.0f, h);
  for (float x = a.x - h; x < b.x; x += step) list->AddLine(ImVec2(x, b.y), ImVec2(x + h, a.y), lines, 1.0f);
  list->PopClipRect();
}

int chart_row_at(float y, float y0, float h, std::size_t count) {
  if (h <= 0 || y < y0) return -1;
  const auto r = static_cast<std::size_t>(std::floor((y - y0) / h));
  return r < count ? static_cast<int>(r) : -1;
}

}  // namespace gridlock::viewer
