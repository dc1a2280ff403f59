// The pieces both screens share.
#include "screen_parts.hpp"

#include <algorithm>
#include <cfloat>
#include <string>
#include <vector>

#include "format.hpp"
#include "model/key_events.hpp"
#include "model/step_text.hpp"
#include "views/chart_parts.hpp"

namespace gridlock::viewer {

namespace {

// The trace's notices, one per paragraph.
std::string notices_text(const trace::Trace& t) {
  std::string text;
  for (const std::string& n : t.notices) text += (text.empty() ? "" : "\n\n") + n;
  return text;
}

// Who produced the trace and its first timing, shortened until it fits `room` pixels: without
// the timing, then the GPUs' names alone; empty when not even those fit.
std::string producer_line(const trace::Trace& t, float room) {
  const bool model = t.producer.kind == trace::ProducerKind::model;
  const std::string who = model ? "model" : producer_summary(t.producer);
  std::vector<std::string> candidates;
  if (!t.timings.empty())
    candidates.push_back(who + "  \xC2\xB7  " + t.timings.front().name + " " +
                         format_duration(t.timings.front().median_ns));
  candidates.push_back(who);
  if (!model) candidates.push_back(format_devices(t.producer.devices));
  for (const std::string& c : candidates)
    if (ImGui::CalcTextSize(c.c_str()).x <= room) return c;
  return {};
}

void header_markers(const trace::Trace& t, float line_y) {
  if (!t.notices.empty()) {
    ImGui::SameLine(0, 12);
    ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, line_y));
    const std::string text = "\xE2\x9A\xA0 " + format_count(static_cast<int64_t>(t.notices.size()), "notice");
    draw_marker(text, colour::with_alpha(colour::notice, 0.22f), colour::notice, notices_text(t));
  }
}

}  // namespace

// A draggable bar between two panels; returns the new share of `total` for the first one.
void frame_last_child() {
  ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                      ImGui::GetColorU32(ImGuiCol_Border), ImGui::GetStyle().ChildRounding, 0,
                                      ImGui::GetStyle().ChildBorderSize);
}

float draw_splitter(const char* id, bool vertical, float share, float total, float thickness) {
  const ImVec2 size = vertical ? ImVec2(thickness, ImGui::GetContentRegionAvail().y)
                               : ImVec2(ImGui::GetContentRegionAvail().x, thickness);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, size);
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered() || active)
    ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  const ImU32 c = active ? colour::dst : ImGui::IsItemHovered() ? colour::text_dim : colour::grid;
  ImDrawList* list = ImGui::GetWindowDrawList();
  if (vertical) {
    const float x = at.x + thickness * 0.5f, y = at.y + size.y * 0.5f;
    list->AddLine(ImVec2(x, y - 20), ImVec2(x, y + 20), c, 3.0f);
  } else {
    const float x = at.x + size.x * 0.5f, y = at.y + thickness * 0.5f;
    list->AddLine(ImVec2(x - 20, y), ImVec2(x + 20, y), c, 3.0f);
  }
  if (active && total > 0) {
    const float delta = vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
    share += delta / total;
  }
  return std::clamp(share, 0.25f, 0.8f);
}

// A small rounded label at the cursor, on the current line, with a tooltip while hovered.
void draw_marker(const std::string& text, ImU32 fill, ImU32 ink, const std::string& tip) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(ImVec2(at.x, at.y - 1), ImVec2(at.x + size.x + 14, at.y + size.y + 3), fill, 5.0f);
  list->AddText(ImVec2(at.x + 7, at.y + 1), ink, text.c_str());
  ImGui::Dummy(ImVec2(size.x + 14, size.y + 2));
  if (!tip.empty()) wrapped_tooltip(tip);
}

int next_view_key(int shown, int count) {
  if (count < 2 || ImGui::GetIO().WantTextInput) return shown;
  if (frame_keys().pressed_plain('V', false)) return (shown + 1) % count;
  if (frame_keys().pressed_plain('V', true)) return (shown + count - 1) % count;
  return shown;
}

void wrapped_tooltip(const std::string& text, float width_in_fonts) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * width_in_fonts);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void draw_trace_header(const trace::Trace& t, const std::string& file_name, const Fonts& fonts) {
  ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted(t.lesson_title.empty() ? t.lesson_id.c_str() : t.lesson_title.c_str());
  ImGui::PopFont();
  const float base = ImGui::GetItemRectMax().y;
  if (!t.technique.empty()) {
    ImGui::SameLine(0, 14);
    const ImVec2 size = ImGui::CalcTextSize(t.technique.c_str());
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 box_min(at.x, base - size.y - 5), box_max(at.x + size.x + 14, base - 1);
    ImGui::GetWindowDrawList()->AddRectFilled(box_min, box_max, IM_COL32(60, 70, 95, 255), 5.0f);
    ImGui::GetWindowDrawList()->AddText(ImVec2(at.x + 7, box_min.y + 2), colour::text, t.technique.c_str());
    ImGui::Dummy(ImVec2(size.x + 14, 1));
  }
  ImGui::SameLine(0, 14);
  const float line_y = base - ImGui::GetTextLineHeight() - 2;
  ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, line_y));
  ImGui::TextDisabled("%s", file_name.c_str());
  header_markers(t, line_y);

  ImGui::SameLine();
  const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetCursorPosX() - 20;
  const std::string who = producer_line(t, room);
  ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(who.c_str()).x);
  ImGui::TextUnformatted(who.c_str());

  if (t.producer.kind == trace::ProducerKind::model) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const std::string text = "Produced by a model, not measured on a GPU" +
                             (t.producer.model.empty() ? std::string() : ": " + t.producer.model);
    // One line; where the model's description is cut, it ends in an ellipsis and the whole of it
    // is a hover away (and in the claims panel).
    const float h = fonts.bold->FontSize + 10;
    const std::string shown = cut_to_width(fonts.bold, fonts.bold->FontSize, text, width - 24);
    const bool cut = shown != text;
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(at, ImVec2(at.x + width, at.y + h), colour::model_banner, 5.0f);
    list->AddText(fonts.bold, fonts.bold->FontSize, ImVec2(at.x + 12, at.y + 5), colour::model_banner_text,
                  shown.c_str());
    ImGui::Dummy(ImVec2(width, h));
    if (cut) wrapped_tooltip(text, 36.0f);
  }
}

