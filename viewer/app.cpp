// The viewer's frame: menu, gallery or trace (tree, playback, source, claims, lesson, run).
#include "app.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "format.hpp"
#include "model/step_text.hpp"
#include "model/timeline_export.hpp"
#include "panels/claims_panel.hpp"
#include "panels/controls_panel.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/timeline_panel.hpp"

namespace gridlock::viewer {

namespace {

constexpr const char* kNoticePopup = "gridlock##notices";  // its own ID: the main window is "gridlock"

// A draggable bar between two panels; returns the new share of `total` for the first one.
float splitter(const char* id, bool vertical, float share, float total, float thickness) {
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
void marker(const std::string& text, ImU32 fill, ImU32 ink, const std::string& tip) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(ImVec2(at.x, at.y - 1), ImVec2(at.x + size.x + 14, at.y + size.y + 3), fill, 5.0f);
  list->AddText(ImVec2(at.x + 7, at.y + 1), ink, text.c_str());
  ImGui::Dummy(ImVec2(size.x + 14, size.y + 2));
  if (!tip.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(tip.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

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

constexpr const char* kVersion1Tip =
    "Read from a format version 1 file and converted: its operations do not name their operator, "
    "event categories were inferred from the names, and its clock's resolution is not stated.";

}  // namespace

struct App::OpenTrace {
  std::unique_ptr<Document> document;
  Playback playback;
  TreeViewState tree;
  SourcePanelState source;
  TimelinePanelState timeline;

  OpenTrace(std::unique_ptr<Document> doc, const AppConfig& config) : document(std::move(doc)) {
    playback.reset(static_cast<int>(document->trace.steps.size()));
    tree.arrangement = config.tree_arrangement;
    reset_tree_view(tree, document->trace);
    tree.zoom = config.tree_zoom;
  }
};

App::App(AppConfig config, const Fonts& fonts, HeatStripRenderer& heat)
    : config_(std::move(config)), fonts_(fonts), heat_(heat) {}

App::~App() = default;

bool App::animating() const {
  if (!incoming_.empty()) return true;
  if (current_ < 0 || current_ >= static_cast<int>(traces_.size())) return false;
  const OpenTrace& open = *traces_[static_cast<std::size_t>(current_)];
  return open.playback.playing() || open.tree.entrance < 1.0;
}

std::string App::title() const {
  if (current_ < 0) return "gridlock";
  const Document& d = *traces_[static_cast<std::size_t>(current_)]->document;
  return "gridlock \xC2\xB7 " + (d.trace.lesson_title.empty() ? d.trace.lesson_id : d.trace.lesson_title) +
         " \xC2\xB7 " + d.name;
}

void App::load_gallery() {
  gallery_ = discover_gallery(config_.gallery_search);
  gallery_state_ = GalleryState{};
  gallery_loaded_ = true;
}

void App::show(std::unique_ptr<Document> document, int step) {
  incoming_.push_back({std::move(document), step});
}

void App::adopt_incoming() {
  for (Incoming& in : incoming_) {
    for (std::size_t i = 0; i < traces_.size(); ++i) {
      if (traces_[i]->document->path == in.document->path) {
        traces_.erase(traces_.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
    auto open = std::make_unique<OpenTrace>(std::move(in.document), config_);
    open->playback.seek(in.step);
    traces_.push_back(std::move(open));
    current_ = static_cast<int>(traces_.size()) - 1;
  }
  incoming_.clear();
}

void App::report(const std::string& path, const std::string& error) {
  failures_.erase(std::remove_if(failures_.begin(), failures_.end(),
                                 [&](const OpenFailure& f) { return f.path == path; }),
                  failures_.end());
  failures_.push_back({path, error});
  notices_.push_back({error, true});
  popup_requested_ = true;
}

void App::open_files(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    LoadResult loaded = load_document(path);
    if (loaded.ok()) {
      failures_.erase(std::remove_if(failures_.begin(), failures_.end(),
                                     [&](const OpenFailure& f) { return f.path == path; }),
                      failures_.end());
      show(std::move(loaded.document));
    } else {
      report(path, loaded.error);
    }
  }
}

void App::reload(OpenTrace& open) {
  const std::string path = open.document->path;
  const int step = open.playback.step();
  LoadResult loaded = load_document(path);
  if (!loaded.ok()) {
    report(path, loaded.error);
    return;
  }
  show(std::move(loaded.document), step);
}

void App::frame(float seconds) {
  adopt_incoming();
  ImGuiIO& io = ImGui::GetIO();
  const bool popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  if (current_ >= 0 && !popup_open)
    handle_playback_keys(traces_[static_cast<std::size_t>(current_)]->playback);
  // Letter keys are indexed by their upper-case ASCII code (the GLFW backend's key codes).
  if (io.KeyCtrl && ImGui::IsKeyPressed('O', false)) request_open_dialog(open_dialog_, config_.open_folder);

  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gridlock", nullptr, flags);
  menu_bar();
  if (current_ < 0)
    gallery_view();
  else
    document_view(*traces_[static_cast<std::size_t>(current_)], seconds);

  const std::string chosen = draw_open_dialog(open_dialog_, fonts_);
  if (!chosen.empty()) open_files({chosen});
  notice_popup();
  ImGui::End();
}

void App::menu_bar() {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open\xE2\x80\xA6", "Ctrl+O")) request_open_dialog(open_dialog_, config_.open_folder);
    if (ImGui::MenuItem("Gallery", nullptr, current_ < 0)) current_ = -1;
    const bool has_trace = current_ >= 0;
    if (ImGui::MenuItem("Reload", nullptr, false, has_trace))
      reload(*traces_[static_cast<std::size_t>(current_)]);
    if (ImGui::MenuItem("Export timeline for Perfetto", nullptr, false, has_trace))
      export_timeline_of(*traces_[static_cast<std::size_t>(current_)]);
    if (ImGui::MenuItem("Close trace", nullptr, false, has_trace)) {
      traces_.erase(traces_.begin() + current_);
      current_ = traces_.empty() ? -1 : static_cast<int>(traces_.size()) - 1;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit")) quit_ = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Traces", !traces_.empty())) {
    for (std::size_t i = 0; i < traces_.size(); ++i) {
      const Document& d = *traces_[i]->document;
      std::string label = d.trace.lesson_title + "  \xC2\xB7  " + d.name + "##" + std::to_string(i);
      if (ImGui::MenuItem(label.c_str(), nullptr, static_cast<int>(i) == current_))
        current_ = static_cast<int>(i);
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::TextDisabled("Space  play / pause");
    ImGui::TextDisabled("\xE2\x86\x90 \xE2\x86\x92  step back / forward");
    ImGui::TextDisabled("Home End  first / last step");
    ImGui::TextDisabled("\xE2\x88\x92 +  slower / faster");
    ImGui::TextDisabled("wheel, drag, double-click  zoom, pan, fit the tree");
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void App::gallery_view() {
  if (!gallery_loaded_) load_gallery();
  ImGui::BeginChild("gallery", ImVec2(0, 0), false);
  GalleryChoice choice = draw_gallery(gallery_, gallery_state_, failures_, fonts_, heat_);
  ImGui::EndChild();
  if (choice.browse) request_open_dialog(open_dialog_, config_.open_folder);
  if (!choice.open_path.empty()) open_files({choice.open_path});
}

void App::header(const OpenTrace& open) {
  const trace::Trace& t = open.document->trace;
  ImGui::PushFont(fonts_.heading);
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
  ImGui::TextDisabled("%s", open.document->name.c_str());
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
    const float h = fonts_.bold->FontSize + 10;
    ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + width, at.y + h), colour::model_banner, 5.0f);
    ImGui::GetWindowDrawList()->PushClipRect(at, ImVec2(at.x + width - 8, at.y + h), true);
    ImGui::GetWindowDrawList()->AddText(fonts_.bold, fonts_.bold->FontSize, ImVec2(at.x + 12, at.y + 5),
                                        colour::model_banner_text, text.c_str());
    ImGui::GetWindowDrawList()->PopClipRect();
    ImGui::Dummy(ImVec2(width, h));
  }
}

void App::header_markers(const trace::Trace& t, float line_y) {
  if (t.version_read == 1) {
    ImGui::SameLine(0, 12);
    ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, line_y));
    marker("version 1 trace", IM_COL32(60, 70, 95, 255), colour::text_dim, kVersion1Tip);
  }
  if (!t.notices.empty()) {
    ImGui::SameLine(0, 12);
    ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, line_y));
    const std::string text = "\xE2\x9A\xA0 " + format_count(static_cast<int64_t>(t.notices.size()), "notice");
    marker(text, colour::with_alpha(colour::notice, 0.22f), colour::notice, notices_text(t));
  }
}

void App::step_caption(const OpenTrace& open) {
  const trace::Trace& t = open.document->trace;
  const int k = open.playback.step();
  const trace::Step& step = t.steps[static_cast<std::size_t>(k)];
  ImGui::PushFont(fonts_.caption);
  ImGui::TextUnformatted(step.label.c_str());
  ImGui::PopFont();
  if (!step.detail.empty()) {
    // The detail beside the label, on its baseline; in the body font where the larger one
    // would not fit.
    const std::string detail = kDetailSeparator + step.detail;
    const ImVec2 label_min = ImGui::GetItemRectMin(), label_max = ImGui::GetItemRectMax();
    const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - label_max.x;
    ImFont* font = fonts_.caption_detail;
    if (font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, detail.c_str()).x > room) font = fonts_.ui;
    const float y = label_min.y + fonts_.caption->Ascent - font->Ascent;
    ImGui::GetWindowDrawList()->AddText(font, font->FontSize, ImVec2(label_max.x, y), colour::text_dim,
                                        detail.c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::text_dim));
  ImGui::TextWrapped("%s", step.note.empty() ? " " : step.note.c_str());
  ImGui::PopStyleColor();
}

