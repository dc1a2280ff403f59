// The source panel.
#include "panels/source_panel.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>
#include <string_view>

#include "model/source_text.hpp"
#include "trace/source_lookup.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

namespace {

const std::set<std::string>& keywords() {
  static const std::set<std::string> words = {"__global__",
                                              "__device__",
                                              "__host__",
                                              "__shared__",
                                              "__constant__",
                                              "__restrict__",
                                              "__syncthreads",
                                              "__syncwarp",
                                              "__threadfence",
                                              "__syncthreads_or",
                                              "__shfl_down_sync",
                                              "__shfl_sync",
                                              "atomicAdd",
                                              "atomicCAS",
                                              "atomicExch",
                                              "atomicOr",
                                              "atomicMax",
                                              "threadIdx",
                                              "blockIdx",
                                              "blockDim",
                                              "gridDim",
                                              "warpSize",
                                              "volatile",
                                              "const",
                                              "constexpr",
                                              "static",
                                              "inline",
                                              "template",
                                              "typename",
                                              "struct",
                                              "class",
                                              "namespace",
                                              "using",
                                              "return",
                                              "if",
                                              "else",
                                              "for",
                                              "while",
                                              "do",
                                              "break",
                                              "continue",
                                              "switch",
                                              "case",
                                              "default",
                                              "int",
                                              "unsigned",
                                              "float",
                                              "double",
                                              "bool",
                                              "void",
                                              "auto",
                                              "char",
                                              "long",
                                              "short",
                                              "size_t",
                                              "int64_t",
                                              "uint32_t",
                                              "int32_t",
                                              "true",
                                              "false",
                                              "nullptr"};
  return words;
}

std::string expand_tabs(const std::string& line) {
  std::string out;
  for (char c : line) {
    if (c == '\t')
      out.append(4 - out.size() % 4, ' ');
    else if (c != '\r')
      out.push_back(c);
  }
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::vector<SourceLine> highlight_source(const std::string& text) {
  std::vector<SourceLine> lines;
  bool in_block_comment = false;
  for (std::string_view raw : trace::split_lines(text)) {
    SourceLine line;
    line.text = expand_tabs(std::string(raw));
    const std::string& s = line.text;
    std::size_t i = 0;
    auto span = [&](std::size_t b, std::size_t e, ImU32 c) {
      if (e > b) line.spans.push_back({b, e - b, c});
    };
    while (i < s.size()) {
      if (in_block_comment) {
        std::size_t close = s.find("*/", i);
        std::size_t e = close == std::string::npos ? s.size() : close + 2;
        span(i, e, colour::code_comment);
        in_block_comment = close == std::string::npos;
        i = e;
      } else if (s.compare(i, 2, "//") == 0) {
        const bool phase = trace::is_phase_comment(std::string_view(s).substr(i));
        span(i, s.size(), phase ? colour::code_phase : colour::code_comment);
        i = s.size();
      } else if (s.compare(i, 2, "/*") == 0) {
        std::size_t close = s.find("*/", i + 2);
        std::size_t e = close == std::string::npos ? s.size() : close + 2;
        span(i, e, colour::code_comment);
        in_block_comment = close == std::string::npos;
        i = e;
      } else if (word_char(s[i])) {
        std::size_t e = i;
        while (e < s.size() && word_char(s[e])) ++e;
        std::string word = s.substr(i, e - i);
        ImU32 c = std::isdigit(static_cast<unsigned char>(s[i])) ? colour::code_number
                  : keywords().count(word)                       ? colour::code_keyword
                                                                 : colour::text;
        span(i, e, c);
        i = e;
      } else {
        std::size_t e = i;
        while (e < s.size() && !word_char(s[e]) && s.compare(e, 2, "//") != 0 && s.compare(e, 2, "/*") != 0)
          ++e;
        span(i, e, colour::text);
        i = e;
      }
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

namespace {

// The source the step points into; nullptr when the trace has none.
const trace::Source* source_of(const trace::Trace& trace, const trace::Step* step) {
  if (trace.sources.empty()) return nullptr;
  const int index = step ? step->source : 0;
  if (index < 0 || index >= static_cast<int>(trace.sources.size())) return &trace.sources.front();
  return &trace.sources[static_cast<std::size_t>(index)];
}

bool lights_source(const trace::Step* step, int source) {
  if (!step) return false;
  for (const trace::SourceLines& l : step->lights)
    if (l.source == source) return true;
  return false;
}

// One tab per carried source, the step's own first as the trace lists it; a dot marks the files
// the step lights. Returns the source to show.
int source_tabs(SourcePanelState& state, const trace::Trace& trace, const trace::Step* step,
                int step_source) {
  if (trace.sources.size() < 2) return step_source;
  int shown =
      state.shown >= 0 && state.shown < static_cast<int>(trace.sources.size()) ? state.shown : step_source;
  if (ImGui::BeginTabBar("sources", ImGuiTabBarFlags_FittingPolicyScroll)) {
    for (int i = 0; i < static_cast<int>(trace.sources.size()); ++i) {
      const trace::Source& s = trace.sources[static_cast<std::size_t>(i)];
      const std::string name = s.file.substr(s.file.find_last_of('/') + 1);
      const bool lit = i == step_source || lights_source(step, i);
      const std::string label = (lit ? "\xE2\x80\xA2 " : "") + name + "##source" + std::to_string(i);
      ImGuiTabItemFlags flags = state.select_shown && i == shown ? ImGuiTabItemFlags_SetSelected : 0;
      if (s.role == trace::SourceRole::recording)
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      const bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
      if (s.role == trace::SourceRole::recording) ImGui::PopStyleColor();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\n%s%s", s.file.c_str(),
                          s.role == trace::SourceRole::kernel      ? "the lesson's kernel"
                          : s.role == trace::SourceRole::technique ? "technique code the kernel runs"
                                                                   : "code that only records",
                          lit && i != step_source ? "; this step runs the lit lines" : "");
      if (open) {
        if (state.select_shown && i == shown) state.select_shown = false;  // the asked-for tab is open
        if (!state.select_shown && i != shown) state.shown = i;            // a click on another
        if (!state.select_shown) shown = i;
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  return shown;
}

// Rebuilds the coloured lines when the step points into another source.
void follow_source(SourcePanelState& state, const trace::Source* source) {
  const std::string& hash = source ? source->hash : std::string();
  const std::string& file = source ? source->file : std::string();
  if (state.source_hash == hash && state.source_file == file &&
      !(state.lines.empty() && source && !source->text.empty()))
    return;
  state.source_hash = hash;
  state.source_file = file;
  state.lines = source ? highlight_source(source->text) : std::vector<SourceLine>();
  state.recording = source ? recording_lines(*source) : std::vector<bool>();
  state.recording.resize(state.lines.size(), false);
  state.widest = 0;
  for (const SourceLine& line : state.lines) state.widest = std::max(state.widest, line.text.size());
  state.scrolled_for_step = -1;
  state.work_for_begin = state.work_for_end = 0;
}

// The lines that do the step's work, found once per phase range: those the step lights inside its
// own phase where the lesson names them, else the ones work_lines finds.
void follow_phase(SourcePanelState& state, const trace::Source* source, int begin, int end,
                  const std::vector<std::pair<int, int>>& lights) {
  if (state.work_for_source == source && state.work_for_begin == begin && state.work_for_end == end &&
      state.work_for_lights == lights)
    return;
  state.work_for_source = source;
  state.work_for_begin = begin;
  state.work_for_end = end;
  state.work_for_lights = lights;
  state.work_lines = source && begin > 0 ? step_work_lines(*source, begin, end, lights) : std::vector<int>();
}

// "line 48" or "lines 48, 52" or "lines 42–54".
std::string lines_text(const std::vector<int>& lines, int begin, int end) {
  if (lines.empty())
    return begin == end ? "line " + std::to_string(begin)
                        : "lines " + std::to_string(begin) + "\xE2\x80\x93" + std::to_string(end);
  std::string text = lines.size() == 1 ? "line " : "lines ";
  for (std::size_t i = 0; i < lines.size(); ++i) text += (i ? ", " : "") + std::to_string(lines[i]);
  return text;
}

void heading(SourcePanelState& state, const trace::Trace& trace, const trace::Source* source, int begin,
             int end) {
  // The phase's lines, or the lines that do the step's work where they are known.
  const bool toggle =
      std::find(state.recording.begin(), state.recording.end(), true) != state.recording.end();
  const char* label = "dim recording";
  const float toggle_w = toggle ? ImGui::CalcTextSize(label).x + ImGui::GetFrameHeight() +
                                      ImGui::GetStyle().ItemInnerSpacing.x + 16
                                : 0;
  // The path, the source's number and the lines; where they leave no room for the toggle, the
  // file's name alone, then without the source's number, then cut at the toggle.
  const std::string path = !source || source->file.empty() ? "kernel source" : source->file;
  const std::string file = path.substr(path.find_last_of('/') + 1);
  std::string which;
  if (trace.sources.size() > 1 && source)
    which = "  (" + std::to_string(static_cast<int>(source - trace.sources.data()) + 1) + " of " +
            std::to_string(trace.sources.size()) + " sources)";
  const std::string lines = begin > 0 ? "  \xC2\xB7 " + lines_text(state.work_lines, begin, end) : "";
  const float room = ImGui::GetContentRegionAvail().x - toggle_w;
  std::string shown;
  for (const std::string& choice : {path + which + lines, file + which + lines, file + lines}) {
    shown = choice;
    if (ImGui::CalcTextSize(shown.c_str()).x <= room) break;
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushClipRect(at, ImVec2(at.x + std::max(room - 8, 0.0f), at.y + ImGui::GetTextLineHeight()), true);
  ImGui::TextDisabled("%s", shown.c_str());
  ImGui::PopClipRect();
  if (ImGui::IsItemHovered() && source)
    ImGui::SetTooltip("%s%s%s", path.c_str(), which.c_str(), lines.c_str());
  if (!toggle) return;
  ImGui::SameLine(
      std::max(ImGui::GetCursorPosX() + 12, ImGui::GetWindowContentRegionMax().x - toggle_w + 16));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(3, 0));
  ImGui::Checkbox(label, &state.dim_recording);
  ImGui::PopStyleVar();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Dims the lines that only record what happened, so the kernel reads as the technique: "
        "the lines the compiler gave code only in the recording kernels. The timed run compiles "
        "them to nothing.");
}

}  // namespace

void draw_source_panel(SourcePanelState& state, const trace::Trace& trace, int step, const Fonts& fonts) {
  const trace::Step* current = step >= 0 && step < static_cast<int>(trace.steps.size())
                                   ? &trace.steps[static_cast<std::size_t>(step)]
                                   : nullptr;
  const trace::Source* step_source = source_of(trace, current);
  const int step_index = step_source ? static_cast<int>(step_source - trace.sources.data()) : -1;
  const int shown = source_tabs(state, trace, current, step_index);
  const trace::Source* source = shown >= 0 && shown < static_cast<int>(trace.sources.size())
                                    ? &trace.sources[static_cast<std::size_t>(shown)]
                                    : step_source;
  follow_source(state, source);
  std::vector<std::pair<int, int>> lights;  // the lines the step lights in the shown source
  if (current)
    for (const trace::SourceLines& l : current->lights)
      if (l.source == shown) lights.emplace_back(l.line_begin, l.line_end);
  // The phase is in the step's own source; another is scrolled to and labelled by its lit lines.
  int begin = 0, end = 0;
  if (shown == step_index && current) {
    begin = current->line_begin;
    end = std::max(current->line_end, current->line_begin);
  } else if (!lights.empty()) {
    begin = lights.front().first;
    end = lights.front().second;
  }
  follow_phase(state, shown == step_index ? source : nullptr, begin, end,
               shown == step_index ? lights : std::vector<std::pair<int, int>>());
  heading(state, trace, source, begin, end);
  auto in_light = [&](int number) {
    for (const auto& [first, last] : lights)
      if (number >= first && number <= last) return true;
    return false;
  };
  // The lines scrolled into view and lit in full: the work lines, or the whole phase.
  const int lit_first = state.work_lines.empty() ? begin : state.work_lines.front();
  const int lit_last = state.work_lines.empty() ? end : state.work_lines.back();
  auto is_work = [&](int number) {
    return state.work_lines.empty()
               ? number >= begin && number <= end
               : std::binary_search(state.work_lines.begin(), state.work_lines.end(), number);
  };
  // Columns by the monospaced font's own advance: ImGui::CalcTextSize rounds up to whole pixels,
  // which would open a gap after every long word.
  const float char_w = fonts.mono->GetCharAdvance('0');
  const int count = static_cast<int>(state.lines.size());
  const int digits = std::max(3, static_cast<int>(std::to_string(count).size()));
  const float gutter = char_w * static_cast<float>(digits) + 22.0f;
  // The content is as wide as the longest line, so the scrollbar reaches every line's end.
  ImGui::SetNextWindowContentSize(ImVec2(gutter + char_w * static_cast<float>(state.widest) + 16.0f, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(colour::canvas));
  ImGui::BeginChild("source-lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts.mono);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  const float line_h = ImGui::GetTextLineHeight() + 3.0f;

  if ((state.scrolled_for_step != step || state.scrolled_for_source != shown) && begin > 0) {
    const float top = static_cast<float>(lit_first - 1) * line_h;
    const float bottom = static_cast<float>(lit_last) * line_h;
    const float view_top = ImGui::GetScrollY(), view_h = ImGui::GetWindowHeight();
    // Out of view: the whole phase from its comment where it fits, else the lit lines a quarter down.
    const float phase_top = static_cast<float>(begin - 2) * line_h,
                phase_bottom = static_cast<float>(end) * line_h;
    const bool phase_fits = phase_bottom - phase_top <= view_h - 2.0f * line_h;
    if (top < view_top || bottom > view_top + view_h)
      ImGui::SetScrollY(std::max(0.0f, phase_fits ? phase_top : top - view_h * 0.25f));
    state.scrolled_for_step = step;
    state.scrolled_for_source = shown;
  }

  ImDrawList* list = ImGui::GetWindowDrawList();
  const float width = std::max(ImGui::GetWindowContentRegionWidth(), 10.0f);
  ImGuiListClipper clipper;
  clipper.Begin(count, line_h);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const int number = i + 1;
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const bool in_phase = (number >= begin && number <= end) || in_light(number);
      // A line that only records is never the step's work, even inside a range the step lights.
      const bool records = state.recording[static_cast<std::size_t>(i)];
      const bool lit = !records && (in_light(number) || (in_phase && is_work(number)));
      if (in_phase) {  // the phase shaded, its work lines lit and marked
        list->AddRectFilled(at, ImVec2(at.x + width + ImGui::GetScrollX(), at.y + line_h),
                            lit ? colour::highlight_line : colour::with_alpha(colour::highlight_line, 0.35f));
        if (lit) list->AddRectFilled(at, ImVec2(at.x + 4, at.y + line_h), colour::highlight_mark);
      }
      char label[32];
      std::snprintf(label, sizeof label, "%*d", std::min(digits, 9), number);
      list->AddText(ImVec2(at.x + 8, at.y + 1.5f), lit ? colour::highlight_mark : colour::line_number, label);
      const SourceLine& line = state.lines[static_cast<std::size_t>(i)];
      const bool dim = state.dim_recording && records;
      for (const SourceSpan& s : line.spans) {
        const char* text = line.text.c_str() + s.begin;
        list->AddText(ImVec2(at.x + gutter + char_w * static_cast<float>(s.begin), at.y + 1.5f),
                      dim ? colour::with_alpha(s.colour, 0.32f) : s.colour, text, text + s.length);
      }
      ImGui::Dummy(ImVec2(gutter + char_w * static_cast<float>(line.text.size()), line_h));
    }
  }
  ImGui::PopStyleVar();
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

}  // namespace gridlock::viewer
