// The span of time a timeline shows, and how zooming, panning and following the cursor change
// it. Times are ns on a trace's clock, as doubles so that zooming in stays smooth. No GL, no ImGui.
#pragma once

#include <cstdint>

namespace gridlock::viewer {

// How one clock reads a time on another (compare mode: a side's clock and the shared one):
// side time = offset + scale * shared time.
struct ClockMap {
  double offset = 0;
  double scale = 1;
  // Rounded so that to_side(to_shared(x)) >= x: the shared time of a side's moment shows it.
  int64_t to_side(int64_t shared) const;
  int64_t to_shared(int64_t side) const;
};

struct TimeRange {
  double begin = 0;
  double end = 1;
  double span() const { return end - begin; }
  bool contains(double t) const { return t >= begin && t <= end; }
};

// A range on the shared clock read on a side's, and back.
TimeRange to_side(const TimeRange& r, const ClockMap& map);
TimeRange to_shared(const TimeRange& r, const ClockMap& map);

// `r` moved and narrowed as needed to lie inside `full`, and no narrower than `min_span` (or
// than `full`, if that is narrower).
TimeRange clamp_range(TimeRange r, const TimeRange& full, double min_span);

// `r` zoomed by `factor` (2: twice as close) about `anchor`, which keeps its place on screen.
TimeRange zoom_range(const TimeRange& r, double factor, double anchor, const TimeRange& full,
                     double min_span);

// `r` moved later by `delta` ns (earlier when negative).
TimeRange pan_range(const TimeRange& r, double delta, const TimeRange& full, double min_span);

// `r` unchanged when `t` lies in it; else moved so that t sits `margin` (a fraction of the span)
// inside its near edge.
TimeRange follow_time(const TimeRange& r, double t, const TimeRange& full, double min_span,
                      double margin = 0.1);

// `run` with a margin of `share` of its span on both sides (at least 1 ns): the range that shows
// a whole run with its first and last events off the edges.
TimeRange padded_range(double begin, double end, double share = 0.02);

// A round tick spacing, 1, 2 or 5 times a power of ten, giving about `count` ticks over `span`.
double tick_spacing(double span, int count);

}  // namespace gridlock::viewer