void App::side_panels(OpenTrace& open) {
  const float total = ImGui::GetContentRegionAvail().y;
  ImGui::BeginChild("source", ImVec2(0, std::floor(total * source_share_)), true);
  draw_source_panel(open.source, open.document->trace, open.playback.step(), fonts_);
  ImGui::EndChild();
  source_share_ = splitter("##split-source", false, source_share_, total, 10.0f);
  ImGui::BeginChild("tabs", ImVec2(0, 0), true);
  if (ImGui::BeginTabBar("panels")) {
    const trace::Trace& t = open.document->trace;
    auto flags = [&](const char* name) {
      return select_first_panel_ && config_.first_panel == name ? ImGuiTabItemFlags_SetSelected : 0;
    };
    std::string claims = "Claims (" + std::to_string(t.claims.size()) + ")###claims";
    if (ImGui::BeginTabItem(claims.c_str(), nullptr, flags("claims"))) {
      draw_claims_panel(t, fonts_);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Timeline", nullptr, flags("timeline") | flags("warps"))) {
      draw_timeline_panel(open.timeline, t, open.playback.step(), fonts_);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Lesson", nullptr, flags("lesson"))) {
      ImGui::BeginChild("readme");
      draw_lesson_panel(open.document->readme, open.document->readme_path, open.document->path, fonts_);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Run", nullptr, flags("run"))) {
      ImGui::BeginChild("run");
      draw_run_panel(t, fonts_);
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    select_first_panel_ = false;
  }
  ImGui::EndChild();
}

void App::document_view(OpenTrace& open, float seconds) {
  open.playback.advance(seconds);
  header(open);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float splitter_w = 12.0f;
  const float left_w = std::floor((avail.x - splitter_w) * left_share_);
  ImGui::BeginChild("left", ImVec2(left_w, 0), false, ImGuiWindowFlags_NoScrollbar);
  step_caption(open);
  const float controls_h = ImGui::GetFrameHeight() + 44.0f;
  ImGui::BeginChild("tree", ImVec2(0, -controls_h - ImGui::GetStyle().ItemSpacing.y), true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_tree_view(open.tree, TreeViewFrame{open.document->trace, open.playback.step(), config_.animate,
                                          seconds, open.playback.speed(), fonts_, heat_});
  ImGui::EndChild();
  ImGui::BeginChild("controls", ImVec2(0, controls_h), true, ImGuiWindowFlags_NoScrollbar);
  draw_controls(open.playback, open.document->trace, fonts_);
  ImGui::EndChild();
  ImGui::EndChild();

  ImGui::SameLine(0, 0);
  left_share_ = splitter("##split-columns", true, left_share_, avail.x, splitter_w);
  ImGui::SameLine(0, 0);
  ImGui::BeginChild("right", ImVec2(0, 0), false);
  side_panels(open);
  ImGui::EndChild();
}

void App::export_timeline_of(const OpenTrace& open) {
  const ExportResult result = export_timeline(open.document->trace, config_.open_folder);
  notices_.push_back(
      result.error.empty()
          ? Notice{"Timeline written to " + result.path + "\nOpen it in ui.perfetto.dev.", false}
          : Notice{result.error, true});
  popup_requested_ = true;
}

void App::notice_popup() {
  if (popup_requested_) {
    ImGui::OpenPopup(kNoticePopup);
    popup_requested_ = false;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(420, 0), ImVec2(display.x * 0.8f, display.y * 0.8f));
  if (!ImGui::BeginPopupModal(kNoticePopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::PushTextWrapPos(display.x * 0.7f);
  for (const Notice& notice : notices_) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(notice.error ? colour::error : colour::text));
    ImGui::TextWrapped("%s", notice.text.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  if (ImGui::Button("OK", ImVec2(120, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
    notices_.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace gridlock::viewer
