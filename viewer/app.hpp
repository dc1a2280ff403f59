// The viewer application: the gallery, the open traces and a comparison, and the UI of one
// frame. Knows ImGui and the renderers, not GLFW: main.cpp owns the window and feeds it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compare_screen.hpp"
#include "explore_screen.hpp"
#include "export_animation.hpp"
#include "lecture_stops.hpp"
#include "model/document.hpp"
#include "model/file_source.hpp"
#include "model/gallery.hpp"
#include "model/presenter_settings.hpp"
#include "panels/export_menu.hpp"
#include "panels/gallery_panel.hpp"
#include "panels/open_dialog.hpp"
#include "panels/run_panel.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "trace_screen.hpp"

namespace gridlock::viewer {

struct AppConfig {
  GallerySearch gallery_search;
  std::string open_folder;                // where the Open dialog starts
  ScreenSetup screens;                    // how traces and comparisons start (views, first view and panel)
  PresenterSettings* settings = nullptr;  // where opened files are remembered; null: nowhere
  RunPanelConfig run;                     // Run on this GPU: where lessons are found, where new traces go
  FileSource* files = nullptr;            // files fetched before they are read (a browser); null: on disk
  std::function<void()> pick_files;       // set: Open asks it (a browser's file picker), not the dialog
};

class App {
 public:
  App(AppConfig config, const Fonts& fonts, HeatStripRenderer& heat);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Shows an already loaded trace from the next frame on: a trace replaced mid-frame could still
  // have strips of its texture queued for drawing.
  void show(std::unique_ptr<Document> document, StartAt start = {});
  // Shows two loaded traces side by side, from the next frame on.
  void compare(std::unique_ptr<Document> a, std::unique_ptr<Document> b, StartAt start = {});
  // Opens trace files (command line, drops, the dialog). Those that fail are listed in the
  // gallery and reported in a popup; the last one that opens is shown.
  void open_files(const std::vector<std::string>& paths, StartAt start = {});
  // Opens two trace files side by side; a failure is reported as open_files reports it.
  void compare_files(const std::string& a, const std::string& b, StartAt start = {});
  // Lists the lessons' recorded traces; done the first time the gallery is shown.
  void load_gallery();
  // Shows a kernel in the model (Explore), or the challenge `index` of explore::challenges().
  // Throws std::invalid_argument for a run or challenge the model does not have.
  void explore(explore::ModelRun run);
  void explore_challenge(size_t index);

  // Walks `lecture` from its first stop: PageDown and PageUp (a clicker's keys) move between the
  // stops, and a bar at the bottom shows the stop, its claim's verdict and what to say.
  void start_lecture(ResolvedLecture lecture, int first_stop = 0);
  // The stop shown (counted from 0), or -1 without a lecture.
  int lecture_stop() const { return lecture_ ? stop_ : -1; }

  // Keeps the shown trace or comparison playing, from the start again after the end (the
  // benchmark's playback).
  void set_autoplay(bool on) { autoplay_ = on; }

  // Builds the UI of one frame; `seconds` have passed since the last.
  void frame(float seconds);
  bool quit_requested() const { return quit_; }
  // Whether the next frames change on their own (playing, edges growing in, traces waiting to
  // be shown). When not, the frame loop may sleep until the next input event.
  bool animating() const;
  // The latest message the notice popup was given (the web page shows it to its tests).
  const std::string& last_notice() const { return last_notice_; }
  // Whether an open waits for its files to arrive (config files: a browser fetching them).
  bool waiting_for_files() const { return !waiting_.empty(); }
  // "gridlock", or "gridlock · <lesson title> · <file>" while a trace is shown.
  std::string title() const;

  // Opens the Run on this GPU window for the shown trace (the first side of a comparison).
  void open_run_panel();
  // Whether a lesson started from the window is still running.
  bool lesson_running() const { return run_panel_.run.running(); }
  // An export chosen in the Export menu, taken once; main.cpp renders it (export_animation.hpp).
  std::optional<ExportRequest> take_export_request();
  // The moves an exported animation makes through what is shown now (steps of a trace, moments
  // of a comparison), within `range`; the playback is paused. Empty when nothing is shown.
  std::vector<Move> animation_moves(const ExportRange& range);
  // A move back to what is shown now.
  Move current_moment();
  // Says `message` in the notice popup (how an export went, what a page address asked for in vain).
  void notify(const std::string& message, bool error);

 private:
  enum class Showing { gallery, trace, comparison, explore };

  void menu_bar();
  void help_menu();
  void begin_lecture();
  void go_to_stop(int index);
  void lecture_keys();
  float lecture_bar_height() const;
  void lecture_bar(float height);
  void window_keys();
  void gallery_keys();
  void open_comparison_of_shown();
  void file_menu();
  void explore_menu();
  void gallery_view();
  void notice_popup();
  void export_timeline_of(const TraceScreen& screen);
  Move move_to_step(int step);   // of the trace shown now
  Move move_to_time(int64_t t);  // of the comparison shown now
  void export_menu();
  void run_panel();
  const Document* shown_document() const;
  void reload(TraceScreen& screen);
  void report(const std::string& path, const std::string& error);
  void adopt_incoming();
  void ask_for_files();
  bool wait_for_files(const std::vector<std::string>& paths, bool compare, StartAt start);
  void open_fetched();
  TraceScreen* current_trace();

  // Opens asked for before their files had arrived (config_.files): done once they have.
  struct Waiting {
    std::vector<std::string> paths;
    bool compare = false;
    StartAt start;
  };
  std::vector<Waiting> waiting_;

  struct Incoming {
    std::unique_ptr<Document> document;
    std::unique_ptr<Document> other;  // set: compare the two
    StartAt start;
    std::optional<ScreenSetup> setup;  // set: how this one starts, instead of the app's setup
  };
  std::vector<Incoming> incoming_;  // shown from the start of the next frame

  AppConfig config_;
  const Fonts& fonts_;
  HeatStripRenderer& heat_;
  std::vector<std::unique_ptr<TraceScreen>> traces_;
  std::unique_ptr<CompareScreen> comparison_;
  std::unique_ptr<ExploreScreen> explore_;
  std::shared_ptr<ExploreRecording> explore_recording_;  // made from the gallery the first time
  std::shared_ptr<ExploreRecording> explore_recording();
  Showing showing_ = Showing::gallery;
  int current_ = -1;  // index into traces_ while showing a trace
  Gallery gallery_;
  GalleryState gallery_state_;
  bool gallery_loaded_ = false;
  std::vector<OpenFailure> failures_;  // every file that did not open
  struct Notice {
    std::string text;
    bool error = false;
  };
  std::vector<Notice> notices_;  // messages not yet acknowledged: failures, finished exports
  std::string last_notice_;      // the latest of them, acknowledged or not
  bool popup_requested_ = false;
  OpenDialogState open_dialog_;
  bool quit_ = false;
  bool autoplay_ = false;
  RunPanelState run_panel_;
  ExportMenuState export_menu_;
  std::optional<ExportRequest> export_request_;
  std::optional<ResolvedLecture> lecture_;
  int stop_ = 0;
  bool lecture_starting_ = false;  // the first stop opens in the next frame
  // Whether the bar shows what to say (H switches); unset: shown, except in the presenter's layout
  // (a small window at a large scale is a projector, and the notes are the lecturer's).
  std::optional<bool> lecture_notes_;
  bool lecture_notes() const;
};

}  // namespace gridlock::viewer
