// The screen of one open trace.
#include "trace_screen.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "layout_check.hpp"
#include "model/fact_places.hpp"
#include "model/key_events.hpp"
#include "model/source_text.hpp"
#include "panels/claims_panel.hpp"
#include "panels/controls_panel.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/scrubber_markers.hpp"
#include "screen_parts.hpp"
#include "trace/source_lookup.hpp"

namespace gridlock::viewer {

TraceScreen::TraceScreen(std::unique_ptr<Document> document, const ScreenSetup& setup, StartAt start)
    : document_(std::move(document)),
      playback_(step_times(document_->trace)),
      markers_(event_markers(document_->trace)),
      whys_(step_whys(document_->trace)),
      views_(make_views(document_->trace, setup.views)),
      first_panel_(setup.first_panel),
      readme_scroll_to_(setup.first_fact),
      animate_(setup.animate),
      layout_(setup.layout ? setup.layout : std::make_shared<PanelLayout>()),
      panels_wanted_(setup.panels_wanted) {
  for (std::size_t i = 0; i < views_.size(); ++i)
    if (setup.first_view == views_[i]->name()) shown_ = static_cast<int>(i);
  // --fact: its view (set as first_view) brings its series or timing into sight.
  if (!setup.first_fact.empty())
    if (const std::optional<FactPlace> place = fact_place(document_->trace, setup.first_fact))
      view_showing(*place);
  if (!setup.first_source.empty()) {
    source_.shown = trace::find_source(document_->trace, setup.first_source);
    source_.select_shown = source_.shown >= 0;
    opened_on_source_ = source_.select_shown;
  }
  if (start.time_ns && start.keep_step)
    playback_.seek(start.step < 0 ? playback_.step_count() + start.step : start.step, *start.time_ns);
  else if (start.time_ns)
    playback_.seek_time(*start.time_ns + (start.after_first_event ? playback_.times().begin_ns() : 0));
  else
    playback_.seek(start.step < 0 ? playback_.step_count() + start.step : start.step);
  if (!start.fact.empty()) {
    go_to_fact(start.fact);  // a fact kept as text alone leaves the cursor where it is
    first_panel_ = "lesson";
    readme_scroll_to_ = start.fact;
  }
  if (setup.first_question >= 0 && open_question(quiz_, document_->trace, setup.first_question, playback_) &&
      setup.reveal)
    reveal_question(quiz_, playback_);
}

bool TraceScreen::go_to_fact(const std::string& key) {
  const std::optional<FactPlace> place = fact_place(document_->trace, key);
  if (!place) return false;
  if (place->step >= 0 && place->time_ns)
    playback_.seek(place->step, *place->time_ns);
  else if (place->step >= 0)
    playback_.seek(place->step);
  if (const int view = view_showing(*place); view >= 0) {
    shown_ = view;
    select_view_ = true;
  }
  return true;
}

int TraceScreen::view_showing(const FactPlace& place) {
  if (place.view.empty()) return -1;
  for (std::size_t i = 0; i < views_.size(); ++i)
    if (views_[i]->name() == place.view) {
      if (place.item >= 0) views_[i]->show_item(place.item);
      return static_cast<int>(i);
    }
  return -1;
}

bool TraceScreen::animating() const {
  if (playback_.playing()) return true;
  return !views_.empty() && views_[static_cast<std::size_t>(shown_)]->animating();
}

void TraceScreen::canvas(float seconds, const Fonts& fonts, HeatStripRenderer& heat) {
  if (const int next = next_view_key(shown_, static_cast<int>(views_.size())); next != shown_) {
    shown_ = next;
    select_view_ = true;
  }
  if (views_.size() > 1 && ImGui::BeginTabBar("views")) {
    for (std::size_t i = 0; i < views_.size(); ++i) {
      const ImGuiTabItemFlags flags =
          select_view_ && static_cast<int>(i) == shown_ ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(views_[i]->title(), nullptr, flags)) {
        if (!select_view_) shown_ = static_cast<int>(i);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  select_view_ = false;
  if (views_.empty()) {
    ImGui::TextDisabled("No view applies to this trace: it holds no tree, no events and no series.");
    return;
  }
  std::optional<int64_t> seek;
  const ViewFrame frame{document_->trace,
                        playback_.cursor(),
                        playback_.times(),
                        playback_.playing(),
                        playback_.speed(),
                        animate_,
                        seconds,
                        fonts,
                        heat,
                        nullptr,
                        nullptr,
                        ClockMap{},
                        &seek,
                        quiz_.hides_outcome()};
  views_[static_cast<std::size_t>(shown_)]->draw(frame);
  if (seek) playback_.seek_time(*seek);
}

void TraceScreen::marker_keys() { handle_marker_keys(playback_, markers_, layout_->pages_jump_to_markers); }

// Keys 1 to 4 choose the tab below the source: claims, step timeline, lesson, run; 5 the source
// where it is a tab of its own.
void TraceScreen::panel_keys() {
  if (ImGui::GetIO().WantTextInput) return;
  static const char* const names[] = {"claims", "timeline", "lesson", "run", "source"};
  for (int i = 0; i < (compact_ ? 5 : 4); ++i) {
    if (frame_keys().pressed('1' + i)) {
      first_panel_ = names[i];
      select_panel_ = true;
    }
  }
}

void TraceScreen::side_panels(const Fonts& fonts) {
  panel_keys();
  float& source_share = layout_->source_share;
  const float total = ImGui::GetContentRegionAvail().y;
  const trace::Trace& t = document_->trace;
  if (!compact_) {
    // Framed, not filled: the source lines paint the canvas over nearly all of it.
    ImGui::BeginChild("source", ImVec2(0, std::floor(total * source_share)), true,
                      ImGuiWindowFlags_NoBackground);
    draw_source_panel(source_, t, playback_.step(), fonts);
    ImGui::EndChild();
    frame_last_child();
    source_share = draw_splitter("##split-source", false, source_share, total, 10.0f);
  }
  // The panels' own children stand on this one's fill: a second fill of the same colour would
  // cost a software renderer every pixel again.
  ImGui::BeginChild("tabs", ImVec2(0, 0), true);
  if (ImGui::BeginTabBar("panels", compact_ ? ImGuiTabBarFlags_FittingPolicyScroll : 0)) {
    auto flags = [&](const char* name) {
      return select_panel_ && first_panel_ == name ? ImGuiTabItemFlags_SetSelected : 0;
    };
    if (compact_ && ImGui::BeginTabItem("Source", nullptr, flags("source"))) {
      draw_source_panel(source_, t, playback_.step(), fonts);
      ImGui::EndTabItem();
    }
    std::string claims = "Claims (" + std::to_string(t.claims.size()) + ")###claims";
    auto shown = [&](const char* name) {
      if (!select_panel_) layout_->panel = name;
    };
    // While a question is open, the panels that tell the outcome wait for its answer.
    auto hidden = [&] {
      if (!quiz_.hides_outcome()) return false;
      ImGui::TextDisabled("Hidden until the answer is revealed (R).");
      return true;
    };
    if (ImGui::BeginTabItem(claims.c_str(), nullptr, flags("claims"))) {
      shown("claims");
      if (!hidden()) draw_claims_panel(t, fonts);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Step timeline###timeline", nullptr, flags("timeline") | flags("warps"))) {
      shown("timeline");
      if (!hidden()) draw_timeline_panel(step_timeline_, t, playback_.step(), fonts);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Lesson", nullptr, flags("lesson"))) {
      shown("lesson");
      if (!hidden()) {
        ImGui::BeginChild("readme", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
        if (const std::optional<FactLink> link =
                draw_lesson_panel(document_->readme, document_->readme_path, document_->path,
                                  document_->trace, fonts, readme_scroll_to_)) {
          if (same_trace_file(link->trace_path, document_->path))
            go_to_fact(link->key);
          else
            open_request_ = link;
        }
        ImGui::EndChild();
      }
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Run", nullptr, flags("run"))) {
      shown("run");
      ImGui::BeginChild("run", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
      if (const std::optional<std::string> fact = draw_run_panel(t, fonts)) go_to_fact(*fact);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    select_panel_ = false;
  }
  ImGui::EndChild();
}

bool picture_key(PanelLayout& layout) {
  if (ImGui::GetIO().WantTextInput || !frame_keys().pressed_plain('P', false)) return false;
  layout.picture = !layout.picture;
  return true;
}

bool compact_layout(const Fonts& fonts) {
  const float scale = ui_scale(fonts);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  return display.x / scale < 1100.0f || display.y / scale < 640.0f;
}

void TraceScreen::draw(float seconds, const Fonts& fonts, HeatStripRenderer& heat) {
  playback_.advance(seconds);
  const trace::Trace& t = document_->trace;
  // The presenter's layout where the window is small for the scale (1280x720 from scale 1.2 on):
  // no header line (the window's title has it), the caption in the heading font, the source a
  // tab beside the panels, and the canvas column at least 64% of the width.
  compact_ = compact_layout(fonts);
  if (picture_key(*layout_)) panels_wanted_ = false;
  const bool picture = layout_->picture && !panels_wanted_;
  if (!compact_ && !picture) draw_trace_header(t, document_->name, fonts);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float& left_share = layout_->left_share;
  const float splitter_w = 12.0f;
  // A screen opened on its source in the presenter's layout gives the code most of the width.
  const bool code_first = compact_ && panels_wanted_ && opened_on_source_;
  const float shown_share = code_first ? 0.40f : compact_ ? std::max(left_share, 0.64f) : left_share;
  const float left_w = picture ? avail.x : std::floor((avail.x - splitter_w) * shown_share);
  ImGui::BeginChild("left", ImVec2(left_w, 0), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoBackground);
  question_keys(quiz_, t, playback_);
  // The step's words may give the outcome away: its label alone until the answer is revealed. Beside
  // the code in the presenter's layout, too: the code holds the phase's comment, and the picture
  // needs the height.
  if ((quiz_.hides_outcome() || code_first) && playback_.step() < static_cast<int>(t.steps.size())) {
    trace::Step label_only;
    label_only.label = t.steps[static_cast<std::size_t>(playback_.step())].label;
    draw_step_caption(label_only, fonts, compact_ ? fonts.heading : fonts.caption,
                      compact_ ? fonts.ui : fonts.caption_detail);
  } else {
    draw_trace_caption(t, playback_.step(), fonts, compact_ ? fonts.heading : fonts.caption,
                       compact_ ? fonts.ui : fonts.caption_detail, whys_, compact_);
  }
  // A trace without steps (timings only) has nothing to play: no playback bar, the canvas takes
  // its room; nor beside the code in the presenter's layout, where the keys play and step.
  const bool playable = playback_.step_count() > 0 && !picture && !code_first;
  // While a question is open the scrubber marks only the moments already passed.
  std::vector<EventMarker> passed;
  if (quiz_.hides_outcome())
    std::copy_if(markers_.begin(), markers_.end(), std::back_inserter(passed),
                 [&](const EventMarker& m) { return m.step < playback_.step(); });
  const std::vector<EventMarker>& markers = quiz_.hides_outcome() ? passed : markers_;
  const float controls_h = controls_height(playback_, markers, fonts, ImGui::GetContentRegionAvail().x);
  const float card_h = question_card_height(quiz_, fonts, ImGui::GetContentRegionAvail().x);
  const float below = (playable ? controls_h + ImGui::GetStyle().ItemSpacing.y : 0.0f) +
                      (card_h > 0 ? card_h + ImGui::GetStyle().ItemSpacing.y : 0.0f);
  const float canvas_h = below > 0 ? -below : 0.0f;
  // Framed, not filled: the view paints its own canvas over most of it.
  ImGui::BeginChild(
      "canvas", ImVec2(0, canvas_h), true,
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBackground);
  canvas_rects().push_back(ImVec4(ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                  ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                  ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  canvas(seconds, fonts, heat);
  ImGui::EndChild();
  frame_last_child();
  if (card_h > 0) {
    ImGui::BeginChild("question", ImVec2(0, card_h), true, ImGuiWindowFlags_NoScrollbar);
    draw_question_card(quiz_, fonts);
    ImGui::EndChild();
  }
  if (playable) {
    ImGui::BeginChild("controls", ImVec2(0, controls_h), true, ImGuiWindowFlags_NoScrollbar);
    draw_controls(playback_, t, markers, layout_->pages_jump_to_markers, fonts);
    ImGui::EndChild();
  }
  ImGui::EndChild();
  if (picture) return;

  ImGui::SameLine(0, 0);
  const float moved = draw_splitter("##split-columns", true, shown_share, avail.x, splitter_w);
  if (moved != shown_share) left_share = moved;
  ImGui::SameLine(0, 0);
  ImGui::BeginChild("right", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
  side_panels(fonts);
  ImGui::EndChild();
}

}  // namespace gridlock::viewer
