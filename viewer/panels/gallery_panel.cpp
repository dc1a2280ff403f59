// The gallery.
#include "panels/gallery_panel.hpp"

#include <algorithm>
#include <cfloat>

namespace gridlock::viewer {

namespace {

constexpr float kCardWidth = 440.0f;  // at scale 1
constexpr float kCardHeight = 118.0f;

// Text cut with an ellipsis where it would run past max_width.
void text_at(ImDrawList* list, const ImFont* font, ImVec2 at, ImU32 colour, const std::string& text,
             float max_width) {
  const float size = font->FontSize;
  auto width = [&](const std::string& s) { return font->CalcTextSizeA(size, FLT_MAX, 0, s.c_str()).x; };
  std::string shown = text;
  if (width(shown) > max_width) {
    const std::string ellipsis = "\xE2\x80\xA6";
    while (!shown.empty() && width(shown + ellipsis) > max_width) {
      while (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
      if (!shown.empty()) shown.pop_back();
    }
    shown += ellipsis;
  }
  list->AddText(font, size, at, colour, shown.c_str());
}

// One trace as a clickable card. Returns true when clicked.
bool card(const GalleryTrace& t, const Fonts& fonts) {
  const float card_w = kCardWidth * ui_scale(fonts), card_h = kCardHeight * ui_scale(fonts);
  ImGui::PushID(t.path.c_str());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton("card", ImVec2(card_w, card_h)) && t.ok();
  const bool hovered = ImGui::IsItemHovered();
  if (hovered) ImGui::SetTooltip("%s", t.path.c_str());
  ImGui::PopID();

  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 end(at.x + card_w, at.y + card_h);
  list->AddRectFilled(at, end, hovered && t.ok() ? IM_COL32(40, 48, 62, 255) : colour::panel, 8.0f);
  list->AddRect(at, end, t.ok() ? colour::grid : colour::error, 8.0f, 0, 1.5f);
  const float pad = 14.0f, inner = card_w - 2 * pad;
  float y = at.y + 10;
  text_at(list, fonts.bold, ImVec2(at.x + pad, y), colour::text, t.name, inner);
  y += fonts.bold->FontSize + 6;
  if (!t.ok()) {
    text_at(list, fonts.ui, ImVec2(at.x + pad, y), colour::error, "cannot be opened:", inner);
    y += fonts.ui->FontSize + 3;
    ImGui::PushClipRect(at, end, true);
    list->AddText(fonts.ui, fonts.ui->FontSize * 0.9f, ImVec2(at.x + pad, y), colour::text_dim,
                  t.error.c_str(), nullptr, inner);
    ImGui::PopClipRect();
    return false;
  }
  std::string who = t.modelled ? "model, not measured on a GPU" : t.producer;
  text_at(list, fonts.ui, ImVec2(at.x + pad, y), t.modelled ? colour::model_banner : colour::text_dim, who,
          inner);
  y += fonts.ui->FontSize + 4;
  std::string detail = std::to_string(t.steps) + " steps";
  if (!t.technique.empty()) detail = t.technique + "  \xC2\xB7  " + detail;
  if (!t.recorded_at.empty()) detail += "  \xC2\xB7  " + t.recorded_at;
  text_at(list, fonts.ui, ImVec2(at.x + pad, y), colour::text_dim, detail, inner);
  y += fonts.ui->FontSize + 8;
  float x = at.x + pad;
  auto count = [&](int n, const char* words, ImU32 c) {
    if (n == 0) return;
    std::string s = std::to_string(n) + " " + words;
    list->AddCircleFilled(ImVec2(x + 5, y + fonts.ui->FontSize * 0.5f), 5.0f, c);
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(x + 14, y), c, s.c_str());
    x += 14 + fonts.ui->CalcTextSizeA(fonts.ui->FontSize, FLT_MAX, 0, s.c_str()).x + 16;
  };
  count(t.confirmed, "confirmed", colour::confirmed);
  count(t.contradicted, "contradicted", colour::contradicted);
  count(t.not_observable, "not observable", colour::not_observable);
  if (t.confirmed + t.contradicted + t.not_observable == 0)
    list->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(x, y), colour::text_faint, "no claims");
  return clicked;
}

}  // namespace

GalleryChoice draw_gallery(const Gallery& gallery, const std::vector<OpenFailure>& failures,
                           const Fonts& fonts) {
  GalleryChoice choice;
  ImGui::PushFont(fonts.caption);
  ImGui::TextUnformatted("gridlock");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + fonts.caption->FontSize - fonts.ui->FontSize - 2);
  ImGui::TextDisabled("CUDA blocks that cooperate, race and deadlock: recorded on a GPU, replayed here");
  if (ImGui::Button("Open file\xE2\x80\xA6")) choice.browse = true;
  ImGui::SameLine();
  ImGui::TextDisabled("or drop trace files on this window");
  ImGui::Spacing();

  for (const OpenFailure& f : failures) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::error));
    ImGui::TextWrapped("Cannot open %s", f.path.c_str());
    ImGui::PopStyleColor();
    ImGui::Indent();
    ImGui::TextWrapped("%s", f.error.c_str());
    ImGui::Unindent();
  }
  if (!failures.empty()) ImGui::Separator();

  const float width = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const int per_row =
      std::max(1, static_cast<int>((width + spacing) / (kCardWidth * ui_scale(fonts) + spacing)));
  int number = 0;
  for (const GalleryLesson& lesson : gallery.lessons) {
    ++number;
    ImGui::Spacing();
    ImGui::PushFont(fonts.heading);
    ImGui::Text("%d. %s", number, lesson.title.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + fonts.heading->FontSize - fonts.ui->FontSize);
    ImGui::TextDisabled("%s", lesson.id.c_str());
    if (!lesson.summary.empty()) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(width, 1100.0f));
      ImGui::TextUnformatted(lesson.summary.c_str());
      ImGui::PopTextWrapPos();
    }
    if (lesson.traces.empty()) {
      ImGui::TextDisabled("no recorded traces yet in %s/recorded", lesson.folder.c_str());
      continue;
    }
    for (std::size_t i = 0; i < lesson.traces.size(); ++i) {
      if (i % static_cast<std::size_t>(per_row) != 0) ImGui::SameLine();
      if (card(lesson.traces[i], fonts)) choice.open_path = lesson.traces[i].path;
    }
  }
  ImGui::Spacing();
  ImGui::Separator();
  if (!gallery.found_in.empty()) ImGui::TextDisabled("lessons from %s", gallery.found_in.c_str());
  for (const std::string& problem : gallery.problems) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::not_observable));
    ImGui::TextWrapped("%s", problem.c_str());
    ImGui::PopStyleColor();
  }
  return choice;
}

}  // namespace gridlock::viewer
