// Fonts, spacing and colours.
#include "style.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace gridlock::viewer {

namespace {

// Latin-1, dashes and bullets, arrows, the minus sign, the geometric shapes used as icons and the
// warning sign.
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2212, 0x2212,
                                0x2300, 0x23FF, 0x25A0, 0x25FF, 0x26A0, 0x26A0, 0};

std::string first_file(const std::vector<std::string>& candidates) {
  std::error_code ec;
  for (const std::string& path : candidates)
    if (std::filesystem::is_regular_file(path, ec)) return path;
  return {};
}

ImFont* add_font(const std::string& file, float pixels) {
  if (file.empty()) return nullptr;
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  return ImGui::GetIO().Fonts->AddFontFromFileTTF(file.c_str(), pixels, &config, kGlyphRanges);
}

}  // namespace

Fonts load_fonts(float scale) {
  const std::string dejavu = "/usr/share/fonts/truetype/dejavu/";
  const std::string regular = first_file({dejavu + "DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf",
                                          "/usr/share/fonts/dejavu/DejaVuSans.ttf"});
  const std::string bold =
      first_file({dejavu + "DejaVuSans-Bold.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
                  "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"});
  const std::string mono =
      first_file({dejavu + "DejaVuSansMono.ttf", "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
                  "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
                  "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf"});
  Fonts fonts;
  fonts.ui = add_font(regular, 17.0f * scale);
  if (!fonts.ui) {
    ImFontConfig config;
    config.SizePixels = 13.0f * std::max(1.0f, std::round(scale * 1.3f));
    fonts.ui = ImGui::GetIO().Fonts->AddFontDefault(&config);
    fonts.bold = fonts.heading = fonts.caption = fonts.caption_detail = fonts.mono = fonts.ui;
    fonts.fallback = true;
    return fonts;
  }
  fonts.bold = add_font(bold.empty() ? regular : bold, 17.0f * scale);
  fonts.heading = add_font(bold.empty() ? regular : bold, 21.0f * scale);
  fonts.caption = add_font(bold.empty() ? regular : bold, 26.0f * scale);
  fonts.caption_detail = add_font(regular, 24.0f * scale);
  fonts.mono = add_font(mono.empty() ? regular : mono, 16.0f * scale);
  return fonts;
}

void set_theme_colours(Theme theme) {
  using namespace colour;
  const bool dark = theme == Theme::dark;
  background = dark ? IM_COL32(21, 23, 29, 255) : IM_COL32(244, 245, 248, 255);
  canvas = dark ? IM_COL32(16, 18, 23, 255) : IM_COL32(255, 255, 255, 255);
  panel = dark ? IM_COL32(28, 31, 38, 255) : IM_COL32(236, 238, 243, 255);
  grid = dark ? IM_COL32(52, 57, 68, 255) : IM_COL32(196, 201, 212, 255);
  text = dark ? IM_COL32(230, 233, 240, 255) : IM_COL32(18, 22, 30, 255);
  text_dim = dark ? IM_COL32(140, 147, 162, 255) : IM_COL32(78, 86, 102, 255);
  text_faint = dark ? IM_COL32(88, 94, 108, 255) : IM_COL32(150, 156, 170, 255);
  accent = dark ? IM_COL32(255, 255, 255, 255) : IM_COL32(0, 0, 0, 255);
  current_row = dark ? IM_COL32(255, 255, 255, 14) : IM_COL32(20, 40, 90, 18);
  dst = dark ? IM_COL32(79, 163, 255, 255) : IM_COL32(30, 110, 220, 255);
  src = dark ? IM_COL32(255, 159, 67, 255) : IM_COL32(225, 115, 20, 255);
  past_edge = dark ? IM_COL32(150, 160, 180, 60) : IM_COL32(60, 70, 90, 70);
  highlight_line = dark ? IM_COL32(255, 200, 60, 46) : IM_COL32(255, 190, 40, 80);
  highlight_mark = dark ? IM_COL32(255, 200, 60, 255) : IM_COL32(200, 125, 0, 255);
  confirmed = dark ? IM_COL32(61, 220, 132, 255) : IM_COL32(20, 145, 75, 255);
  contradicted = dark ? IM_COL32(255, 92, 92, 255) : IM_COL32(205, 35, 35, 255);
  silent_failure = dark ? IM_COL32(236, 120, 255, 255) : IM_COL32(150, 40, 190, 255);
  not_observable = dark ? IM_COL32(255, 200, 87, 255) : IM_COL32(180, 120, 0, 255);
  error = dark ? IM_COL32(255, 105, 105, 255) : IM_COL32(200, 30, 30, 255);
  code_comment = dark ? IM_COL32(120, 170, 120, 255) : IM_COL32(50, 115, 50, 255);
  code_phase = dark ? IM_COL32(255, 205, 90, 255) : IM_COL32(165, 100, 0, 255);
  code_keyword = dark ? IM_COL32(198, 146, 255, 255) : IM_COL32(120, 50, 200, 255);
  code_number = dark ? IM_COL32(120, 200, 255, 255) : IM_COL32(10, 105, 185, 255);
  line_number = dark ? IM_COL32(90, 97, 112, 255) : IM_COL32(150, 156, 170, 255);
  counter = dark ? IM_COL32(235, 238, 245, 230) : IM_COL32(30, 34, 44, 230);
  flow = dark ? IM_COL32(255, 200, 60, 220) : IM_COL32(200, 125, 0, 230);
  notice = dark ? IM_COL32(255, 190, 60, 255) : IM_COL32(180, 110, 0, 255);
}

