// The recorded side of the Explore screen.
#include "explore_recording.hpp"

#include <imgui.h>

#include <exception>

#include "format.hpp"
#include "panels/claims_panel.hpp"

namespace gridlock::viewer {

std::string ExploreRecording::path_of(const std::string& lesson) const {
  const auto found = traces_.find(lesson);
  return found == traces_.end() ? "" : found->second;
}

const ExploreRecording::Loaded* ExploreRecording::load(const std::string& path) {
  const auto known = loaded_.find(path);
  if (known != loaded_.end()) return &known->second;
  if (files_ && !files_->ready(path)) {
    const std::string failure = files_->failure(path);
    if (failure.empty()) return nullptr;  // still on its way
    return &(loaded_[path] = Loaded{nullptr, failure});
  }
  Loaded loaded;
  try {
    loaded.trace = std::make_shared<const trace::Trace>(trace::read_file(path));
  } catch (const std::exception& e) {
    loaded.error = e.what();
  }
  return &(loaded_[path] = std::move(loaded));
}

const std::vector<SourceLine>* ExploreRecording::source_lines(const std::string& lesson,
                                                              const std::string& file) {
  const std::string path = path_of(lesson);
  const auto known = coloured_.find({path, file});
  if (known != coloured_.end()) return &known->second;
  const Loaded* loaded = path.empty() ? nullptr : load(path);
  if (!loaded || !loaded->trace) return nullptr;
  for (const trace::Source& s : loaded->trace->sources)
    if (s.file == file) return &(coloured_[{path, file}] = highlight_source(s.text));
  return nullptr;
}

void ExploreRecording::draw(const std::string& lesson, const Fonts& fonts) {
  const std::string path = path_of(lesson);
  ImGui::PushFont(fonts.bold);
  ImGui::TextWrapped("What the recording says (%s)", lesson.c_str());
  ImGui::PopFont();
  const ImVec4 dim = ImGui::ColorConvertU32ToFloat4(colour::text_dim);
  if (path.empty()) {
    ImGui::TextColored(dim, "no recorded trace of this lesson was found");
    return;
  }
  const Loaded* loaded = load(path);
  if (!loaded) {
    ImGui::TextColored(dim, "fetching %s", path.c_str());
    return;
  }
  if (!loaded->trace) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::contradicted), "%s: %s", path.c_str(),
                       loaded->error.c_str());
    return;
  }
  const trace::Trace& t = *loaded->trace;
  ImGui::PushStyleColor(ImGuiCol_Text, dim);
  ImGui::TextWrapped("%s, %s", path.substr(path.find_last_of('/') + 1).c_str(),
                     producer_summary(t.producer).c_str());
  ImGui::PopStyleColor();
  for (const trace::Claim& claim : t.claims) {
    claim_badge(claim, fonts);
    ImGui::SameLine();
    ImGui::TextWrapped("%s", claim.statement.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, dim);
    ImGui::TextWrapped("%s", claim.measurement.c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace gridlock::viewer
