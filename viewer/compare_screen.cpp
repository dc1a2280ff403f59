// The compare screen.
#include "compare_screen.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "layout_check.hpp"
#include "model/step_text.hpp"
#include "panels/compare_controls.hpp"
#include "panels/scrubber_markers.hpp"
#include "screen_parts.hpp"
#include "views/registry.hpp"

namespace gridlock::viewer {

namespace {

std::string side_label(const Document& d) { return d.trace.variant.empty() ? d.name : d.trace.variant; }

}  // namespace

CompareScreen::CompareScreen(std::unique_ptr<Document> a, std::unique_ptr<Document> b,
                             const ScreenSetup& setup, StartAt start)
    : animate_(setup.animate), layout_(setup.layout ? setup.layout : std::make_shared<PanelLayout>()) {
  sides_[0].document = std::move(a);
  sides_[1].document = std::move(b);
  for (Side& s : sides_) {
    s.views = make_views(s.document->trace, setup.views);
    s.label = side_label(*s.document);
  }
  if (sides_[0].label == sides_[1].label) {  // same variant: tell them apart by file
    sides_[0].label = sides_[0].document->name;
    sides_[1].label = sides_[1].document->name;
  }
  for (const std::string& name : view_names()) {
    for (const Side& s : sides_) {
      const auto v =
          std::find_if(s.views.begin(), s.views.end(), [&](const auto& v) { return name == v->name(); });
      if (v == s.views.end()) continue;
      tabs_.push_back({name, (*v)->title()});
      break;
    }
  }
  for (std::size_t i = 0; i < tabs_.size(); ++i)
    if (tabs_[i].name == setup.first_view) shown_ = static_cast<int>(i);
  cursor_ = CompareCursor(step_times(sides_[0].document->trace), step_times(sides_[1].document->trace));
  for (int side = 0; side < 2; ++side)
    side_markers_[static_cast<std::size_t>(side)] =
        event_markers(sides_[static_cast<std::size_t>(side)].document->trace);
  // Two runs on one kind of clock start together (their origins, taken before each run's first
  // launch, differ by launch overheads); clocks that measure different things (a model's ticks,
  // a GPU's ns) line up run to run.
  const bool same_clock = sides_[0].document->trace.clock.source == sides_[1].document->trace.clock.source;
  align(same_clock ? Alignment::first_events : Alignment::whole_runs);
  if (start.time_ns)
    cursor_.seek_time(*start.time_ns + (start.after_first_event ? cursor_.begin_ns() : 0));
  else if (start.step == -1)  // the end: both sides at their last step
    cursor_.last();
  else
    cursor_.seek_step(0, start.step < 0 ? cursor_.times(0).step_count() + start.step : start.step);
}

void CompareScreen::marker_keys() { handle_compare_marker_keys(cursor_, markers_); }

bool CompareScreen::animating() const {
  if (cursor_.playing()) return true;
  for (const Side& s : sides_)
    for (const auto& v : s.views)
      if (v->animating()) return true;
  return false;
}

void CompareScreen::align(Alignment alignment) {
  cursor_.align(alignment);
  markers_ = compare_markers(cursor_, side_markers_);
  full_ = padded_range(static_cast<double>(cursor_.begin_ns()), static_cast<double>(cursor_.end_ns()));
  range_ = full_;
}

void CompareScreen::alignment_combo() {
  static constexpr const char* kNames[] = {"own origins", "first events", "whole runs"};
  const int current = static_cast<int>(cursor_.alignment());
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("align");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("first events").x + ImGui::GetFrameHeight() + 24);
  if (ImGui::BeginCombo("##align", kNames[current])) {
    for (int i = 0; i < 3; ++i)
      if (ImGui::Selectable(kNames[i], i == current)) align(static_cast<Alignment>(i));
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "How the two clocks line up on the shared axis (each timeline still reads its own clock):\n"
        "own origins: t = 0 of both together (%s)\nfirst events: the second run shifted to start with the "
        "first\n"
        "whole runs: the second run stretched onto the first (for clocks that measure different things)",
        sides_[0].document->trace.clock.origin.empty() ? "the traces' t = 0"
                                                       : sides_[0].document->trace.clock.origin.c_str());
}

std::string CompareScreen::title() const {
  return sides_[0].document->name + " \xE2\x86\x94 " + sides_[1].document->name;
}

TraceView* CompareScreen::view_of(Side& side) const {
  if (tabs_.empty()) return nullptr;
  for (auto& v : side.views)
    if (tabs_[static_cast<std::size_t>(shown_)].name == v->name()) return v.get();
  return nullptr;
}

