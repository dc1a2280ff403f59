// One open trace on screen: its header and step caption; the views that apply to it, in tabs
// over the canvas when more than one does; the playback bar; beside them the source, and the
// claims, step timeline, lesson and run panels. Owns the trace, its playback cursor and its views.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/document.hpp"
#include "model/event_markers.hpp"
#include "model/fact_places.hpp"
#include "model/playback.hpp"
#include "panels/question_card.hpp"
#include "panels/source_panel.hpp"
#include "panels/timeline_panel.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "views/registry.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

// Where a trace opens: at a step (negative counts from the end: -1 the last; clamped into range),
// or at a time on its clock when one is given: from the clock's origin, or, with
// `after_first_event`, that long after the run's first event (so that a re-recorded trace, whose
// origin lies elsewhere, opens at the same moment of the run).
struct StartAt {
  int step = 0;
  std::optional<int64_t> time_ns;
  bool after_first_event = false;
  bool keep_step = false;  // with time_ns: `step` is shown, the time at that moment of it
  // A fact key: the screen opens where its number was taken (instead of the above, when its fact
  // names an origin), with the Lesson panel at the README's sentence that gives it.
  std::string fact;
};

// The panel layout every trace screen shares (and the settings file remembers): the splitters'
// positions and the tab below the source.
struct PanelLayout {
  float left_share = 0.60f;    // width of the canvas column
  float source_share = 0.56f;  // height of the source panel in the right column
  std::string panel = "claims";
  // PageDown / PageUp (a clicker's keys) jump between the scrubber's markers instead of stepping
  // (M switches). For the session only: a new talk starts with steps.
  bool pages_jump_to_markers = false;
  // P: the picture alone. The source, the claims, the header and the playback bar give their room
  // to the view; the step's caption stays, and every key still works. For the session only.
  bool picture = false;
};

// How screens start.
struct ScreenSetup {
  ViewConfig views;
  std::string first_view;              // a registry name; empty or not applicable: the first view
  std::string first_panel = "claims";  // claims, timeline (or warps), lesson or run
  std::string first_source;            // the carried source shown first (a path's end); empty: the step's
  std::string first_fact;              // a fact key: the Lesson panel opens where the README gives it
  bool panels_wanted = false;          // this screen opens with its panels even in the picture mode
  int first_question = -1;             // the question (model/questions.hpp) open at the start; -1: none
  bool reveal = false;                 // with first_question: its answer shown
  bool animate = true;                 // false for screenshots: every step is drawn complete
  // Shared by the screens, so that a splitter moved on one holds on the next; null: each its own.
  std::shared_ptr<PanelLayout> layout;
};

class TraceScreen {
 public:
  TraceScreen(std::unique_ptr<Document> document, const ScreenSetup& setup, StartAt start);

  const Document& document() const { return *document_; }
  Playback& playback() { return playback_; }
  const std::vector<EventMarker>& markers() const { return markers_; }
  // This frame's keys for the scrubber's markers (panels/scrubber_markers.hpp); before the
  // playback keys, which they may take PageDown and PageUp from.
  void marker_keys();
  // Playing, or the shown view moving on its own.
  bool animating() const;
  // A question is open and its answer not yet shown: the outcome stays hidden.
  bool hides_outcome() const { return quiz_.hides_outcome(); }
  // Fills the current window; `seconds` have passed since the last frame.
  void draw(float seconds, const Fonts& fonts, HeatStripRenderer& heat);
  // Moves to where the fact `key` can be seen (model/fact_places.hpp): its step and moment, or the
  // view that shows it. False when the fact names no origin.
  bool go_to_fact(const std::string& key);
  // A README number of another trace that the Lesson panel's reader clicked: that trace, to be
  // opened where the number was taken (StartAt::fact). Taken once.
  std::optional<FactLink> take_open_request() { return std::exchange(open_request_, std::nullopt); }

 private:
  // The index of the view that draws the fact placed at `place` (a series, a timing), told to bring
  // that item into sight; -1 when the place names no view of this screen.
  int view_showing(const FactPlace& place);
  void canvas(float seconds, const Fonts& fonts, HeatStripRenderer& heat);
  void side_panels(const Fonts& fonts);
  void panel_keys();

  std::unique_ptr<Document> document_;
  Playback playback_;
  std::vector<EventMarker> markers_;  // the trace's important events, for the scrubber
  std::vector<std::string> whys_;     // per step, why its phase is written so (the caption's last line)
  std::vector<std::unique_ptr<TraceView>> views_;
  int shown_ = 0;
  bool select_view_ = true;  // select views_[shown_]'s tab once
  SourcePanelState source_;
  QuizState quiz_;
  TimelinePanelState step_timeline_;
  std::string first_panel_;
  std::string readme_scroll_to_;  // ScreenSetup::first_fact, until the Lesson panel has scrolled there
  std::optional<FactLink> open_request_;
  bool select_panel_ = true;  // select first_panel_'s tab once
  bool animate_ = true;
  std::shared_ptr<PanelLayout> layout_;
  bool compact_ = false;           // the presenter's layout for a small window at a large scale
  bool panels_wanted_ = false;     // ScreenSetup::panels_wanted, until P is pressed here
  bool opened_on_source_ = false;  // ScreenSetup::first_source named one of the trace's sources
};

// P switches the picture mode of `layout` (PanelLayout::picture); true when it was pressed.
bool picture_key(PanelLayout& layout);

// Whether the window is small for the scale: 1100x640 at scale 1 is the least the full layout needs.
bool compact_layout(const Fonts& fonts);

}  // namespace gridlock::viewer
