// The lesson panel.
#include "panels/lesson_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
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

using FactWhere = std::function<std::optional<std::string>(const std::string&)>;

// Inline text wrapped at the window's right edge, each span in its own font and colour: bold
// text in bold, code in the monospace font on a faint plate, links in the link colour (their
// target in a tooltip), fact markers that lead somewhere (`fact_where`) underlined in it, a click
// on one returned. `base`: the font of plain text (headings pass theirs).
std::optional<std::string> draw_spans(const std::vector<MdSpan>& spans, const Fonts& fonts, ImFont* base,
                                      ImU32 ink, const FactWhere& fact_where = {},
                                      const std::function<bool(const std::string&)>& scroll_here = {}) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float width = std::max(40.0f, right - origin.x);
  const float line_h =
      std::max(base->FontSize, fonts.mono->FontSize) + 0.25f * ImGui::GetStyle().ItemSpacing.y + 2.0f;
  float x = 0, y = 0;
  std::string hovered_link, hovered_fact;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const MdSpan& span : spans) {
    ImFont* font = span.code ? fonts.mono : span.strong && base == fonts.ui ? fonts.bold : base;
    std::optional<std::string> fact_tip;
    if (!span.fact.empty() && fact_where) fact_tip = fact_where(span.fact);
    bool scroll = !span.fact.empty() && scroll_here && scroll_here(span.fact);  // to its first word
    const ImU32 c = fact_tip || !span.link.empty() ? colour::dst : span.code ? colour::code_number : ink;
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
      if (scroll) ImGui::SetScrollFromPosY(at.y - ImGui::GetWindowPos().y, 0.4f);
      scroll = false;
      if (span.code) {
        const std::size_t kept = word.find_last_not_of(' ');
        const float plate =
            font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.substr(0, kept + 1).c_str()).x;
        list->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + plate + 2, at.y + font->FontSize + 1),
                            colour::with_alpha(colour::grid, 0.6f), 3.0f);
      }
      list->AddText(font, font->FontSize, at, c, word.c_str());
      const bool over =
          mouse.x >= at.x && mouse.x < at.x + w && mouse.y >= at.y && mouse.y < at.y + font->FontSize;
      if (fact_tip) {
        const std::size_t kept = word.find_last_not_of(' ');
        const float drawn =
            font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, word.substr(0, kept + 1).c_str()).x;
        const float under = at.y + font->FontSize + 1.0f;
        list->AddLine(ImVec2(at.x, under), ImVec2(at.x + drawn, under), c, 1.0f);
        if (over) hovered_fact = span.fact, hovered_link = *fact_tip;
      } else if (!span.link.empty() && over) {
        hovered_link = span.link;
      }
      x += w;
    }
  }
  ImGui::Dummy(ImVec2(width, y + line_h));
  if (hovered_link.empty() || !ImGui::IsWindowHovered()) return std::nullopt;
  ImGui::SetTooltip("%s", hovered_link.c_str());
  if (!hovered_fact.empty()) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return hovered_fact;
  }
  return std::nullopt;
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

// The fact marker of table `b`'s cell (r, c); empty where the cell holds none.
const std::string& cell_fact(const MdBlock& b, std::size_t r, std::size_t c) {
  static const std::string none;
  return r < b.cell_facts.size() && c < b.cell_facts[r].size() ? b.cell_facts[r][c] : none;
}

// The width of the longest word of `text`.
float longest_word(const std::string& text) {
  float widest = 0;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t to = std::min(text.find(' ', from), text.size());
    widest = std::max(widest, ImGui::CalcTextSize(text.c_str() + from, text.c_str() + to).x);
    from = to + 1;
  }
  return widest;
}

// The width a column of numbers needs to show each whole, and its header's longest word (0 when a
// cell of it is not a fact's number).
float numbers_width(const MdBlock& b, std::size_t c) {
  float widest = 0;
  for (std::size_t r = 1; r < b.rows.size(); ++r) {
    if (c >= b.rows[r].size() || cell_fact(b, r, c).empty()) return 0;
    widest = std::max(widest, ImGui::CalcTextSize(b.rows[r][c].c_str()).x);
  }
  return std::max(widest, longest_word(c < b.rows.front().size() ? b.rows.front()[c] : std::string()));
}

