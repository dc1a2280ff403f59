// The whole run on one clock: a row per track, nested as the tracks' parent fields say (an SM's
// blocks, a block's warps), with every step's slices, instants and counters, and the flows
// between events, also across steps. Built once per trace. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/timeline.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// Time a group's nested rows spend in outermost slices of one category, merged where they
// overlap: what a collapsed group shows.
struct SummarySpan {
  int64_t begin_ns = 0;
  int64_t end_ns = 0;
  trace::Category category = trace::Category::work;
};

struct RunRow {
  int track = -1;  // the track's id
  std::string name;
  trace::TrackKind kind = trace::TrackKind::block;
  int depth = 0;        // 0 for a track without a parent
  int parent = -1;      // the row of the parent track; -1 at the top
  int end = 0;          // one past the last row nested in this one (rows are in depth-first order)
  bool pinned = false;  // kept in view above the others: a top-level memory or lock track, or counters
  TimelineRow events;   // the track's own slices, instants and counters
  std::vector<SummarySpan> summary;  // of the rows nested in it, by category in Category order
  bool has_events() const {
    return !events.slices.empty() || !events.instants.empty() || !events.counters.empty();
  }
};

// A flow between two events of the run (one per end of a flow with several ends).
struct RunFlow {
  int id = 0;
  int step = 0;                  // the step holding the event it starts at
  int from_row = 0, to_row = 0;  // indices into RunTimeline::rows
  int64_t from_ns = 0, to_ns = 0;
  bool to_moment = false;  // it ends at a moment: what the moment contradicts
};

struct RunTimeline {
  // Tracks with events and the tracks they nest in, depth first: a track, then the tracks nested
  // in it, each level in the order the trace declares them.
  std::vector<RunRow> rows;
  std::vector<RunFlow> flows;
  std::vector<trace::Category> categories;    // of every slice and instant, in Category order
  std::vector<trace::TrackKind> level_kinds;  // per depth, the kind most rows at that depth have
  bool has_counters = false;
  int64_t begin_ns = 0;  // the earliest event
  int64_t end_ns = 0;    // the latest
  bool empty() const { return rows.empty(); }
  bool is_group(int row) const { return rows[static_cast<std::size_t>(row)].end > row + 1; }
};

// Whether a trace has a timeline to show: some step has events.
bool has_timeline(const trace::Trace& trace);

RunTimeline run_timeline(const trace::Trace& trace);

// Per row, whether its group is collapsed (1) or open (0); rows that are not groups ignore it.
using Collapsed = std::vector<char>;

// Groups at `depth` and deeper collapsed, the others open: the timeline down to that level.
Collapsed collapse_from_depth(const RunTimeline& timeline, int depth);

// The depth a timeline opens at: the deepest whose rows (visible_rows) number at most `max_rows`,
// so a run of thousands of blocks opens on its devices and streams and a small one on its blocks;
// at least 1 (the outermost groups open) where even that shows more.
int opening_depth(const RunTimeline& timeline, std::size_t max_rows);

// The rows shown below the pinned ones, in order: every row not pinned and not inside a
// collapsed group.
std::vector<int> visible_rows(const RunTimeline& timeline, const Collapsed& collapsed);

// The row that shows `row`'s events: the row itself, or its outermost collapsed ancestor.
int shown_row(const RunTimeline& timeline, const Collapsed& collapsed, int row);

}  // namespace gridlock::viewer
