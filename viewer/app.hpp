// The viewer application: the open traces, the gallery, and the UI of one frame.
// Knows ImGui and the renderers, not GLFW: main.cpp owns the window and feeds it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/document.hpp"
#include "model/gallery.hpp"
#include "model/playback.hpp"
#include "panels/gallery_panel.hpp"
#include "panels/open_dialog.hpp"
#include "panels/source_panel.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/tree_view.hpp"

namespace gridlock::viewer {

struct AppConfig {
  GallerySearch gallery_search;
  std::string open_folder;  // where the Open dialog starts
  bool animate = true;      // false for screenshots: every step is drawn complete
  double tree_zoom = 1.0;   // how a newly opened trace's tree starts
  Arrangement tree_arrangement = Arrangement::memory;
  std::string first_panel = "claims";  // claims, timeline (or warps), lesson or run
};

class App {
 public:
  App(AppConfig config, const Fonts& fonts, HeatStripRenderer& heat);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Shows an already loaded trace at `step` (clamped into range), from the next frame on: a
  // trace replaced mid-frame could still have strips of its texture queued for drawing.
  void show(std::unique_ptr<Document> document, int step = 0);
  // Opens trace files (command line, drops, the dialog). Those that fail are listed in the
  // gallery and reported in a popup; the last one that opens is shown.
  void open_files(const std::vector<std::string>& paths);
  // Lists the lessons' recorded traces; done the first time the gallery is shown.
  void load_gallery();

  // Builds the UI of one frame; `seconds` have passed since the last.
  void frame(float seconds);
  bool quit_requested() const { return quit_; }
  // Whether the next frames change on their own (playing, edges growing in, traces waiting to
  // be shown). When not, the frame loop may sleep until the next input event.
  bool animating() const;
  // "gridlock", or "gridlock · <lesson title> · <file>" while a trace is shown.
  std::string title() const;

 private:
  struct OpenTrace;

  void menu_bar();
  void gallery_view();
  void document_view(OpenTrace& open, float seconds);
  void header(const OpenTrace& open);
  void header_markers(const trace::Trace& t, float line_y);
  void step_caption(const OpenTrace& open);
  void side_panels(OpenTrace& open);
  void notice_popup();
  void export_timeline_of(const OpenTrace& open);
  void reload(OpenTrace& open);
  void report(const std::string& path, const std::string& error);
  void adopt_incoming();

  struct Incoming {
    std::unique_ptr<Document> document;
    int step = 0;
  };
  std::vector<Incoming> incoming_;  // shown from the start of the next frame

  AppConfig config_;
  const Fonts& fonts_;
  HeatStripRenderer& heat_;
  std::vector<std::unique_ptr<OpenTrace>> traces_;
  int current_ = -1;  // index into traces_; -1 shows the gallery
  Gallery gallery_;
  GalleryState gallery_state_;
  bool gallery_loaded_ = false;
  std::vector<OpenFailure> failures_;  // every file that did not open
  struct Notice {
    std::string text;
    bool error = false;
  };
  std::vector<Notice> notices_;  // messages not yet acknowledged: failures, finished exports
  bool popup_requested_ = false;
  OpenDialogState open_dialog_;
  float left_share_ = 0.60f;    // width of the tree column
  float source_share_ = 0.56f;  // height of the source panel in the right column
  bool quit_ = false;
  bool select_first_panel_ = true;  // select config_.first_panel's tab once
};

}  // namespace gridlock::viewer
