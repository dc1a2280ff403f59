// The registry of views: one row per visualisation, chosen by what a trace holds (a tree, events
// on a clock, series of runs), never by lesson, so user and model traces get the same views.
// Adding a view: its file, and one row in registry.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/tree_layout.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

class TraceView;

// How newly made views start (the command line's --zoom and --tree-order).
struct ViewConfig {
  double tree_zoom = 1.0;
  Arrangement tree_arrangement = Arrangement::memory;
  int64_t tree_followed_thread = -1;  // the thread the tree view follows first; -1: none
  // The timeline's first time range, on the trace's clock (--marker: around the moment and what
  // its flows come from); none: the whole run.
  std::optional<std::pair<int64_t, int64_t>> timeline_window;
  bool timeline_window_after_first_event = false;  // --time-range +FROM:+TO
  // The rows the timeline opens on (with their parents); empty: as many levels as fit.
  std::vector<int> timeline_tracks;
  bool timeline_pinned = true;  // with timeline_tracks: whether the pinned rows stay
};

struct ViewEntry {
  const char* name;  // "tree", "timeline", "histogram": --view and the tests
  bool (*applies)(const trace::Trace& trace);
  std::unique_ptr<TraceView> (*make)(const trace::Trace& trace, const ViewConfig& config);
};

// Every view, in the order their tabs appear (the first that applies is shown first and draws
// the gallery card's thumbnail).
const std::vector<ViewEntry>& view_registry();

// The names of all views, and of those that apply to a trace, in registry order.
std::vector<std::string> view_names();
std::vector<std::string> applicable_views(const trace::Trace& trace);

// The views that apply to a trace, made (derived from the trace) now.
std::vector<std::unique_ptr<TraceView>> make_views(const trace::Trace& trace, const ViewConfig& config);

// The first view that applies, or null when none does.
std::unique_ptr<TraceView> make_first_view(const trace::Trace& trace, const ViewConfig& config);

}  // namespace gridlock::viewer
