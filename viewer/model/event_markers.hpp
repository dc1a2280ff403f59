// The moments a lesson is about, as markers for the scrubber: a ticket taken, the lock taken or
// handed on, an update lost, the merge, a grid barrier passed, a CUDA event recorded or waited
// for, a deadlock. Each is read from what the trace records (event categories and names, flows,
// the model's repeated state), never from the lesson's id, so a new lesson that records the same
// things gets the same markers. Also: moving the playback cursor from marker to marker. No GL,
// no ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/playback.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// In the order the scrubber's legend lists them.
enum class MarkerKind { ticket, lock, lost_update, merge, barrier, signal, deadlock };
inline constexpr std::array<MarkerKind, 7> kMarkerKinds = {
    MarkerKind::ticket,  MarkerKind::lock,   MarkerKind::lost_update, MarkerKind::merge,
    MarkerKind::barrier, MarkerKind::signal, MarkerKind::deadlock};

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
//   ticket       an event named "ticket", or an atomic instant on a block's track that starts a
//                flow (the flows lead to whoever merges);
//   lock         the first critical slice of the run (the lock taken), and each flow from the
//                end of a critical slice to the begin of one on another track (a hand-off);
//   lost_update  a flow from the begin of a slice (a read) to the end of one on another track
//                (the write that the reader's own write then replaced); marked where the reader is;
//   merge        an event at which two or more flows end (the partials, or tickets, meet);
//   barrier      in a grid-wide wait (has_barrier), the blocks whose wait ended by release;
//   signal       an instant of category sync (a CUDA event recorded, a wait on it released);
//   deadlock     blocks whose grid-wide wait ended with an instant of their own (the watchdog
//                made them give up), or a model's warp whose state repeats (WarpModel).
std::vector<EventMarker> event_markers(const trace::Trace& trace);

// "lost update": the kind's name in the legend.
const char* marker_name(MarkerKind kind);
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
