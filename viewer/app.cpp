// The viewer's frame: menu, then the gallery, one trace or a comparison.
#include "app.hpp"

#include <imgui_internal.h>  // ClosePopupsExceptModals: Esc closes a menu

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "key_help.hpp"
#include "model/key_events.hpp"
#include "model/timeline_export.hpp"
#include "panels/controls_panel.hpp"

namespace gridlock::viewer {

namespace {

constexpr const char* kNoticePopup = "gridlock##notices";  // its own ID: the main window is "gridlock"
constexpr int kKeyF5 = 294;  // GLFW_KEY_F5: the GLFW backend indexes keys by GLFW's codes

}  // namespace

App::App(AppConfig config, const Fonts& fonts, HeatStripRenderer& heat)
    : config_(std::move(config)), fonts_(fonts), heat_(heat) {
  gallery_state_.config = config_.screens.views;
  run_panel_.config = config_.run;
}

App::~App() = default;

TraceScreen* App::current_trace() {
  if (showing_ != Showing::trace || current_ < 0 || current_ >= static_cast<int>(traces_.size()))
    return nullptr;
  return traces_[static_cast<std::size_t>(current_)].get();
}

bool App::animating() const {
  if (!incoming_.empty() || !waiting_.empty() || run_panel_.run.running()) return true;
  if (showing_ == Showing::explore && explore_) return explore_->animating();
  if (showing_ == Showing::comparison && comparison_) return comparison_->animating();
  if (showing_ != Showing::trace || current_ < 0 || current_ >= static_cast<int>(traces_.size()))
    return false;
  return traces_[static_cast<std::size_t>(current_)]->animating();
}

std::string App::title() const {
  if (showing_ == Showing::explore && explore_) return "gridlock \xC2\xB7 " + explore_->title();
  if (showing_ == Showing::comparison && comparison_)
    return "gridlock \xC2\xB7 compare \xC2\xB7 " + comparison_->title();
  if (showing_ != Showing::trace || current_ < 0) return "gridlock";
  const Document& d = traces_[static_cast<std::size_t>(current_)]->document();
  return "gridlock \xC2\xB7 " + (d.trace.lesson_title.empty() ? d.trace.lesson_id : d.trace.lesson_title) +
         " \xC2\xB7 " + d.name;
}

void App::load_gallery() {
  gallery_ = discover_gallery(config_.gallery_search);
  gallery_state_ = GalleryState{};
  gallery_state_.config = config_.screens.views;
  gallery_loaded_ = true;
}

std::shared_ptr<ExploreRecording> App::explore_recording() {
  if (!explore_recording_) {
    if (!gallery_loaded_) load_gallery();
    std::map<std::string, std::string> traces;  // each lesson's classroom trace
    for (const GalleryLesson& lesson : gallery_.lessons)
      if (!lesson.traces.empty()) traces[lesson.id] = lesson.traces.front().path;
    explore_recording_ = std::make_shared<ExploreRecording>(std::move(traces), config_.files);
  }
  return explore_recording_;
}

void App::explore(explore::ModelRun run) {
  explore_ = std::make_unique<ExploreScreen>(std::move(run));
  explore_->set_recording(explore_recording());
  showing_ = Showing::explore;
}

void App::explore_challenge(size_t index) {
  if (index >= explore::challenges().size())
    throw std::invalid_argument("no challenge " + std::to_string(index + 1) + " (there are " +
                                std::to_string(explore::challenges().size()) + ")");
  explore_ = ExploreScreen::for_challenge(index);
  explore_->set_recording(explore_recording());
  showing_ = Showing::explore;
}

void App::show(std::unique_ptr<Document> document, StartAt start) {
  incoming_.push_back({std::move(document), nullptr, start, std::nullopt});
}

void App::compare(std::unique_ptr<Document> a, std::unique_ptr<Document> b, StartAt start) {
  incoming_.push_back({std::move(a), std::move(b), start, std::nullopt});
}

void App::adopt_incoming() {
  for (Incoming& in : incoming_) {
    if (in.other) {
      comparison_ = std::make_unique<CompareScreen>(std::move(in.document), std::move(in.other),
                                                    in.setup ? *in.setup : config_.screens, in.start);
      showing_ = Showing::comparison;
      continue;
    }
    for (std::size_t i = 0; i < traces_.size(); ++i) {
      if (traces_[i]->document().path == in.document->path) {
        traces_.erase(traces_.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
    traces_.push_back(std::make_unique<TraceScreen>(std::move(in.document),
                                                    in.setup ? *in.setup : config_.screens, in.start));
    current_ = static_cast<int>(traces_.size()) - 1;
    showing_ = Showing::trace;
  }
  incoming_.clear();
}

void App::report(const std::string& path, const std::string& error) {
  failures_.erase(std::remove_if(failures_.begin(), failures_.end(),
                                 [&](const OpenFailure& f) { return f.path == path; }),
                  failures_.end());
  failures_.push_back({path, error});
  notices_.push_back({error, true});
  last_notice_ = error;
  popup_requested_ = true;
}

// False when every file of `paths` can be read now; otherwise the open waits for them (and true).
bool App::wait_for_files(const std::vector<std::string>& paths, bool compare, StartAt start) {
  if (!config_.files) return false;
  bool all = true;
  for (const std::string& path : paths) all = config_.files->ready(path) && all;
  if (all) return false;
  waiting_.push_back({paths, compare, start});
  return true;
}

// The opens whose files have arrived, or failed to, in the order they were asked for.
void App::open_fetched() {
  for (std::size_t i = 0; i < waiting_.size();) {
    Waiting& w = waiting_[i];
    bool arrived = true, failed = false;
    for (const std::string& path : w.paths) {
      const std::string failure = config_.files->failure(path);
      if (!failure.empty()) {
        report(path, failure);
        failed = true;
      } else if (!config_.files->ready(path)) {
        arrived = false;
      }
    }
    if (!failed && !arrived) {
      ++i;
      continue;
    }
    const Waiting done = std::move(w);
    waiting_.erase(waiting_.begin() + static_cast<std::ptrdiff_t>(i));
    if (failed) continue;
    if (done.compare)
      compare_files(done.paths[0], done.paths[1], done.start);
    else
      open_files(done.paths, done.start);
  }
}

void App::ask_for_files() {
  if (config_.pick_files)
    config_.pick_files();
  else
    request_open_dialog(open_dialog_, config_.open_folder);
}

void App::open_files(const std::vector<std::string>& paths, StartAt start) {
  if (wait_for_files(paths, false, start)) return;
  for (const std::string& path : paths) {
    LoadResult loaded = load_document(path);
    if (loaded.ok()) {
      failures_.erase(std::remove_if(failures_.begin(), failures_.end(),
                                     [&](const OpenFailure& f) { return f.path == path; }),
                      failures_.end());
      if (config_.settings) config_.settings->add_recent(std::filesystem::absolute(path).string());
      show(std::move(loaded.document), start);
    } else {
      report(path, loaded.error);
    }
  }
}

void App::compare_files(const std::string& a, const std::string& b, StartAt start) {
  if (wait_for_files({a, b}, true, start)) return;
  LoadResult first = load_document(a);
  LoadResult second = load_document(b);
  if (!first.ok()) report(a, first.error);
  if (!second.ok()) report(b, second.error);
  if (first.ok() && second.ok()) compare(std::move(first.document), std::move(second.document), start);
}

void App::reload(TraceScreen& screen) {
  const std::string path = screen.document().path;
  LoadResult loaded = load_document(path);
  if (!loaded.ok()) {
    report(path, loaded.error);
    return;
  }
  StartAt start;
  start.step = screen.playback().step();
  show(std::move(loaded.document), start);
}

void App::frame(float seconds) {
  begin_lecture();
  if (!waiting_.empty()) open_fetched();
  adopt_incoming();
  if (autoplay_) {
    auto keep_playing = [](auto& cursor) {
      if (cursor.playing()) return;
      if (cursor.at_last()) cursor.first();
      cursor.play();
    };
    if (TraceScreen* screen = current_trace()) keep_playing(screen->playback());
    if (showing_ == Showing::comparison && comparison_) keep_playing(comparison_->cursor());
  }
  ImGuiIO& io = ImGui::GetIO();
  window_keys();
  if (!ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    lecture_keys();
    if (TraceScreen* screen = current_trace()) {
      screen->marker_keys();
      handle_playback_keys(screen->playback());
    }
    if (showing_ == Showing::comparison && comparison_) {
      comparison_->marker_keys();
      handle_playback_keys(comparison_->cursor());
    }
    if (showing_ == Showing::explore && explore_) explore_->keys();
  }
  const float bar = lecture_bar_height();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, std::max(1.0f, io.DisplaySize.y - bar)));
  // The presenter's layout (a small window at a large scale) hides the menu bar until Alt is held
  // or the pointer comes to the top edge: every entry has a key.
  const bool menu = !compact_layout(fonts_) || io.KeyAlt ||
                    ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) ||
                    (io.MousePos.y >= 0 && io.MousePos.y < ImGui::GetFrameHeight());
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | (menu ? ImGuiWindowFlags_MenuBar : 0) |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground;
  // No background of its own: the frame is cleared to it (main.cpp), and on a software renderer
  // every full-window fill costs a frame's worth of pixels.
  ImGui::Begin("gridlock", nullptr, flags);
  if (menu) menu_bar();
  if (TraceScreen* screen = current_trace()) {
    screen->draw(seconds, fonts_, heat_);
    if (const std::optional<FactLink> other = screen->take_open_request()) {
      StartAt at;
      at.fact = other->key;
      open_files({other->trace_path}, at);
    }
  } else if (showing_ == Showing::comparison && comparison_) {
    if (!comparison_->draw(seconds, fonts_, heat_)) showing_ = Showing::gallery;
  } else if (showing_ == Showing::explore && explore_) {
    if (!explore_->draw(fonts_)) showing_ = Showing::gallery;
  } else {
    gallery_view();
  }

  const std::string chosen = draw_open_dialog(open_dialog_, fonts_);
  if (!chosen.empty()) open_files({chosen});
  notice_popup();
  ImGui::End();
  if (lecture_) lecture_bar(bar);
  run_panel();
}

// Keys for the window as a whole. Letter keys are indexed by their upper-case ASCII code (the
// GLFW backend's key codes).
void App::window_keys() {
  KeyEvents& keys = frame_keys();
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    // Esc closes an open menu (a modal dialog answers Esc itself; full screen has F11).
    if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::ClosePopupsExceptModals();
    return;
  }
  if (keys.pressed('O', false, KeyEvents::kCtrl)) ask_for_files();
  if (keys.pressed('R', false, KeyEvents::kCtrl) || keys.pressed(kKeyF5))
    if (TraceScreen* screen = current_trace()) reload(*screen);
  if (keys.pressed('Q', false, KeyEvents::kCtrl)) quit_ = true;
  if (ImGui::GetIO().WantTextInput) return;
  if (keys.pressed_plain('G', false)) showing_ = Showing::gallery;
  if (keys.pressed_plain('C', false)) {
    if (showing_ == Showing::comparison && !traces_.empty())
      showing_ = Showing::trace;
    else if (current_trace() && comparison_ &&
             comparison_->document(0).path == current_trace()->document().path)
      showing_ = Showing::comparison;
    else
      open_comparison_of_shown();
  }
  // Ctrl+PageDown / Ctrl+PageUp: the next / previous open trace, the comparison last.
  const int screens = static_cast<int>(traces_.size()) + (comparison_ ? 1 : 0);
  const int down = ImGui::GetKeyIndex(ImGuiKey_PageDown), up = ImGui::GetKeyIndex(ImGuiKey_PageUp);
  const int step = keys.pressed(down, true, KeyEvents::kCtrl) ? 1
                   : keys.pressed(up, true, KeyEvents::kCtrl) ? -1
                                                              : 0;
  if (step != 0 && screens > 0) {
    int at = showing_ == Showing::comparison ? static_cast<int>(traces_.size())
             : showing_ == Showing::trace    ? current_
                                             : (step > 0 ? -1 : screens);
    at = ((at + step) % screens + screens) % screens;
    if (at < static_cast<int>(traces_.size())) {
      current_ = at;
      showing_ = Showing::trace;
    } else {
      showing_ = Showing::comparison;
    }
    keys.consume(down);
    keys.consume(up);
  }
}

