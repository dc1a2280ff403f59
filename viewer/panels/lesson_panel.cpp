// The lesson panel.
#include "panels/lesson_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <vector>

#include "model/document.hpp"
#include "model/markdown.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace {

// The README parsed once per text, not once per frame.
const std::vector<MdBlock>& parsed(const std::string& text) {
  static std::string last_text;
  static std::vector<MdBlock> last_blocks;
  if (text != last_text || (last_blocks.empty() && !text.empty())) {
    last_text = text;
    last_blocks = parse_markdown(text);
  }
  return last_blocks;
}

// Inline text wrapped at the window's right edge, each span in its own font and colour: bold
// text in bold, code in the monospace font on a faint plate, links in the link colour (their
// target in a tooltip). `base`: the font of plain text (headings pass theirs).
void draw_spans(const std::vector<MdSpan>& spans, const Fonts& fonts, ImFont* base, ImU32 ink) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float width = std::max(40.0f, right - origin.x);
  const float line_h =
      std::max(base->FontSize, fonts.mono->FontSize) + 0.25f * ImGui::GetStyle().ItemSpacing.y + 2.0f;
  float x = 0, y = 0;
  std::string hovered_link;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const MdSpan& span : spans) {
    ImFont* font = span.code ? fonts.mono : span.strong && base == fonts.ui ? fonts.bold : base;
    const ImU32 c = span.code ? colour::code_number : !span.link.empty() ? colour::dst : ink;
    std::size_t i = 0;
    while (i < span.text.size()) {
      // One word with the spaces after it.
      std::size_t j = span.text.find(' ', i);
      j = j == std::string::npos ? span.text.size() : span.text.find_first_not_of(' ', j);
      if (j == std::string::npos) j = span.text.size();
      std::string word = span.text.substr(i, j - i);
      i = j;
      float w = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.c_str()).x;
      if (x > 0 && x + w > width) {
        const std::size_t kept = word.find_last_not_of(' ');
        const float w_trim =
            font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.substr(0, kept + 1).c_str()).x;
        if (x + w_trim > width) {
          x = 0;
          y += line_h;
        }
      }
      if (x == 0) {
        const std::size_t first = word.find_first_not_of(' ');
        if (first == std::string::npos) continue;
        word.erase(0, first);
        w = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.c_str()).x;
      }
      const ImVec2 at(origin.x + x, origin.y + y + 0.5f * (line_h - font->FontSize));
      if (span.code) {
        const std::size_t kept = word.find_last_not_of(' ');
        const float plate =
            font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.substr(0, kept + 1).c_str()).x;
        list->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + plate + 2, at.y + font->FontSize + 1),
                            colour::with_alpha(colour::grid, 0.6f), 3.0f);
      }
      list->AddText(font, font->FontSize, at, c, word.c_str());
      if (!span.link.empty() && mouse.x >= at.x && mouse.x < at.x + w && mouse.y >= at.y &&
          mouse.y < at.y + font->FontSize)
        hovered_link = span.link;
      x += w;
    }
  }
  ImGui::Dummy(ImVec2(width, y + line_h));
  if (!hovered_link.empty() && ImGui::IsWindowHovered()) ImGui::SetTooltip("%s", hovered_link.c_str());
}

void code_block(const MdBlock& b, const Fonts& fonts, int index) {
  int lines = 1;
  for (char ch : b.code) lines += ch == '\n';
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = static_cast<float>(lines) * fonts.mono->FontSize + 2.0f * style.WindowPadding.y +
                       style.ScrollbarSize + 4.0f;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(colour::canvas));
  ImGui::BeginChild(("code" + std::to_string(index)).c_str(), ImVec2(0, height), true,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PushFont(fonts.mono);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::TextUnformatted(b.code.c_str());
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void table_block(const MdBlock& b, int index) {
  std::size_t columns = 0;
  for (const auto& row : b.rows) columns = std::max(columns, row.size());
  if (columns == 0) return;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable(("table" + std::to_string(index)).c_str(), static_cast<int>(columns), flags)) return;
  for (std::size_t c = 0; c < columns; ++c)
    ImGui::TableSetupColumn(c < b.rows.front().size() ? b.rows.front()[c].c_str() : "");
  ImGui::TableHeadersRow();
  for (std::size_t r = 1; r < b.rows.size(); ++r) {
    ImGui::TableNextRow();
    for (std::size_t c = 0; c < b.rows[r].size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c));
      ImGui::TextWrapped("%s", b.rows[r][c].c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void draw_markdown(const std::string& text, const Fonts& fonts) {
  const std::vector<MdBlock>& blocks = parsed(text);
  const float indent = ImGui::GetFontSize() * 1.4f;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const MdBlock& b = blocks[i];
    const int index = static_cast<int>(i);
    switch (b.kind) {
      case MdKind::heading: {
        ImGui::Spacing();
        ImFont* font = b.level <= 1 ? fonts.caption : b.level == 2 ? fonts.heading : fonts.bold;
        draw_spans(b.spans, fonts, font, colour::text);
        if (b.level <= 2) ImGui::Separator();
        break;
      }
      case MdKind::paragraph:
      case MdKind::quote: {
        if (b.spans.empty()) break;
        const float shift = indent * static_cast<float>(b.level);
        if (shift > 0) ImGui::Indent(shift);
        if (b.kind == MdKind::quote) {
          const ImVec2 at = ImGui::GetCursorScreenPos();
          ImGui::GetWindowDrawList()->AddRectFilled(
              ImVec2(at.x - 10, at.y), ImVec2(at.x - 7, at.y + ImGui::GetFontSize() + 4), colour::grid);
        }
        draw_spans(b.spans, fonts, fonts.ui, b.kind == MdKind::quote ? colour::text_dim : colour::text);
        if (shift > 0) ImGui::Unindent(shift);
        ImGui::Spacing();
        break;
      }
      case MdKind::list_item: {
        const float shift = indent * static_cast<float>(std::max(0, b.level - 1));
        if (shift > 0) ImGui::Indent(shift);
        const std::string marker = b.ordered ? std::to_string(b.number) + "." : "\xE2\x80\xA2";
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(at.x, at.y + 1),
                                            colour::text_dim, marker.c_str());
        ImGui::Indent(indent);
        draw_spans(b.spans, fonts, fonts.ui, colour::text);
        ImGui::Unindent(indent);
        if (shift > 0) ImGui::Unindent(shift);
        break;
      }
      case MdKind::code:
        code_block(b, fonts, index);
        ImGui::Spacing();
        break;
      case MdKind::table:
        table_block(b, index);
        ImGui::Spacing();
        break;
      case MdKind::image: {
        // A picture the panel does not draw: a placeholder line with its description and file.
        auto span = [](std::string text, bool code) {
          MdSpan out;
          out.text = std::move(text);
          out.code = code;
          return out;
        };
        const std::vector<MdSpan> line = {span("\xE2\x96\xA3 picture: ", false),
                                          span(b.plain().empty() ? "(no description)" : b.plain(), false),
                                          span("  \xE2\x80\x94  ", false), span(b.code, true)};
        draw_spans(line, fonts, fonts.ui, colour::text_dim);
        ImGui::Spacing();
        break;
      }
      case MdKind::rule:
        ImGui::Separator();
        break;
    }
  }
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
