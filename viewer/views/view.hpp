// What every visualisation of a trace is to the viewer: a TraceView. The registry
// (views/registry.hpp) makes the views that apply to a trace; the trace screen shows them in
// tabs, compare mode shows one on each side, and the gallery asks the first for its card's
// thumbnail. A view derives what it needs from the trace once, when it is made, and keeps its
// own UI state (zoom, pan, folded rows) between frames.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <optional>
#include <string>

#include "format.hpp"
#include "model/playback.hpp"
#include "model/step_times.hpp"
#include "model/time_range.hpp"
#include "render/heat_strip.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// What one frame of a view works from.
struct ViewFrame {
  const trace::Trace& trace;
  Cursor cursor;           // the step shown, and the time on the trace's clock
  const StepTimes& times;  // the trace's step windows
  bool playing = false;
  double speed = 1.0;   // steps per second
  bool animate = true;  // false: draw the step complete (screenshots)
  float seconds = 0;    // since the last frame
  const Fonts& fonts;
  HeatStripRenderer& heat;
  // Compare mode: the time range both sides' timelines show (they share one axis), and the span
  // it may move in, on the shared clock, which this trace's clock reads through shared_map.
  // Null: the view keeps its own.
  TimeRange* shared_range = nullptr;
  const TimeRange* shared_full = nullptr;
  ClockMap shared_map;
  // Set by a view to move the cursor to a time on this trace's clock (a click on a timeline).
  std::optional<int64_t>* seek = nullptr;
  // A question is open (model/questions.hpp): what happens after the cursor stays covered.
  bool curtain = false;
};

// The cursor's time as the view prints it (format_cursor_time): in compare mode, the offset from
// this run's launch (its first event).
inline std::string cursor_time_text(const ViewFrame& f) {
  return format_cursor_time(f.cursor.t_ns, f.times.begin_ns(), f.shared_range != nullptr, f.trace.clock.unit);
}

// Where a gallery card's thumbnail goes.
struct ThumbnailPaint {
  const Fonts& fonts;
  HeatStripRenderer& heat;
  ImDrawList* list;
  ImVec2 min, max;  // the frame, pixels
};

class TraceView {
 public:
  virtual ~TraceView() = default;
  virtual const char* name() const = 0;   // the registry's name: --view, tests
  virtual const char* title() const = 0;  // the tab's label
  // Draws into the remaining space of the current ImGui window.
  virtual void draw(const ViewFrame& frame) = 0;
  // Whether the view changes on its own in the next frames (edges growing in).
  virtual bool animating() const { return false; }
  // The trace in miniature, inside p's frame (the caller paints the frame's background).
  virtual void paint_thumbnail(const ThumbnailPaint& p) = 0;
  // Brings one of the trace's series or timings into sight and marks it (a fact's number was taken
  // from it); views without such items ignore it.
  virtual void show_item(int /*index*/) {}
};

}  // namespace gridlock::viewer