void draw_step_caption(const trace::Step& step, const Fonts& fonts, ImFont* caption, ImFont* detail_font,
                       const std::string& why, bool short_why) {
  // The label in the caption font; in a smaller one where it would be cut, wrapped where even
  // the body font's bold is too wide.
  const float label_room = ImGui::GetContentRegionAvail().x;
  auto label_width = [&](ImFont* f) {
    return f->CalcTextSizeA(f->FontSize, FLT_MAX, 0.0f, step.label.c_str()).x;
  };
  if (label_width(caption) > label_room)
    caption = label_width(fonts.heading) <= label_room ? fonts.heading : fonts.bold;
  ImGui::PushFont(caption);
  if (label_width(caption) <= label_room)
    ImGui::TextUnformatted(step.label.c_str());
  else
    ImGui::TextWrapped("%s", step.label.c_str());
  ImGui::PopFont();
  if (!step.detail.empty()) {
    // The detail beside the label, on its baseline; in the body font where the larger one
    // would not fit.
    const std::string detail = kDetailSeparator + step.detail;
    const ImVec2 label_min = ImGui::GetItemRectMin(), label_max = ImGui::GetItemRectMax();
    const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - label_max.x;
    auto width = [&](ImFont* f) { return f->CalcTextSizeA(f->FontSize, FLT_MAX, 0.0f, detail.c_str()).x; };
    ImFont* font = width(detail_font) <= room ? detail_font : width(fonts.ui) <= room ? fonts.ui : nullptr;
    if (font) {
      const float y = label_min.y + caption->Ascent - font->Ascent;
      ImGui::GetWindowDrawList()->AddText(font, font->FontSize, ImVec2(label_max.x, y), colour::text_dim,
                                          detail.c_str());
    } else {  // on a line of its own
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
      ImGui::TextWrapped("%s", step.detail.c_str());
      ImGui::PopStyleColor();
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
  ImGui::TextWrapped("%s", step.note.empty() ? " " : step.note.c_str());
  ImGui::PopStyleColor();
  if (why.empty()) return;
  ImGui::PushFont(fonts.bold);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::highlight_mark), "Why");
  ImGui::PopFont();
  ImGui::SameLine();
  if (!short_why) {
    ImGui::TextWrapped("%s", why.c_str());
    return;
  }
  const std::string line = cut_to_width(fonts.ui, fonts.ui->FontSize, why, ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(line.c_str());
  if (line != why) wrapped_tooltip(why);
}

void draw_caption_line(const trace::Trace& trace, int step, const Fonts& fonts) {
  const bool stepped = step >= 0 && step < static_cast<int>(trace.steps.size());
  const trace::Step none{};
  const trace::Step& s = stepped ? trace.steps[static_cast<std::size_t>(step)] : none;
  const std::string label = stepped ? s.label : "Timings";
  const std::string detail = stepped ? (s.detail.empty() ? "" : kDetailSeparator + s.detail) : "";
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float room = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float used = paint_fitted_text(list, fonts.bold, fonts.bold->FontSize, at, colour::text, label, room);
  if (used < room && !detail.empty())
    paint_fitted_text(list, fonts.ui, fonts.ui->FontSize, ImVec2(at.x + used, at.y), colour::text_dim, detail,
                      room - used);
  ImGui::Dummy(ImVec2(room, ImGui::GetTextLineHeight()));
  if (stepped) wrapped_tooltip(label + detail + (s.note.empty() ? "" : "\n\n" + s.note));
}

void draw_trace_caption(const trace::Trace& trace, int step, const Fonts& fonts, ImFont* caption,
                        ImFont* detail, const std::vector<std::string>& whys, bool short_why) {
  if (step >= 0 && step < static_cast<int>(trace.steps.size())) {
    const auto k = static_cast<std::size_t>(step);
    return draw_step_caption(trace.steps[k], fonts, caption, detail,
                             k < whys.size() ? whys[k] : std::string(), short_why);
  }
  trace::Step timings_only;
  timings_only.label = "Timings";
  timings_only.detail = format_count(static_cast<int64_t>(trace.timings.size()), "measurement");
  timings_only.note = "Timed, not traced: no steps to play; the Timings view charts the measurements.";
  draw_step_caption(timings_only, fonts, caption, detail);
}

}  // namespace gridlock::viewer
