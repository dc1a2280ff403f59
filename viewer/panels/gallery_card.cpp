// A gallery card.
#include "panels/gallery_card.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "format.hpp"
#include "views/chart_parts.hpp"
#include "views/trace_thumbnail.hpp"

namespace gridlock::viewer {

namespace {

constexpr float kThumbnailShare = 0.42f;  // thumbnail height per card width
constexpr float kMargin = 10.0f;          // around the thumbnail
constexpr float kPad = 16.0f;             // left and right of the text
constexpr float kRounding = 10.0f;

struct Card {
  const GalleryTrace& trace;
  const Fonts& fonts;
  ImDrawList* list;
  ImVec2 min, max;  // the whole card
  ImVec2 thumb_min, thumb_max;
  bool hovered;
};

float text_height(const Fonts& f) { return kMargin + f.bold->FontSize + 3 * (f.ui->FontSize + 6) + kPad; }

float thumbnail_height(float width) { return std::floor(width * kThumbnailShare); }

// Text cut with an ellipsis where it would run past max_width.
void text_at(ImDrawList* list, ImFont* font, ImVec2 at, ImU32 colour, const std::string& text,
             float max_width) {
  paint_fitted_text(list, font, font->FontSize, at, colour, text, max_width);
}

// "2026-11-22T09:54:09Z" as "2026-11-22 09:54 UTC"; other forms as they are.
std::string readable_time(const std::string& iso) {
  if (iso.size() != 20 || iso[10] != 'T' || iso[19] != 'Z') return iso;
  return iso.substr(0, 10) + " " + iso.substr(11, 5) + " UTC";
}

// `text` in a small rounded box whose top left is `at`; returns the box's width.
float badge(const Card& c, ImVec2 at, const std::string& text, ImU32 fill, ImU32 ink) {
  const ImFont* font = c.fonts.bold;
  const float size = std::round(font->FontSize * 0.85f);
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
  const ImVec2 box_max(at.x + extent.x + 14, at.y + font->FontSize + 3);
  c.list->AddRectFilled(at, box_max, fill, 5.0f);
  c.list->AddText(font, size, ImVec2(at.x + 7, 0.5f * (at.y + box_max.y - extent.y)), ink, text.c_str());
  return box_max.x - at.x;
}

// Verdict counts as coloured dots with words, left to right.
void verdicts(const Card& c, ImVec2 at) {
  const ImFont* font = c.fonts.ui;
  const GalleryTrace& t = c.trace;
  float x = at.x;
  auto count = [&](int n, const char* words, ImU32 colour) {
    if (n == 0) return;
    const std::string text = std::to_string(n) + " " + words;
    const float r = std::round(font->FontSize * 0.3f);
    c.list->AddCircleFilled(ImVec2(x + r, at.y + font->FontSize * 0.5f + 1), r, colour);
    c.list->AddText(font, font->FontSize, ImVec2(x + 3 * r, at.y), colour, text.c_str());
    x += 3 * r + font->CalcTextSizeA(font->FontSize, FLT_MAX, 0, text.c_str()).x + 3.5f * r;
  };
  count(t.confirmed, "confirmed", colour::confirmed);
  count(t.contradicted, "contradicted", colour::contradicted);
  count(t.not_observable, "not observable", colour::not_observable);
  if (t.confirmed + t.contradicted + t.not_observable == 0)
    c.list->AddText(font, font->FontSize, at, colour::text_faint, "no claims");
}

void card_text(const Card& c) {
  const GalleryTrace& t = c.trace;
  const Fonts& fonts = c.fonts;
  const float x0 = c.min.x + kPad, right = c.max.x - kPad;
  float y = c.thumb_max.y + kMargin;
  float x = x0;
  if (t.ok() && !t.technique.empty())
    x += badge(c, ImVec2(x, y - 1), t.technique, IM_COL32(60, 70, 95, 255), colour::text) + 9;
  if (t.ok() && !t.variant.empty())
    x += badge(c, ImVec2(x, y - 1), t.variant, colour::with_alpha(colour::dst, 0.3f), colour::text) + 9;
  text_at(c.list, fonts.bold, ImVec2(x, y), colour::text, t.name, right - x);
  y += fonts.bold->FontSize + 8;
  if (!t.ok()) {
    text_at(c.list, fonts.ui, ImVec2(x0, y), colour::text_dim, t.path, right - x0);
    return;
  }
  const std::string who = t.modelled ? "model, not measured on a GPU" : t.producer;
  text_at(c.list, fonts.ui, ImVec2(x0, y), t.modelled ? colour::model_banner : colour::text_dim, who,
          right - x0);
  y += fonts.ui->FontSize + 6;
  std::string detail =
      t.steps > 0 || t.timings == 0 ? format_count(t.steps, "step") : format_count(t.timings, "timing");
  if (!t.recorded_at.empty()) detail += "  \xC2\xB7  recorded " + readable_time(t.recorded_at);
  if (t.notices > 0) detail += "  \xC2\xB7  \xE2\x9A\xA0 " + format_count(t.notices, "notice");
  text_at(c.list, fonts.ui, ImVec2(x0, y), colour::text_dim, detail, right - x0);
  verdicts(c, ImVec2(x0, y + fonts.ui->FontSize + 6));
}

// Where the thumbnail would be: a warning sign, "cannot be opened" and the loader's message.
void error_panel(const Card& c) {
  const Fonts& fonts = c.fonts;
  c.list->AddRectFilled(c.thumb_min, c.thumb_max, colour::with_alpha(colour::error, 0.10f), 6.0f);
  c.list->AddRect(c.thumb_min, c.thumb_max, colour::with_alpha(colour::error, 0.45f), 6.0f, 0, 1.0f);
  const float r = 13.0f;
  const ImVec2 icon(c.thumb_min.x + 16 + r, c.thumb_min.y + 16 + r);
  c.list->AddCircleFilled(icon, r, colour::error);
  const ImVec2 mark = fonts.bold->CalcTextSizeA(fonts.bold->FontSize, FLT_MAX, 0, "!");
  c.list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(icon.x - 0.5f * mark.x, icon.y - 0.5f * mark.y),
                  colour::model_banner_text, "!");
  const float x = icon.x + r + 12;
  c.list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(x, icon.y - 0.5f * fonts.bold->FontSize),
                  colour::error, "This trace cannot be opened");
  const ImVec2 text_min(c.thumb_min.x + 16, icon.y + r + 12);
  c.list->PushClipRect(text_min, ImVec2(c.thumb_max.x - 12, c.thumb_max.y - 8), true);
  c.list->AddText(fonts.ui, fonts.ui->FontSize, text_min, colour::text, c.trace.error.c_str(), nullptr,
                  c.thumb_max.x - 16 - text_min.x);
  c.list->PopClipRect();
}

}  // namespace

