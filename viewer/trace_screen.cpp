// The screen of one open trace.
#include "trace_screen.hpp"

#include <algorithm>
#include <cmath>

#include "panels/claims_panel.hpp"
#include "panels/controls_panel.hpp"
#include "panels/lesson_panel.hpp"
#include "screen_parts.hpp"

namespace gridlock::viewer {

TraceScreen::TraceScreen(std::unique_ptr<Document> document, const ScreenSetup& setup, StartAt start)
    : document_(std::move(document)),
      playback_(step_times(document_->trace)),
      views_(make_views(document_->trace, setup.views)),
      first_panel_(setup.first_panel),
      animate_(setup.animate) {
  for (std::size_t i = 0; i < views_.size(); ++i)
    if (setup.first_view == views_[i]->name()) shown_ = static_cast<int>(i);
  if (start.time_ns)
    playback_.seek_time(*start.time_ns);
  else
    playback_.seek(start.step < 0 ? playback_.step_count() + start.step : start.step);
}

bool TraceScreen::animating() const {
  if (playback_.playing()) return true;
  return !views_.empty() && views_[static_cast<std::size_t>(shown_)]->animating();
}

void TraceScreen::canvas(float seconds, const Fonts& fonts, HeatStripRenderer& heat) {
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
                        &seek};
  views_[static_cast<std::size_t>(shown_)]->draw(frame);
  if (seek) playback_.seek_time(*seek);
}

void TraceScreen::side_panels(const Fonts& fonts) {
  const float total = ImGui::GetContentRegionAvail().y;
  const trace::Trace& t = document_->trace;
  ImGui::BeginChild("source", ImVec2(0, std::floor(total * source_share_)), true);
  draw_source_panel(source_, t, playback_.step(), fonts);
  ImGui::EndChild();
  source_share_ = draw_splitter("##split-source", false, source_share_, total, 10.0f);
  ImGui::BeginChild("tabs", ImVec2(0, 0), true);
  if (ImGui::BeginTabBar("panels")) {
    auto flags = [&](const char* name) {
      return select_panel_ && first_panel_ == name ? ImGuiTabItemFlags_SetSelected : 0;
    };
    std::string claims = "Claims (" + std::to_string(t.claims.size()) + ")###claims";
    if (ImGui::BeginTabItem(claims.c_str(), nullptr, flags("claims"))) {
      draw_claims_panel(t, fonts);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Step timeline###timeline", nullptr, flags("timeline") | flags("warps"))) {
      draw_timeline_panel(step_timeline_, t, playback_.step(), fonts);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Lesson", nullptr, flags("lesson"))) {
      ImGui::BeginChild("readme");
      draw_lesson_panel(document_->readme, document_->readme_path, document_->path, fonts);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Run", nullptr, flags("run"))) {
      ImGui::BeginChild("run");
      draw_run_panel(t, fonts);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    select_panel_ = false;
  }
  ImGui::EndChild();
}

void TraceScreen::draw(float seconds, const Fonts& fonts, HeatStripRenderer& heat) {
  playback_.advance(seconds);
  const trace::Trace& t = document_->trace;
  draw_trace_header(t, document_->name, fonts);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float splitter_w = 12.0f;
  const float left_w = std::floor((avail.x - splitter_w) * left_share_);
  ImGui::BeginChild("left", ImVec2(left_w, 0), false, ImGuiWindowFlags_NoScrollbar);
  draw_step_caption(t.steps[static_cast<std::size_t>(playback_.step())], fonts, fonts.caption,
                    fonts.caption_detail);
  const float controls_h = ImGui::GetFrameHeight() + 44.0f;
  ImGui::BeginChild("canvas", ImVec2(0, -controls_h - ImGui::GetStyle().ItemSpacing.y), true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  canvas(seconds, fonts, heat);
  ImGui::EndChild();
  ImGui::BeginChild("controls", ImVec2(0, controls_h), true, ImGuiWindowFlags_NoScrollbar);
  draw_controls(playback_, t, fonts);
  ImGui::EndChild();
  ImGui::EndChild();

  ImGui::SameLine(0, 0);
  left_share_ = draw_splitter("##split-columns", true, left_share_, avail.x, splitter_w);
  ImGui::SameLine(0, 0);
  ImGui::BeginChild("right", ImVec2(0, 0), false);
  side_panels(fonts);
  ImGui::EndChild();
}

}  // namespace gridlock::viewer
