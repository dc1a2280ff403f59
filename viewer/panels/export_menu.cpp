// The Export menu's items.
#include "panels/export_menu.hpp"

#include <imgui.h>

#include <filesystem>

#include "model/gif_writer.hpp"
#include "model/paths.hpp"

namespace gridlock::viewer {

namespace {

void range_controls(ExportMenuState& state, int steps) {
  ImGui::TextDisabled("animation");
  if (ImGui::RadioButton("all steps", state.all_steps)) state.all_steps = true;
  ImGui::SameLine();
  if (ImGui::RadioButton("steps", !state.all_steps)) state.all_steps = false;
  ImGui::BeginDisabled(state.all_steps);
  ImGui::PushItemWidth(ImGui::GetFontSize() * 5);
  ImGui::SameLine();
  ImGui::InputInt("##first", &state.first, 0);
  ImGui::SameLine();
  ImGui::TextUnformatted("to");
  ImGui::SameLine();
  ImGui::InputInt("##last", &state.last, 0);
  ImGui::PopItemWidth();
  ImGui::EndDisabled();
  state.first = std::max(1, std::min(state.first, std::max(steps, 1)));
  state.last = std::max(state.first, std::min(state.last, std::max(steps, 1)));
}

// A disabled item says why in its tooltip.
bool item(const char* label, bool enabled, const std::string& why) {
  const bool chosen = ImGui::MenuItem(label, nullptr, false, enabled);
  if (!enabled && !why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", why.c_str());
  return chosen;
}

}  // namespace

std::optional<ExportRequest> draw_export_menu(ExportMenuState& state, const std::string& folder,
                                              const std::string& stem, int steps) {
  const bool shown = !stem.empty();
  const std::string none = shown ? "" : "open a trace first";
  const std::filesystem::path base = std::filesystem::path(folder) / stem;
  ExportRequest request;
  if (!state.all_steps) request.range = {state.first - 1, state.last - 1, std::nullopt, std::nullopt};
  std::optional<ExportRequest> chosen;
  if (item("Current view as PNG", shown, none))
    chosen = ExportRequest{ExportKind::png, base.string() + ".png", request.range};
  ImGui::Separator();
  range_controls(state, steps);
#ifdef __EMSCRIPTEN__
  // A page downloads a picture or a GIF; a folder of frames and a video are the desktop viewer's.
  const bool page = true;
  const std::string frames_why =
      "a browser page downloads one file: the desktop viewer writes a folder of frames";
  const std::string no_gif = none;
  const bool ffmpeg = false;
  const std::string no_video = "a browser page makes no video: the desktop viewer does, through ffmpeg";
#else
  const bool page = false;
  const std::string frames_why = none;
  const std::string no_gif =
      gif_supported() ? none : "built without giflib: install libgif-dev and configure again";
  const bool ffmpeg = !find_on_path("ffmpeg").empty();
  const std::string no_video = ffmpeg ? none : "ffmpeg is not on the PATH";
#endif
  if (item("Animation as PNG frames", shown && !page, frames_why))
    chosen = ExportRequest{ExportKind::frames, base.string() + "-frames", request.range};
  if (item("Animation as GIF", shown && gif_supported(), no_gif))
    chosen = ExportRequest{ExportKind::gif, base.string() + ".gif", request.range};
  if (item("Animation as video (ffmpeg)", shown && ffmpeg, no_video))
    chosen = ExportRequest{ExportKind::video, base.string() + ".mp4", request.range};
  if (page)
    ImGui::TextDisabled("downloaded by the browser");
  else
    ImGui::TextDisabled("into %s", folder.c_str());
  return chosen;
}

}  // namespace gridlock::viewer
