// Compare mode: two traces side by side under one time cursor. Both sides keep their own clock
// from their own origin, and the one time shows on each side the step that side had reached
// then (StepTimes::step_at), so sides with different step structures stay comparable.
// No GL, no ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "model/playback.hpp"
#include "model/step_times.hpp"
#include "model/time_range.hpp"

namespace gridlock::viewer {

// How the two clocks line up: each from its own origin (side 1's t = 0 at side 0's t = 0), with
// the runs' first events together, or with the whole runs on top of each other (side 1's first
// and last events at side 0's: for clocks that measure different things, a model's ticks beside
// a GPU's nanoseconds).
enum class Alignment { origins, first_events, whole_runs };

// The shared time is side 0's clock; side 1's clock reads it through map(1) (the identity unless
// align() says otherwise).
// Contract: the time stays inside [begin_ns(), end_ns()], the span of both sides' windows.
// Playing moves it at a steady rate (the whole span takes as many seconds, at speed 1, as the
// side with more steps has steps: a step takes about as long as it does in single playback) and
// stops at the end. Stepping moves to the next (previous) stop: a time at which either side
// moves to another step. Moving by hand pauses.
class CompareCursor {
 public:
  CompareCursor() = default;
  CompareCursor(StepTimes a, StepTimes b);

  const StepTimes& times(int side) const { return times_[static_cast<std::size_t>(side & 1)]; }
  // The shared time, and what a side's own clock reads then.
  int64_t time_ns() const { return time_; }
  int64_t side_time(int side) const { return map(side).to_side(time_); }
  const ClockMap& map(int side) const { return maps_[static_cast<std::size_t>(side & 1)]; }
  // Lines side 1's clock up with side 0's. Keeps the shared time where it is, clamped into the
  // new span.
  void align(Alignment alignment);
  Alignment alignment() const { return alignment_; }
  int64_t begin_ns() const { return begin_; }
  int64_t end_ns() const { return end_; }
  // The step side 0 or 1 shows at the cursor's time, and its cursor.
  int step(int side) const { return times(side).step_at(side_time(side)); }
  Cursor cursor(int side) const { return {step(side), side_time(side)}; }
  // The times stepping stops at, in order: the begin, each time a side enters a step, the end.
  const std::vector<int64_t>& stops() const { return stops_; }
  bool at_first() const { return time_ <= begin_; }
  bool at_last() const { return time_ >= end_; }
  bool playing() const { return playing_; }
  double speed() const { return speed_; }
  // How many ns of the traces' clocks pass per second of playing at speed 1.
  double ns_per_second() const { return rate_; }

  void seek_time(int64_t t);           // clamped into range
  void seek_step(int side, int step);  // a time at which `side` shows `step` (StepTimes::time_of)
  void forward();
  void back();
  void first();
  void last();

  // Play from the time; at the end, play starts again from the begin.
  void play();
  void pause();
  void toggle();
  void faster();
  void slower();

  // Moves on by `seconds` of wall time while playing. Returns true when a side's step changed.
  bool advance(double seconds);

 private:
  void measure();  // the span, the stops and the rate, from the times and the maps

  std::array<StepTimes, 2> times_;
  std::array<ClockMap, 2> maps_;
  Alignment alignment_ = Alignment::origins;
  std::vector<int64_t> stops_;
  int64_t begin_ = 0, end_ = 0, time_ = 0;
  double rate_ = 0;
  double carry_ns_ = 0;  // the part of a ns not yet moved
  bool playing_ = false;
  double speed_ = Playback::kDefaultSpeed;
};

}  // namespace gridlock::viewer