// The fixed widths of a table's columns of numbers (0 for the others): each its numbers' width,
// shrunk alike where together they would leave the other columns less than their longest words.
std::vector<float> numbers_widths(const MdBlock& b, std::size_t columns) {
  std::vector<float> widths(columns, 0.0f);
  float total = 0, words = 0;
  const float padding = 2.0f * ImGui::GetStyle().CellPadding.x + 2.0f;
  for (std::size_t c = 0; c < columns; ++c) {
    total += widths[c] = numbers_width(b, c);
    words += padding;
    if (widths[c] > 0) continue;
    float longest = 0;
    for (const auto& row : b.rows)
      if (c < row.size()) longest = std::max(longest, longest_word(row[c]));
    words += longest;
  }
  const float room =
      std::max(0.3f * ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().x - words);
  if (total > room)
    for (float& w : widths) w *= room / total;
  return widths;
}

// A column's share of a table's width: the width of its widest cell, header included, counted up
// to 300 px (a long sentence wraps instead of taking the table).
float text_weight(const MdBlock& b, std::size_t c) {
  float widest = 1;
  for (const auto& row : b.rows)
    if (c < row.size()) widest = std::max(widest, std::min(300.0f, ImGui::CalcTextSize(row[c].c_str()).x));
  return widest;
}

std::optional<std::string> table_block(const MdBlock& b, int index, const FactWhere& fact_where,
                                       const std::function<bool(const std::string&)>& scroll_here) {
  std::optional<std::string> clicked;
  std::size_t columns = 0;
  for (const auto& row : b.rows) columns = std::max(columns, row.size());
  if (columns == 0) return clicked;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable(("table" + std::to_string(index)).c_str(), static_cast<int>(columns), flags))
    return clicked;
  const std::vector<float> numbers = numbers_widths(b, columns);
  for (std::size_t c = 0; c < columns; ++c) {
    const char* name = c < b.rows.front().size() ? b.rows.front()[c].c_str() : "";
    if (numbers[c] > 0)
      ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed, numbers[c]);
    else  // shares the rest by how wide its text is, known from the first frame on
      ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, text_weight(b, c));
  }
  // The header row wraps its words as the cells do (TableHeadersRow would cut a long one off).
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (std::size_t c = 0; c < columns; ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c));
    ImGui::TextWrapped("%s", ImGui::TableGetColumnName(static_cast<int>(c)));
  }
  for (std::size_t r = 1; r < b.rows.size(); ++r) {
    ImGui::TableNextRow();
    for (std::size_t c = 0; c < b.rows[r].size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c));
      const std::string& fact = cell_fact(b, r, c);
      if (!fact.empty() && scroll_here && scroll_here(fact))  // to the row that holds the number
        ImGui::SetScrollFromPosY(ImGui::GetCursorScreenPos().y - ImGui::GetWindowPos().y, 0.4f);
      const std::optional<std::string> where = fact.empty() || !fact_where ? std::nullopt : fact_where(fact);
      if (!where) {
        ImGui::TextWrapped("%s", b.rows[r][c].c_str());
        continue;
      }
      // A cell that is a fact's number: the link colour, underlined, its place in the tooltip.
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::dst));
      ImGui::TextWrapped("%s", b.rows[r][c].c_str());
      ImGui::PopStyleColor();
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddLine(ImVec2(lo.x, hi.y), ImVec2(hi.x, hi.y), colour::dst, 1.0f);
      if (ImGui::IsItemHovered()) {
        ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        ImGui::SetTooltip("%s", where->c_str());
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) clicked = fact;
      }
    }
  }
  ImGui::EndTable();
  return clicked;
}

}  // namespace

