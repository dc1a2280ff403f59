// The scrubber's event markers in compare mode: each side's markers (model/event_markers.hpp)
// placed on the shared clock at the time that side shows the marker's step, so that "the lock
// handed on" on one side and "an update lost" on the other can be found and reached on one
// axis. No GL, no ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/compare.hpp"
#include "model/event_markers.hpp"

namespace gridlock::viewer {

struct CompareMarker {
  int side = 0;
  EventMarker marker;
  int64_t shared_ns = 0;  // when the cursor shows marker.step on this side (StepTimes::time_of)
};

// Both sides' markers, by shared time and then side 0 before side 1. Depends on the cursor's
// alignment: make them again after CompareCursor::align.
std::vector<CompareMarker> compare_markers(const CompareCursor& cursor,
                                           const std::array<std::vector<EventMarker>, 2>& markers);

// The first marker time after `t` / the last before it, on the shared clock.
std::optional<int64_t> next_marker_time(const std::vector<CompareMarker>& markers, int64_t t);
std::optional<int64_t> previous_marker_time(const std::vector<CompareMarker>& markers, int64_t t);

// Moves the cursor to the next / previous marker (pausing, as a seek does). Returns false,
// leaving the cursor as it was, when there is none that way.
bool jump_to_next_marker(CompareCursor& cursor, const std::vector<CompareMarker>& markers);
bool jump_to_previous_marker(CompareCursor& cursor, const std::vector<CompareMarker>& markers);

}  // namespace gridlock::viewer
