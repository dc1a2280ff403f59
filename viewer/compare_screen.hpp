// Compare mode on screen: two traces side by side under one time cursor (model/compare.hpp).
// Each side is labelled with its trace's variant (or file name), shows the step it had reached at
// the cursor's time with its caption, and draws the chosen view; both timelines share one time
// axis, each read on its own trace's clock: by default with the runs' first events together (or,
// where the two clocks measure different things, a model's ticks beside a GPU's nanoseconds,
// with the whole runs on top of each other); the header offers each trace's own origin too. One
// playback bar below drives both.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "model/compare.hpp"
#include "model/compare_markers.hpp"
#include "model/document.hpp"
#include "model/time_range.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "trace_screen.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

class CompareScreen {
 public:
  // `start.step` is a step of the first trace (the time goes where it shows it); `start.time_ns`,
  // when given, the shared time.
  CompareScreen(std::unique_ptr<Document> a, std::unique_ptr<Document> b, const ScreenSetup& setup,
                StartAt start);

  CompareCursor& cursor() { return cursor_; }
  // Both sides' event markers on the shared clock (model/compare_markers.hpp).
  const std::vector<CompareMarker>& markers() const { return markers_; }
  // This frame's marker keys (] [ N), before the playback keys.
  void marker_keys();
  const Document& document(int side) const { return *sides_[static_cast<std::size_t>(side & 1)].document; }
  const std::string& label(int side) const { return sides_[static_cast<std::size_t>(side & 1)].label; }
  bool animating() const;
  // "a.json ↔ b.json"
  std::string title() const;
  // Fills the current window. Returns false when the user closed the comparison.
  bool draw(float seconds, const Fonts& fonts, HeatStripRenderer& heat);

 private:
  struct Side {
    std::unique_ptr<Document> document;
    std::vector<std::unique_ptr<TraceView>> views;
    std::string label;  // the variant, else the file name
  };
  TraceView* view_of(Side& side) const;  // the shown view's kind on that side, or null
  void header(const Fonts& fonts, bool& keep_open);
  void title_row(const Fonts& fonts, bool& keep_open);
  void align(Alignment alignment);
  void alignment_combo();
  void column(int side, float seconds, const Fonts& fonts, HeatStripRenderer& heat,
              std::optional<int64_t>& seek);

  std::array<Side, 2> sides_;
  struct Tab {
    std::string name, title;
  };
  std::vector<Tab> tabs_;  // the views that apply to either side, in registry order
  int shown_ = 0;
  bool select_view_ = true;
  CompareCursor cursor_;
  std::array<std::vector<EventMarker>, 2> side_markers_;  // each side's, by its own steps
  std::vector<CompareMarker> markers_;                    // on the shared clock, made again on align
  TimeRange range_, full_;  // the time both timelines show, and the span of both runs
  bool animate_ = true;
  std::shared_ptr<PanelLayout> layout_;      // its picture mode hides the header row
  std::array<float, 2> caption_h_ = {0, 0};  // each side's caption, as tall as it was last frame
};

}  // namespace gridlock::viewer
