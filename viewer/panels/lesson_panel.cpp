// The lesson panel.
#include "panels/lesson_panel.hpp"

#include <cctype>

#include "model/document.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace {

std::string plain(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '`') continue;
    if (text.compare(i, 2, "**") == 0) {
      ++i;
      continue;
    }
    out.push_back(text[i]);
  }
  return out;
}

std::string trim(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  std::size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

bool numbered_item(const std::string& s, std::size_t& text_start) {
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i + 1 >= s.size() || s[i] != '.' || s[i + 1] != ' ') return false;
  text_start = i + 2;
  return true;
}

void wrapped(const std::string& text) { ImGui::TextWrapped("%s", plain(text).c_str()); }

}  // namespace

void draw_markdown(const std::string& text, const Fonts& fonts) {
  std::string paragraph;
  auto flush = [&] {
    if (!paragraph.empty()) {
      wrapped(paragraph);
      ImGui::Spacing();
    }
    paragraph.clear();
  };
  bool in_code = false;
  for (std::string_view view : trace::split_lines(text)) {
    const std::string raw(view);
    const std::string line = trim(raw);

    if (line.rfind("```", 0) == 0) {
      flush();
      in_code = !in_code;
      continue;
    }
    if (in_code || line.rfind("|", 0) == 0) {
      flush();
      ImGui::PushFont(fonts.mono);
      ImGui::PushStyleColor(ImGuiCol_Text,
                            ImGui::ColorConvertU32ToFloat4(in_code ? colour::code_number : colour::text_dim));
      ImGui::TextUnformatted(raw.c_str());
      ImGui::PopStyleColor();
      ImGui::PopFont();
      continue;
    }
    if (line.empty()) {
      flush();
      continue;
    }
    if (line[0] == '#') {
      flush();
      std::size_t level = line.find_first_not_of('#');
      std::string title = trim(line.substr(level == std::string::npos ? line.size() : level));
      ImGui::Spacing();
      ImGui::PushFont(level <= 1 ? fonts.caption : level == 2 ? fonts.heading : fonts.bold);
      wrapped(title);
      ImGui::PopFont();
      if (level <= 2) ImGui::Separator();
      continue;
    }
    const std::size_t alt_end = line.find("](");
    if (line.rfind("![", 0) == 0 && alt_end != std::string::npos && line.back() == ')') {
      // An image the panel does not draw: its description and file, dimmed.
      flush();
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
      wrapped("[picture: " + line.substr(2, alt_end - 2) + " \xE2\x80\x94 " +
              line.substr(alt_end + 2, line.size() - alt_end - 3) + "]");
      ImGui::PopStyleColor();
      ImGui::Spacing();
      continue;
    }
    std::size_t item_start = 0;
    if (line.rfind("- ", 0) == 0 || line.rfind("* ", 0) == 0) {
      flush();
      ImGui::Bullet();
      wrapped(line.substr(2));
      continue;
    }
    if (numbered_item(line, item_start)) {
      flush();
      ImGui::TextDisabled("%s", line.substr(0, item_start - 1).c_str());
      ImGui::SameLine();
      wrapped(line.substr(item_start));
      continue;
    }
    if (!paragraph.empty()) paragraph += ' ';
    paragraph += line;
  }
  flush();
}

void draw_lesson_panel(const std::string& readme, const std::string& readme_path,
                       const std::string& trace_path, const Fonts& fonts) {
  if (readme.empty()) {
    ImGui::TextDisabled("No README.md was found for this trace.");
    ImGui::TextDisabled("Looked beside %s", trace_path.c_str());
    return;
  }
  ImGui::TextDisabled("%s", readme_path.c_str());
  draw_markdown(readme, fonts);
}

}  // namespace gridlock::viewer
