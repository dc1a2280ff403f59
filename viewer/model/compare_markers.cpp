// Compare mode's markers on the shared clock.
#include "model/compare_markers.hpp"

#include <algorithm>

namespace gridlock::viewer {

std::vector<CompareMarker> compare_markers(const CompareCursor& cursor,
                                           const std::array<std::vector<EventMarker>, 2>& markers) {
  std::vector<CompareMarker> out;
  for (int side = 0; side < 2; ++side)
    for (const EventMarker& m : markers[static_cast<std::size_t>(side)])
      out.push_back({side, m, cursor.map(side).to_shared(cursor.times(side).time_of(m.step))});
  std::stable_sort(out.begin(), out.end(), [](const CompareMarker& a, const CompareMarker& b) {
    return a.shared_ns != b.shared_ns ? a.shared_ns < b.shared_ns : a.side < b.side;
  });
  return out;
}

std::optional<int64_t> next_marker_time(const std::vector<CompareMarker>& markers, int64_t t) {
  for (const CompareMarker& m : markers)
    if (m.shared_ns > t) return m.shared_ns;
  return std::nullopt;
}

std::optional<int64_t> previous_marker_time(const std::vector<CompareMarker>& markers, int64_t t) {
  for (auto m = markers.rbegin(); m != markers.rend(); ++m)
    if (m->shared_ns < t) return m->shared_ns;
  return std::nullopt;
}

namespace {

// The cursor clamps a seek into its span: a marker it cannot reach is no jump.
bool seek_to(CompareCursor& cursor, std::optional<int64_t> t) {
  if (!t) return false;
  const int64_t before = cursor.time_ns();
  cursor.pause();
  cursor.seek_time(*t);
  return cursor.time_ns() != before;
}

}  // namespace

bool jump_to_next_marker(CompareCursor& cursor, const std::vector<CompareMarker>& markers) {
  return seek_to(cursor, next_marker_time(markers, cursor.time_ns()));
}

bool jump_to_previous_marker(CompareCursor& cursor, const std::vector<CompareMarker>& markers) {
  return seek_to(cursor, previous_marker_time(markers, cursor.time_ns()));
}

}  // namespace gridlock::viewer
