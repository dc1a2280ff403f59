// The moments a lesson is about, as markers for the scrubber: a ticket taken, the lock taken or
// handed on, an update lost, a stale read, a work item fetched twice, kernels overlapping, the
// merge, a grid barrier passed, a CUDA event recorded or waited for, a lock holder that waits, a
// deadlock. Each is read from what the trace records (event categories, flows, the model's
// repeated state), never from an event's name nor the lesson's id, so a new lesson that records
// the same things gets the same markers. Also: moving the playback cursor from marker to marker.
// No GL, no ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/playback.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// In the order the scrubber's legend lists them.
enum class MarkerKind {
  ticket,
  lock,
  lost_update,
  stale_read,
  double_fetch,
  overlap,
  merge,
  barrier,
  signal,
  waiting_holder,
  deadlock
};
inline constexpr std::array<MarkerKind, 11> kMarkerKinds = {
    MarkerKind::ticket,       MarkerKind::lock,           MarkerKind::lost_update, MarkerKind::stale_read,
    MarkerKind::double_fetch, MarkerKind::overlap,        MarkerKind::merge,       MarkerKind::barrier,
    MarkerKind::signal,       MarkerKind::waiting_holder, MarkerKind::deadlock};

// One kind of moment in one step (a step holds at most one marker of each kind).
struct EventMarker {
  int step = 0;
  MarkerKind kind = MarkerKind::ticket;
  int64_t t_ns = 0;    // the earliest of its events, on the trace's clock
  int count = 1;       // how many such events the step holds
  std::string label;   // short: "63 lost updates", "merge · block 208"
  std::string detail;  // one example in words ("block 150 and block 288 both read 0"); may be empty
};

// Every marker of a trace, by step and then in kMarkerKinds order. What each kind is made of:
//   ticket          instants of category ticket (their values are the tickets), or, in a step
//                   without such instants, slices of category ticket (one per block that takes
//                   its ticket in them, however many of its warps record one);
//   lock            the first critical slice of the run (the lock taken), and each flow from the
//                   end of a critical slice to the begin of one on another track (a hand-off);
//   lost_update     instants of category lost_update (a write that replaced another one);
//   stale_read      instants of category stale_read (a read that missed the store before it);
//   double_fetch    instants of category double_fetch (a work item started a second time);
//   overlap         instants of category overlap (kernels running at once);
//   merge           an event at which two or more flows end (the partials, or tickets, meet);
//   barrier         in a grid-wide wait (has_barrier), the blocks whose wait ended by release;
//   signal          an instant of category sync (a CUDA event recorded, a wait on it released);
//   waiting_holder  instants of category waiting_holder (a thread that holds the lock and waits);
//   deadlock        blocks whose grid-wide wait ended with an instant of their own (the watchdog
//                   made them give up), or a model's warp whose state repeats (WarpModel).
// An event's name is only ever shown (in a label or detail), never read to decide a kind.
std::vector<EventMarker> event_markers(const trace::Trace& trace);

// A track's name, with its block's where it is a warp or thread of one block among several
// ("block 1, thread 5").
std::string track_name(const trace::Trace& trace, int id);

// "lost update": the kind's name in the legend.
const char* marker_name(MarkerKind kind);
// What shows marker `m` best: a time range around its moment and the events its flows come
// from, with a margin, and the tracks those events are on; neither where no flow joins the moment
// to another track.
struct MarkerFocus {
  std::optional<std::pair<int64_t, int64_t>> window;
  std::vector<int> tracks;
  bool pinned = true;  // the pinned rows (memory words, the lock) stay in view
};
MarkerFocus marker_focus(const trace::Trace& trace, const EventMarker& m);

// The kind's word on the command line: its name with underscores ("lost_update", "CUDA_event").
std::string marker_word(MarkerKind kind);
// The kind a command-line word names, if any.
std::optional<MarkerKind> marker_kind_named(const std::string& word);
// One sentence for a student: what a marker of this kind shows.
const char* marker_meaning(MarkerKind kind);
// The kinds that occur in `markers`, in kMarkerKinds order.
std::vector<MarkerKind> kinds_present(const std::vector<EventMarker>& markers);

// The first step after `step` that holds a marker, or -1 when there is none.
int next_marker_step(const std::vector<EventMarker>& markers, int step);
// The last step before `step` that holds a marker, or -1 when there is none.
int previous_marker_step(const std::vector<EventMarker>& markers, int step);

// Seeks the playback to the next / previous marker's step (pausing, as stepping does). Returns
// false, leaving the playback as it was, when there is no marker that way.
bool jump_to_next_marker(Playback& playback, const std::vector<EventMarker>& markers);
bool jump_to_previous_marker(Playback& playback, const std::vector<EventMarker>& markers);

}  // namespace gridlock::viewer