void apply_style(float scale, Theme theme) {
  set_theme_colours(theme);
  const bool dark = theme == Theme::dark;
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  if (dark)
    ImGui::StyleColorsDark();
  else
    ImGui::StyleColorsLight();
  style.WindowRounding = 0.0f;
  style.ChildRounding = 6.0f;
  style.FrameRounding = 5.0f;
  style.PopupRounding = 6.0f;
  style.GrabRounding = 5.0f;
  style.TabRounding = 5.0f;
  style.WindowBorderSize = 0.0f;
  style.ChildBorderSize = 1.0f;
  style.FramePadding = ImVec2(10, 6);
  style.ItemSpacing = ImVec2(10, 8);
  style.ItemInnerSpacing = ImVec2(8, 6);
  style.WindowPadding = ImVec2(12, 10);
  style.ScrollbarSize = 16.0f;
  style.GrabMinSize = 14.0f;
  style.ScaleAllSizes(scale);

  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImGui::ColorConvertU32ToFloat4(colour::background);
  c[ImGuiCol_ChildBg] = ImGui::ColorConvertU32ToFloat4(colour::panel);
  c[ImGuiCol_Border] = ImGui::ColorConvertU32ToFloat4(colour::grid);
  c[ImGuiCol_Text] = ImGui::ColorConvertU32ToFloat4(colour::text);
  c[ImGuiCol_TextDisabled] = ImGui::ColorConvertU32ToFloat4(colour::text_dim);
  if (!dark) {
    c[ImGuiCol_PopupBg] = ImVec4(0.98f, 0.98f, 0.99f, 0.98f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.88f, 0.89f, 0.92f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.0f, 0.0f, 0.0f, 0.03f);
    return;
  }
  c[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.17f, 0.98f);
  c[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.19f, 0.23f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.23f, 0.26f, 0.32f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.27f, 0.31f, 0.38f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.23f, 0.29f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.27f, 0.36f, 0.50f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.31f, 0.50f, 0.80f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.22f, 0.27f, 0.36f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.27f, 0.36f, 0.50f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.31f, 0.50f, 0.80f, 1.0f);
  c[ImGuiCol_Tab] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_TabHovered] = ImVec4(0.27f, 0.36f, 0.50f, 1.0f);
  c[ImGuiCol_TabActive] = ImVec4(0.24f, 0.31f, 0.44f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.10f, 0.11f, 0.14f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
  c[ImGuiCol_SliderGrab] = ImVec4(0.45f, 0.65f, 1.0f, 1.0f);
  c[ImGuiCol_CheckMark] = ImVec4(0.45f, 0.75f, 1.0f, 1.0f);
}

namespace colour {

ImU32 category(trace::Category c) {
  switch (c) {
    case trace::Category::work:
      return category_work;
    case trace::Category::barrier:
      return category_barrier;
    case trace::Category::wait:
      return category_wait;
    case trace::Category::spin:
      return category_spin;
    case trace::Category::critical:
      return category_critical;
    case trace::Category::atomic:
      return category_atomic;
    case trace::Category::kernel:
      return category_kernel;
    case trace::Category::copy:
      return category_copy;
    case trace::Category::sync:
      return category_sync;
    case trace::Category::host:
      return category_host;
    case trace::Category::other:
      return category_other;
    case trace::Category::ticket:
      return category_ticket;
    case trace::Category::lost_update:
    case trace::Category::stale_read:
    case trace::Category::overlap:
    case trace::Category::double_fetch:
    case trace::Category::waiting_holder:
      return category_moment;
  }
  return category_other;
}

ImU32 heat(float t, float alpha) {
  Rgb c = heat_missing;
  if (t >= 0.0f) {
    float x = std::clamp(t, 0.0f, 1.0f) * 4.0f;
    int i = std::min(static_cast<int>(x), 3);
    float f = x - static_cast<float>(i);
    const Rgb& a = heat_stops[static_cast<std::size_t>(i)];
    const Rgb& b = heat_stops[static_cast<std::size_t>(i) + 1];
    c = Rgb{a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
  }
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, alpha));
}

ImU32 text_on(ImU32 background) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(background);
  float luminance = 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
  return luminance > 0.5f ? IM_COL32(12, 14, 20, 255) : IM_COL32(245, 247, 250, 255);
}

ImU32 with_alpha(ImU32 colour, float alpha) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  c.w *= std::clamp(alpha, 0.0f, 1.0f);
  return ImGui::ColorConvertFloat4ToU32(c);
}

}  // namespace colour

}  // namespace gridlock::viewer