std::optional<std::string> draw_markdown(const std::string& text, const Fonts& fonts,
                                         const FactWhere& fact_where,
                                         const std::function<bool(const std::string&)>& scroll_here) {
  std::optional<std::string> clicked;
  auto keep = [&](std::optional<std::string> c) {
    if (c) clicked = std::move(c);
  };
  const std::vector<MdBlock>& blocks = parsed(text);
  const float indent = ImGui::GetFontSize() * 1.4f;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const MdBlock& b = blocks[i];
    const int index = static_cast<int>(i);
    switch (b.kind) {
      case MdKind::heading: {
        ImGui::Spacing();
        ImFont* font = b.level <= 1 ? fonts.caption : b.level == 2 ? fonts.heading : fonts.bold;
        keep(draw_spans(b.spans, fonts, font, colour::text, fact_where, scroll_here));
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
        keep(draw_spans(b.spans, fonts, fonts.ui, b.kind == MdKind::quote ? colour::text_dim : colour::text,
                        fact_where, scroll_here));
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
        keep(draw_spans(b.spans, fonts, fonts.ui, colour::text, fact_where, scroll_here));
        ImGui::Unindent(indent);
        if (shift > 0) ImGui::Unindent(shift);
        break;
      }
      case MdKind::code:
        code_block(b, fonts, index);
        ImGui::Spacing();
        break;
      case MdKind::table:
        keep(table_block(b, index, fact_where, scroll_here));
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
  return clicked;
}

std::optional<FactLink> draw_lesson_panel(const std::string& readme, const std::string& readme_path,
                                          const std::string& trace_path, const trace::Trace& trace,
                                          const Fonts& fonts, std::string& scroll_to) {
  if (readme.empty()) {
    ImGui::TextDisabled("No README.md was found for this trace.");
    ImGui::TextDisabled("Looked beside %s", trace_path.c_str());
    return std::nullopt;
  }
  ImGui::TextDisabled("%s", readme_path.c_str());
  // Where each marker leads, worked out once per README and trace (not in every frame).
  struct Lead {
    std::optional<FactLink> link;    // set when the marker resolves to a trace
    bool shown = false;              // that trace is the one shown
    std::optional<std::string> tip;  // set when it leads somewhere: what the link's tooltip says
  };
  static std::string cached_for;
  static std::map<std::string, Lead> leads;
  const std::string identity = readme_path + "\n" + trace_path + "\n" + std::to_string(readme.size()) + "\n" +
                               std::to_string(reinterpret_cast<std::uintptr_t>(&trace));
  if (identity != cached_for) {
    cached_for = identity;
    leads.clear();
  }
  const auto lead_of = [&](const std::string& spec) -> const Lead& {
    auto found = leads.find(spec);
    if (found == leads.end()) {
      Lead lead;
      std::optional<FactLink> link = resolve_fact_link(readme, readme_path, spec);
      if (link && same_trace_file(link->trace_path, trace_path)) {
        lead.shown = true;
        if (const std::optional<FactPlace> place = fact_place(trace, link->key))
          lead.tip = "show where this number was taken: " + place->where;
        lead.link = std::move(link);
      } else if (link) {
        // Another trace's number: it opens that trace, where the number was taken when its fact
        // names an origin (the trace is not read until then).
        lead.tip = "open " + std::filesystem::path(link->trace_path).filename().string() +
                   ", the run this number was taken from";
        lead.link = std::move(link);
      }
      found = leads.emplace(spec, std::move(lead)).first;
    }
    return found->second;
  };
  const FactWhere where = [&](const std::string& spec) { return lead_of(spec).tip; };
  // The scroll asked for is made again over the panel's first frames: its width, and so where the
  // text wraps and how far down the number lies, settles only once the window has been laid out.
  static std::string scrolling_to;
  static int scroll_frames = 0;
  if (!scroll_to.empty()) {
    scrolling_to = std::exchange(scroll_to, std::string());
    scroll_frames = 8;
  }
  bool scrolled = false;  // to the number's first marker only
  const auto scroll_here = [&](const std::string& spec) {
    if (scroll_frames <= 0 || scrolled) return false;
    const Lead& lead = lead_of(spec);
    scrolled = lead.shown && lead.link->key == scrolling_to;
    return scrolled;
  };
  const std::optional<std::string> clicked = draw_markdown(readme, fonts, where, scroll_here);
  if (scroll_frames > 0) --scroll_frames;
  if (!clicked) return std::nullopt;
  return leads[*clicked].link;
}

}  // namespace gridlock::viewer