void CompareScreen::header(const Fonts& fonts, bool& keep_open) {
  picture_key(*layout_);
  if (!layout_->picture) title_row(fonts, keep_open);
  if (const int next = next_view_key(shown_, static_cast<int>(tabs_.size())); next != shown_) {
    shown_ = next;
    select_view_ = true;
  }
  if (tabs_.size() > 1 && ImGui::BeginTabBar("compare-views")) {
    for (std::size_t i = 0; i < tabs_.size(); ++i) {
      const ImGuiTabItemFlags flags =
          select_view_ && static_cast<int>(i) == shown_ ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(tabs_[i].title.c_str(), nullptr, flags)) {
        if (!select_view_) shown_ = static_cast<int>(i);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  select_view_ = false;
}

// "Compare", the lessons' title, the alignment and the close button.
void CompareScreen::title_row(const Fonts& fonts, bool& keep_open) {
  const trace::Trace& a = sides_[0].document->trace;
  const trace::Trace& b = sides_[1].document->trace;
  const std::string& ta = a.lesson_title.empty() ? a.lesson_id : a.lesson_title;
  const std::string& tb = b.lesson_title.empty() ? b.lesson_id : b.lesson_title;
  const std::string title = ta == tb ? ta : ta + "  \xE2\x86\x94  " + tb;
  // "Compare" and the lessons' title, clipped where the controls at the right begin.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float controls_w = ImGui::CalcTextSize("Close comparison").x + 2 * style.FramePadding.x + 24 +
                           ImGui::CalcTextSize("align first events").x + 2 * ImGui::GetFrameHeight() + 48;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - controls_w;
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float y = at.y + 0.5f * (ImGui::GetFrameHeight() - fonts.heading->FontSize);
  list->AddText(fonts.heading, fonts.heading->FontSize, ImVec2(at.x, y), colour::text, "Compare");
  const float x = at.x + fonts.heading->CalcTextSizeA(fonts.heading->FontSize, FLT_MAX, 0, "Compare").x + 12;
  list->PushClipRect(ImVec2(x, at.y), ImVec2(std::max(x, right - 12), at.y + ImGui::GetFrameHeight()), true);
  list->AddText(fonts.heading, fonts.heading->FontSize, ImVec2(x, y), colour::text_dim, title.c_str());
  list->PopClipRect();
  ImGui::SetCursorScreenPos(ImVec2(std::max(right, x + 80), at.y));
  alignment_combo();
  ImGui::SameLine(0, 24);
  if (ImGui::Button("Close comparison")) keep_open = false;
}

void CompareScreen::column(int side, float seconds, const Fonts& fonts, HeatStripRenderer& heat,
                           std::optional<int64_t>& seek_shared) {
  Side& s = sides_[static_cast<std::size_t>(side)];
  const trace::Trace& t = s.document->trace;
  const int step = cursor_.step(side);
  // The label: a pill in the side's colour, then the file and the step's position.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushFont(fonts.bold);
  const ImVec2 size = ImGui::CalcTextSize(s.label.c_str());
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(at, ImVec2(at.x + size.x + 16, at.y + size.y + 6),
                      colour::sides[static_cast<std::size_t>(side)], 6.0f);
  list->AddText(ImVec2(at.x + 8, at.y + 3), colour::model_banner_text, s.label.c_str());
  ImGui::Dummy(ImVec2(size.x + 16, size.y + 6));
  ImGui::PopFont();
  ImGui::SameLine(0, 12);
  if (layout_->picture) {
    // The picture mode: the step's caption on the pill's line, the file and position on hover.
    draw_caption_line(t, step, fonts);
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s  \xC2\xB7  %s", s.document->name.c_str(),
                        step_position(step, static_cast<int>(t.steps.size())).c_str());
  }
  // The caption, padded to the taller side's (as measured last frame) so that both views start
  // at one height and their rows line up.
  const float caption_top = ImGui::GetCursorPosY();
  if (!layout_->picture) draw_trace_caption(t, step, fonts, fonts.bold, fonts.ui);
  const float caption_h = ImGui::GetCursorPosY() - caption_top;
  caption_h_[static_cast<std::size_t>(side)] = caption_h;
  const float taller = std::max(caption_h_[0], caption_h_[1]);
  if (taller > caption_h) ImGui::SetCursorPosY(caption_top + taller);
  ImGui::BeginChild("view", ImVec2(0, 0), true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  canvas_rects().push_back(ImVec4(ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                  ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                  ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  if (TraceView* view = view_of(s)) {
    std::optional<int64_t> seek;  // on this side's clock
    const ViewFrame frame{t,
                          cursor_.cursor(side),
                          cursor_.times(side),
                          cursor_.playing(),
                          cursor_.speed(),
                          animate_,
                          seconds,
                          fonts,
                          heat,
                          &range_,
                          &full_,
                          cursor_.map(side),
                          &seek};
    view->draw(frame);
    if (seek) seek_shared = cursor_.map(side).to_shared(*seek);
  } else if (!tabs_.empty()) {
    ImGui::TextDisabled("The %s view does not apply to %s.",
                        tabs_[static_cast<std::size_t>(shown_)].name.c_str(), s.document->name.c_str());
  }
  ImGui::EndChild();
}

bool CompareScreen::draw(float seconds, const Fonts& fonts, HeatStripRenderer& heat) {
  cursor_.advance(seconds);
  bool keep_open = true;
  header(fonts, keep_open);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The buttons' row, the scrubber's phase labels above it, and the padding; none in the picture
  // mode, where the keys still play and step.
  const float controls_h = layout_->picture ? 0.0f
                                            : ImGui::GetFrameHeight() + 0.8f * ImGui::GetFontSize() +
                                                  2.0f * ImGui::GetStyle().WindowPadding.y + 10.0f;
  const float gap = 12.0f;
  const float column_w = std::floor(0.5f * (avail.x - gap));
  const float column_h = avail.y - controls_h - ImGui::GetStyle().ItemSpacing.y;
  std::optional<int64_t> seek;
  for (int side = 0; side < 2; ++side) {
    if (side == 1) ImGui::SameLine(0, gap);
    ImGui::PushID(side);
    ImGui::BeginChild("side", ImVec2(column_w, column_h), false, ImGuiWindowFlags_NoScrollbar);
    column(side, seconds, fonts, heat, seek);
    ImGui::EndChild();
    ImGui::PopID();
  }
  if (controls_h > 0) {
    ImGui::BeginChild("compare-controls", ImVec2(0, controls_h), true, ImGuiWindowFlags_NoScrollbar);
    draw_compare_controls(cursor_, {sides_[0].label, sides_[1].label}, markers_, fonts,
                          sides_[0].document->trace.clock.unit);
    ImGui::EndChild();
  }
  if (seek) cursor_.seek_time(*seek);
  return keep_open;
}

}  // namespace gridlock::viewer