void App::file_menu() {
  TraceScreen* screen = current_trace();
  if (ImGui::MenuItem("Open\xE2\x80\xA6", "Ctrl+O")) ask_for_files();
  if (ImGui::BeginMenu("Open recent", config_.settings && !config_.settings->recent.empty())) {
    std::string chosen;
    for (const std::string& path : config_.settings->recent)
      if (ImGui::MenuItem(path.c_str())) chosen = path;
    ImGui::EndMenu();
    if (!chosen.empty()) open_files({chosen});
  }
  if (ImGui::MenuItem("Gallery", nullptr, showing_ == Showing::gallery)) showing_ = Showing::gallery;
  if (ImGui::MenuItem("Reload", "Ctrl+R", false, screen != nullptr)) reload(*screen);
  if (ImGui::MenuItem("Export timeline for Perfetto", nullptr, false, screen != nullptr))
    export_timeline_of(*screen);
  if (ImGui::MenuItem("Close trace", nullptr, false, screen != nullptr)) {
    traces_.erase(traces_.begin() + current_);
    current_ = traces_.empty() ? -1 : static_cast<int>(traces_.size()) - 1;
    showing_ = traces_.empty() ? Showing::gallery : Showing::trace;
  }
  if (ImGui::MenuItem("Close comparison", nullptr, false, comparison_ != nullptr)) {
    comparison_.reset();
    if (showing_ == Showing::comparison) showing_ = Showing::gallery;
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Quit")) quit_ = true;
}

// The model's kernels and challenges: no GPU needed, in a browser too.
void App::explore_menu() {
  ImGui::TextDisabled("Challenges");
  const std::vector<explore::Challenge>& all = explore::challenges();
  for (size_t i = 0; i < all.size(); ++i)
    if (ImGui::MenuItem((all[i].title + "##challenge").c_str())) explore_challenge(i);
  ImGui::Separator();
  ImGui::TextDisabled("Kernels, two blocks on two SMs");
  for (const std::string& name : explore::model_kernel_names())
    if (ImGui::MenuItem(name.c_str())) {
      explore::ModelRun run;
      run.kernel = name;
      explore(run);
    }
  if (explore_ && ImGui::MenuItem("Back to the last one", nullptr, showing_ == Showing::explore))
    showing_ = Showing::explore;
}

void App::menu_bar() {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    file_menu();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Export")) {
    export_menu();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Run")) {
    if (ImGui::MenuItem("Run on this GPU\xE2\x80\xA6", nullptr, false, shown_document() != nullptr))
      open_run_panel();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Explore")) {
    explore_menu();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Traces", !traces_.empty() || comparison_)) {
    for (std::size_t i = 0; i < traces_.size(); ++i) {
      const Document& d = traces_[i]->document();
      std::string label = d.trace.lesson_title + "  \xC2\xB7  " + d.name + "##" + std::to_string(i);
      if (ImGui::MenuItem(label.c_str(), nullptr,
                          showing_ == Showing::trace && static_cast<int>(i) == current_)) {
        current_ = static_cast<int>(i);
        showing_ = Showing::trace;
      }
    }
    if (comparison_ && ImGui::MenuItem(("Compare  \xC2\xB7  " + comparison_->title()).c_str(), nullptr,
                                       showing_ == Showing::comparison))
      showing_ = Showing::comparison;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    help_menu();
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void App::help_menu() {
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const KeyHelp& k : key_help()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k.keys);
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", k.what);
    }
    ImGui::EndTable();
  }
}

