// The gallery.
#include "panels/gallery_panel.hpp"

#include <algorithm>
#include <cmath>

#include "model/gallery_manifest.hpp"
#include "panels/gallery_card.hpp"

namespace gridlock::viewer {

namespace {

constexpr float kMinCardWidth = 440.0f;  // at scale 1; cards widen to fill their row, up to the maximum
constexpr float kMaxCardWidth = 580.0f;
constexpr float kCardSpacing = 18.0f;

// What draws the card's miniature, made the first time it is asked for.
CardThumbnail card_thumbnail(const GalleryTrace& trace, GalleryState& state) {
  CardThumbnail thumbnail;
  if (!trace.thumbnail_png.empty()) {
    const std::string file = themed_thumbnail(trace.thumbnail_png, state.theme);
    auto found = state.pictures.find(file);
    if (found == state.pictures.end()) {
      if (state.files && !state.files->ready(file) && state.files->failure(file).empty())
        return thumbnail;  // a placeholder until it arrives
      auto picture = std::make_unique<ImageTexture>();
      if (!picture->load_png(file)) picture.reset();  // the card falls back to a placeholder
      found = state.pictures.emplace(file, std::move(picture)).first;
    }
    thumbnail.picture = found->second.get();
    return thumbnail;
  }
  auto found = state.thumbnails.find(trace.path);
  if (found == state.thumbnails.end())
    found = state.thumbnails
                .emplace(trace.path, trace.trace ? make_first_view(*trace.trace, state.config) : nullptr)
                .first;
  thumbnail.view = found->second.get();
  return thumbnail;
}

}  // namespace

GalleryChoice draw_gallery(const Gallery& gallery, GalleryState& state,
                           const std::vector<OpenFailure>& failures, const Fonts& fonts,
                           HeatStripRenderer& heat) {
  GalleryChoice choice;
  ImGui::PushFont(fonts.caption);
  ImGui::TextUnformatted("gridlock");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + fonts.caption->FontSize - fonts.ui->FontSize - 2);
  ImGui::TextDisabled("CUDA blocks that cooperate, race and deadlock: recorded on a GPU, replayed here");
  if (ImGui::Button("Open file\xE2\x80\xA6")) choice.browse = true;
  ImGui::SameLine();
  ImGui::TextDisabled("or drop trace files on this window");
  ImGui::Spacing();

  for (const OpenFailure& f : failures) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::error));
    ImGui::TextWrapped("Cannot open %s", f.path.c_str());
    ImGui::PopStyleColor();
    ImGui::Indent();
    ImGui::TextWrapped("%s", f.error.c_str());
    ImGui::Unindent();
  }
  if (!failures.empty()) ImGui::Separator();

  const float width = ImGui::GetContentRegionAvail().x;
  const float spacing = kCardSpacing * ui_scale(fonts);
  const int per_row =
      std::max(1, static_cast<int>((width + spacing) / (kMinCardWidth * ui_scale(fonts) + spacing)));
  const float card_w = std::floor(std::min(kMaxCardWidth * ui_scale(fonts),
                                           (width - spacing * static_cast<float>(per_row - 1)) / per_row));
  int number = 0;
  for (const GalleryLesson& lesson : gallery.lessons) {
    ++number;
    ImGui::Spacing();
    ImGui::PushFont(fonts.heading);
    ImGui::Text("%d. %s", number, lesson.title.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + fonts.heading->FontSize - fonts.ui->FontSize);
    ImGui::TextDisabled("%s", lesson.id.c_str());
    if (!lesson.summary.empty()) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(width, 1100.0f));
      ImGui::TextUnformatted(lesson.summary.c_str());
      ImGui::PopTextWrapPos();
    }
    if (lesson.traces.empty()) {
      ImGui::TextDisabled("no recorded traces yet in %s/recorded", lesson.folder.c_str());
      continue;
    }
    ImGui::Dummy(ImVec2(0, 2));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, spacing));
    for (std::size_t i = 0; i < lesson.traces.size(); ++i) {
      const GalleryTrace& trace = lesson.traces[i];
      if (i % static_cast<std::size_t>(per_row) != 0) ImGui::SameLine();
      // A card off screen takes its place and nothing more: no picture loaded, nothing drawn.
      const ImVec2 card_size(card_w, gallery_card_height(card_w, fonts));
      if (!ImGui::IsRectVisible(card_size)) {
        ImGui::Dummy(card_size);
        continue;
      }
      const CardChoice card = draw_gallery_card(trace, card_w, card_thumbnail(trace, state), fonts, heat);
      if (card.action == CardAction::open) choice.open_path = trace.path;
      if (card.action == CardAction::compare) {
        const GalleryTrace::Partner& other = trace.compare[static_cast<std::size_t>(card.partner)];
        choice.compare_a = other.first ? trace.path : other.path;
        choice.compare_b = other.first ? other.path : trace.path;
      }
    }
    ImGui::PopStyleVar();
  }
  ImGui::Spacing();
  ImGui::Separator();
  if (!gallery.found_in.empty()) ImGui::TextDisabled("lessons from %s", gallery.found_in.c_str());
  for (const std::string& problem : gallery.problems) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::not_observable));
    ImGui::TextWrapped("%s", problem.c_str());
    ImGui::PopStyleColor();
  }
  return choice;
}

}  // namespace gridlock::viewer
