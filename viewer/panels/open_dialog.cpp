// The Open dialog.
#include "panels/open_dialog.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

namespace gridlock::viewer {

namespace fs = std::filesystem;

namespace {
constexpr const char* kPopup = "Open trace";
}

void list_folder(OpenDialogState& state, const std::string& folder) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::path(folder.empty() ? "." : folder), ec);
  if (ec || !fs::is_directory(canonical, ec)) {
    state.message = folder + ": not a folder";
    return;
  }
  std::vector<std::string> folders, files;
  for (fs::directory_iterator it(canonical, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code kind;
    if (it->is_directory(kind))
      folders.push_back(name);
    else if (it->path().extension() == ".json")
      files.push_back(name);
  }
  if (ec) {
    state.message = canonical.string() + ": " + ec.message();
    return;
  }
  std::sort(folders.begin(), folders.end());
  std::sort(files.begin(), files.end());
  state.folder = canonical.string();
  state.folders = std::move(folders);
  state.files = std::move(files);
  state.message.clear();
}

void request_open_dialog(OpenDialogState& state, const std::string& folder) {
  state.requested = true;
  list_folder(state, state.folder.empty() ? folder : state.folder);
  state.path = state.folder;
}

std::string draw_open_dialog(OpenDialogState& state, const Fonts& fonts) {
  if (state.requested) {
    ImGui::OpenPopup(kPopup);
    state.requested = false;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(900.0f, display.x * 0.8f), std::min(620.0f, display.y * 0.8f)),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  std::string chosen;
  if (!ImGui::BeginPopupModal(kPopup, nullptr)) return chosen;

  auto choose = [&](const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      list_folder(state, path);
      state.path = state.folder;
    } else {
      chosen = path;
    }
  };
  if (ImGui::Button("Up")) {
    list_folder(state, fs::path(state.folder).parent_path().string());
    state.path = state.folder;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##path", &state.path, ImGuiInputTextFlags_EnterReturnsTrue)) choose(state.path);
  ImGui::PushFont(fonts.bold);
  ImGui::TextUnformatted(state.folder.c_str());
  ImGui::PopFont();

  const float footer = ImGui::GetFrameHeightWithSpacing() * 1.6f;
  ImGui::BeginChild("listing", ImVec2(0, -footer), true);
  for (const std::string& name : state.folders) {
    std::string label = name + "/";
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick) &&
        ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      choose((fs::path(state.folder) / name).string());
      break;
    }
  }
  for (const std::string& name : state.files) {
    const std::string full = (fs::path(state.folder) / name).string();
    if (ImGui::Selectable(name.c_str(), state.path == full, ImGuiSelectableFlags_AllowDoubleClick)) {
      state.path = full;
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) chosen = full;
    }
  }
  if (state.folders.empty() && state.files.empty()) ImGui::TextDisabled("(no folders or .json files here)");
  ImGui::EndChild();
  if (!state.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::error));
    ImGui::TextUnformatted(state.message.c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::Button("Open")) choose(state.path);
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  if (!chosen.empty()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chosen;
}

}  // namespace gridlock::viewer