// PageDown / PageUp a page, Home / End the top / the bottom, ↑ ↓ a line: the gallery's cards
// without the wheel.
void App::gallery_keys() {
  const KeyEvents& keys = frame_keys();
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) || ImGui::GetIO().WantTextInput) return;
  const float page = 0.9f * ImGui::GetWindowHeight(), line = ImGui::GetTextLineHeightWithSpacing();
  float y = ImGui::GetScrollY();
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_PageDown), true)) y += page;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_PageUp), true)) y -= page;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow), true)) y += line;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow), true)) y -= line;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_Home))) y = 0.0f;
  if (keys.pressed(ImGui::GetKeyIndex(ImGuiKey_End))) y = ImGui::GetScrollMaxY();
  if (y != ImGui::GetScrollY()) ImGui::SetScrollY(std::clamp(y, 0.0f, ImGui::GetScrollMaxY()));
}

// C on a trace: the first comparison its lesson declares with it (the lesson index's pairs), or
// for a classroom card with the full-sized trace of its variant.
void App::open_comparison_of_shown() {
  TraceScreen* screen = current_trace();
  if (!screen) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path shown = fs::weakly_canonical(screen->document().path, ec);
  // A classroom card compares as the full-sized trace of its variant does (x.classroom.json: x.json).
  fs::path full = shown;
  if (shown.stem().extension() == ".classroom") full.replace_filename(shown.stem().stem().string() + ".json");
  for (const std::string& index_path : config_.gallery_search.index_files) {
    std::ifstream in(index_path);
    if (!in) continue;
    std::vector<std::string> problems;
    for (const trace::LessonEntry& lesson :
         trace::parse_lesson_index(in, fs::path(index_path).parent_path().string(), problems)) {
      for (const auto& [a, b] : lesson.compare) {
        const fs::path first = fs::weakly_canonical(fs::path(lesson.folder) / "recorded" / a, ec);
        const fs::path second = fs::weakly_canonical(fs::path(lesson.folder) / "recorded" / b, ec);
        if (first == shown || second == shown || first == full || second == full) {
          compare_files(first.string(), second.string());
          return;
        }
      }
    }
    break;
  }
  notices_.push_back({"The lesson declares no comparison with " + screen->document().name + ".", false});
  popup_requested_ = true;
}

void App::gallery_view() {
  if (!gallery_loaded_) load_gallery();
  // The cards stand on the window's own background, which the frame is cleared to: a panel fill
  // behind them would cost a software renderer (SwiftShader in a browser) a window of pixels.
  ImGui::BeginChild("gallery", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
  gallery_keys();
  if (config_.settings) gallery_state_.theme = config_.settings->theme;
  gallery_state_.files = config_.files;
  GalleryChoice choice = draw_gallery(gallery_, gallery_state_, failures_, fonts_, heat_);
  ImGui::EndChild();
  if (choice.browse) ask_for_files();
  if (!choice.open_path.empty()) open_files({choice.open_path});
  if (!choice.compare_a.empty()) compare_files(choice.compare_a, choice.compare_b);
}

void App::export_timeline_of(const TraceScreen& screen) {
  const ExportResult result = export_timeline(screen.document().trace, config_.open_folder,
                                              std::filesystem::path(screen.document().path).stem().string());
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