float gallery_card_height(float width, const Fonts& fonts) {
  return kMargin + thumbnail_height(width) + text_height(fonts);
}

// The Compare button in the card's bottom right corner: the partner chosen, or -1. With several
// partners, a menu of them.
int compare_button(const Card& c) {
  const char* label = "Compare \xE2\x87\x84";
  const std::vector<GalleryTrace::Partner>& partners = c.trace.compare;
  auto name = [&](std::size_t i) { return std::filesystem::path(partners[i].path).filename().string(); };
  const ImVec2 size(ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x,
                    ImGui::GetFrameHeight());
  ImGui::SetCursorScreenPos(ImVec2(c.max.x - kPad - size.x, c.max.y - kPad - size.y + 4));
  int chosen = -1;
  if (ImGui::Button(label, size)) {
    if (partners.size() == 1)
      chosen = 0;
    else
      ImGui::OpenPopup("compare-with");
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", partners.size() == 1 ? ("Side by side with " + name(0) + ", on one clock").c_str()
                                                 : "Side by side with another trace, on one clock");
  if (ImGui::BeginPopup("compare-with")) {
    for (std::size_t i = 0; i < partners.size(); ++i)
      if (ImGui::MenuItem(("with " + name(i)).c_str())) chosen = static_cast<int>(i);
    ImGui::EndPopup();
  }
  return chosen;
}

CardChoice draw_gallery_card(const GalleryTrace& t, float width, CardThumbnail thumbnail, const Fonts& fonts,
                             HeatStripRenderer& heat) {
  const float height = gallery_card_height(width, fonts);
  ImGui::PushID(t.path.c_str());
  ImGui::BeginGroup();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton("card", ImVec2(width, height)) && t.ok();
  ImGui::SetItemAllowOverlap();
  const bool hovered = ImGui::IsItemHovered();
  const bool pressed = ImGui::IsItemActive();
  const ImVec2 end(at.x + width, at.y + height);
  const ImVec2 thumb_min(at.x + kMargin, at.y + kMargin);
  const ImVec2 thumb_max(end.x - kMargin, thumb_min.y + thumbnail_height(width));
  if (hovered && t.ok()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  // The full path and message under the text, where a tooltip hides no part of the thumbnail.
  if (hovered && ImGui::GetIO().MousePos.y > thumb_max.y) {
    if (t.ok())
      ImGui::SetTooltip("Open %s", t.path.c_str());
    else
      ImGui::SetTooltip("%s\n%s", t.path.c_str(), t.error.c_str());
  }
  const Card c{t, fonts, ImGui::GetWindowDrawList(), at, end, thumb_min, thumb_max, hovered && t.ok()};

  const ImU32 fill =
      c.hovered ? (pressed ? IM_COL32(44, 52, 68, 255) : IM_COL32(37, 43, 56, 255)) : colour::panel;
  c.list->AddRectFilled(at, end, fill, kRounding);
  if (t.ok() && thumbnail.picture) {
    c.list->AddImageRounded(thumbnail.picture->id(), thumb_min, thumb_max, ImVec2(0, 0), ImVec2(1, 1),
                            IM_COL32_WHITE, 6.0f);
  } else if (t.ok()) {
    const ThumbnailPaint paint{fonts, heat, c.list, thumb_min, thumb_max};
    begin_thumbnail(paint);
    if (thumbnail.view)
      thumbnail.view->paint_thumbnail(paint);
    else
      paint_thumbnail_placeholder(paint);
    end_thumbnail(paint);
  } else {
    error_panel(c);
  }
  const ImU32 border = !t.ok() ? colour::error : c.hovered ? colour::dst : colour::grid;
  c.list->AddRect(at, end, border, kRounding, 0, c.hovered ? 2.5f : 1.5f);
  if (c.hovered) {
    const ImVec2 size =
        fonts.bold->CalcTextSizeA(std::round(fonts.bold->FontSize * 0.85f), FLT_MAX, 0, "open \xE2\x96\xB8");
    badge(c, ImVec2(thumb_max.x - size.x - 22, thumb_min.y + 8), "open \xE2\x96\xB8", colour::dst,
          colour::model_banner_text);
  }
  card_text(c);
  const int partner = t.ok() && !t.compare.empty() ? compare_button(c) : -1;
  ImGui::EndGroup();
  ImGui::PopID();
  if (partner >= 0) return {CardAction::compare, partner};
  return {clicked ? CardAction::open : CardAction::none, 0};
}

}  // namespace gridlock::viewer
