// What the warps (or blocks, streams, locks) did during one step, from the step's events:
// begin/end pairs become slices, per track.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct TimelineSlice {
  int64_t begin_ns = 0;
  int64_t end_ns = 0;
  std::string name;
  int depth = 0;      // nesting level inside the track, 0 outermost
  bool open = false;  // no matching end in the step: drawn to the step's end
};

struct TimelineInstant {
  int64_t t_ns = 0;
  std::string name;
};

struct TimelineRow {
  int track = 0;                      // track id
  std::string name;                   // the track's name
  int warp = -1;                      // from the track declaration
  std::vector<TimelineSlice> slices;  // in order of their begin
  std::vector<TimelineInstant> instants;
};

struct StepTimeline {
  std::vector<TimelineRow> rows;  // tracks with events in this step, in track-id order
  int64_t begin_ns = 0;           // earliest event of the step
  int64_t end_ns = 0;             // latest
  bool empty() const { return rows.empty(); }
};

// Pairs each slice_end with the latest open slice_begin of the same track (and name, when one
// matches). An end without a begin is ignored; a begin without an end stays open.
StepTimeline step_timeline(const trace::Trace& trace, int step);

}  // namespace gridlock::viewer
