// The lecture: stops walked with PageDown and PageUp, and the bar that shows where the talk is.
#include <algorithm>
#include <iostream>

#include "app.hpp"
#include "model/key_events.hpp"
#include "panels/claims_panel.hpp"
#include "screen_parts.hpp"
#include "views/chart_parts.hpp"

namespace gridlock::viewer {

void App::start_lecture(ResolvedLecture lecture, int first_stop) {
  if (lecture.stops.empty()) return;
  lecture_ = std::move(lecture);
  stop_ = first_stop;
  lecture_starting_ = true;  // the first frame knows the window's size
}

// The first frame of a lecture: in the presenter's layout (a projector) the picture mode starts
// on, then the first stop opens.
void App::begin_lecture() {
  if (!lecture_ || !lecture_starting_) return;
  lecture_starting_ = false;
  if (config_.screens.layout && compact_layout(fonts_)) config_.screens.layout->picture = true;
  go_to_stop(stop_);
}

void App::go_to_stop(int index) {
  const int count = static_cast<int>(lecture_->stops.size());
  stop_ = std::clamp(index, 0, count - 1);
  const ResolvedStop& stop = lecture_->stops[static_cast<std::size_t>(stop_)];
  ScreenSetup setup = config_.screens;
  setup.first_view = stop.view;
  setup.first_panel = !stop.panel.empty() ? stop.panel
                      : setup.layout      ? setup.layout->panel
                                          : setup.first_panel;
  setup.first_source = stop.source;
  // A stop that names its source or panel shows the panels, even in the picture mode; in the
  // presenter's layout the source is a tab of its own.
  setup.panels_wanted = !stop.source.empty() || !stop.panel.empty();
  setup.first_question = stop.question;
  setup.reveal = false;
  if (!stop.source.empty() && stop.panel.empty() && compact_layout(fonts_)) setup.first_panel = "source";
  setup.views.timeline_window.reset();
  setup.views.timeline_tracks.clear();
  setup.views.timeline_pinned = true;
  if (stop.focus) {
    setup.views.timeline_window = stop.focus->window;
    setup.views.timeline_tracks = stop.focus->tracks;
    setup.views.timeline_pinned = stop.focus->pinned;
  }
  std::vector<std::unique_ptr<Document>> docs;
  for (const std::string& path : stop.paths) {
    LoadResult loaded = load_document(path);
    if (!loaded.ok()) {  // changed on disk since the lecture was checked
      report(path, loaded.error);
      return;
    }
    docs.push_back(std::move(loaded.document));
  }
  Incoming in;
  in.document = std::move(docs.front());
  if (docs.size() > 1) in.other = std::move(docs[1]);
  in.start = stop.start;
  in.setup = setup;
  incoming_.push_back(std::move(in));
  std::cout << "gridlock-viewer: lecture stop " << stop.number << " of " << count << ": " << stop.title
            << std::endl;
}

// PageDown and PageUp move between stops (and are taken from the playback, which steps with them
// otherwise); H hides or shows what to say.
void App::lecture_keys() {
  if (!lecture_ || ImGui::GetIO().WantTextInput) return;
  KeyEvents& keys = frame_keys();
  const int down = ImGui::GetKeyIndex(ImGuiKey_PageDown), up = ImGui::GetKeyIndex(ImGuiKey_PageUp);
  const int last = static_cast<int>(lecture_->stops.size()) - 1;
  if (keys.pressed(down, false, 0)) {
    if (stop_ < last)
      go_to_stop(stop_ + 1);
    else
      std::cout << "gridlock-viewer: the lecture ends at stop " << last + 1 << std::endl;
  }
  if (keys.pressed(up, false, 0) && stop_ > 0) go_to_stop(stop_ - 1);
  keys.consume(down);
  keys.consume(up);
  if (keys.pressed_plain('H', false)) lecture_notes_ = !lecture_notes();
}

namespace {

// The lines the claim takes in the bar: one per side, or in the presenter's layout one for both
// sides' verdicts (the measurements on hover).
int claim_lines(const ResolvedStop& stop, bool compact) {
  const int sides = static_cast<int>(stop.shown_claims.size());
  return compact ? std::min(sides, 1) : sides;
}

float text_width() { return ImGui::GetIO().DisplaySize.x - 2.0f * ImGui::GetStyle().WindowPadding.x; }

}  // namespace

bool App::lecture_notes() const { return lecture_notes_.value_or(!compact_layout(fonts_)); }

float App::lecture_bar_height() const {
  if (!lecture_) return 0.0f;
  const ResolvedStop& stop = lecture_->stops[static_cast<std::size_t>(stop_)];
  const float line = ImGui::GetFrameHeightWithSpacing();
  float height = line * static_cast<float>(1 + claim_lines(stop, compact_layout(fonts_)));
  if (lecture_notes() && !stop.say.empty())
    height += ImGui::CalcTextSize(stop.say.c_str(), nullptr, false, text_width()).y +
              ImGui::GetStyle().ItemSpacing.y;
  return height + 2.0f * ImGui::GetStyle().WindowPadding.y;
}

// The stop's title and place in the talk, the claim it makes its point with (each side's verdict
// and measurement, one line each, whole on hover) and what to say.
void App::lecture_bar(float height) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, display.y - height));
  ImGui::SetNextWindowSize(ImVec2(display.x, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar;
  ImGui::Begin("lecture", nullptr, flags);
  const ResolvedStop& stop = lecture_->stops[static_cast<std::size_t>(stop_)];
  const int count = static_cast<int>(lecture_->stops.size());
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::text_dim), "Stop %d of %d", stop.number, count);
  ImGui::SameLine();
  ImGui::PushFont(fonts_.heading);
  ImGui::TextUnformatted(stop.title.c_str());
  ImGui::PopFont();
  if (stop_ + 1 == count) {
    ImGui::SameLine();
    ImGui::TextDisabled("the last stop");
  } else if (!compact_layout(fonts_)) {
    ImGui::SameLine();
    ImGui::TextDisabled(lecture_notes() || stop.say.empty() ? "PageDown next"
                                                            : "PageDown next \xC2\xB7 H notes");
  }
  // A question open on the shown trace keeps the claim's verdict for its answer.
  const TraceScreen* screen = showing_ == Showing::trace && current_ >= 0
                                  ? traces_[static_cast<std::size_t>(current_)].get()
                                  : nullptr;
  const bool hidden = screen && screen->hides_outcome() && !stop.claims.empty();
  const std::vector<StopClaim> claims = hidden ? std::vector<StopClaim>{} : stop.shown_claims;
  if (hidden) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s: hidden until the answer is revealed (R)", stop.claim_id.c_str());
  }
  if (claims.size() > 1 && compact_layout(fonts_)) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(stop.claim_id.c_str());
    for (const StopClaim& claim : claims) {
      ImGui::SameLine(0, 24);
      ImGui::TextDisabled("%s", claim.side.c_str());
      ImGui::SameLine();
      verdict_badge(claim.verdict, fonts_);
      wrapped_tooltip(stop.claim_statement + "\n\n" + claim.measurement);
    }
  }
  for (const StopClaim& claim : claims) {
    if (claims.size() > 1 && compact_layout(fonts_)) break;
    ImGui::AlignTextToFramePadding();
    const bool sides = claims.size() > 1;
    ImGui::TextUnformatted(sides ? claim.side.c_str() : stop.claim_id.c_str());
    ImGui::SameLine();
    verdict_badge(claim.verdict, fonts_);
    ImGui::SameLine();
    const std::string text = sides ? stop.claim_id + ": " + claim.measurement : claim.measurement;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float room = std::max(1.0f, display.x - ImGui::GetStyle().WindowPadding.x - at.x);
    const float y = at.y + ImGui::GetStyle().FramePadding.y;
    paint_fitted_text(ImGui::GetWindowDrawList(), ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x, y),
                      colour::text, text, room);
    ImGui::Dummy(ImVec2(room, ImGui::GetFrameHeight()));
    wrapped_tooltip(stop.claim_statement + "\n\n" + claim.measurement);
  }
  if (lecture_notes() && !stop.say.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(stop.say.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace gridlock::viewer
