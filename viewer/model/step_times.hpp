// When each step happened on the trace's clock, and which step a time shows: what the time
// cursor, the whole-run timeline and compare mode move along. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// A step's time window: from its earliest event to its latest, in ns on the trace's clock, and
// the time of the event the step is about (trace::focus_event()).
struct StepWindow {
  int64_t begin_ns = 0;
  int64_t end_ns = 0;
  bool timed = false;  // the step has events; else a point where the step before it ended
  int64_t focus_ns = 0;
  int64_t duration() const { return end_ns - begin_ns; }
};

// The windows of every step, and from when on each step is the one a time shows.
//
// Steps of one run may overlap in time (every step of a lock lesson holds spins that began at the
// launch), so "the step at time t" is defined by each step's focus: step k is shown from its
// focus time on, or from the entry of step k - 1 where that is later (entry_ns(k), never before
// entry_ns(k - 1)), so a time moving forward never shows an earlier step. A step without events
// is a point where the step before it ended, its focus there too, so a trailing "after the
// kernel" step is shown once the run is over. A trace without any times gets one point per step,
// kUntimedStepNs apart, and timed() is false.
class StepTimes {
 public:
  static constexpr int64_t kUntimedStepNs = 1000;

  StepTimes() = default;
  explicit StepTimes(std::vector<StepWindow> windows);

  int step_count() const { return static_cast<int>(windows_.size()); }
  bool timed() const { return timed_; }
  const std::vector<StepWindow>& windows() const { return windows_; }
  const StepWindow& window(int step) const;       // clamped into range; a zero window without steps
  int64_t begin_ns() const { return begin_ns_; }  // earliest window begin
  int64_t end_ns() const { return end_ns_; }      // latest window end
  // From when on `step` is the step a time shows (entry of step 0: its focus).
  int64_t entry_ns(int step) const;
  // The step a time shows: the last step whose entry is at or before t (0 before the first).
  int step_at(int64_t t) const;
  // The one time a step maps to, wherever a step is turned into a time (compare mode, markers):
  // its entry. step_at() gives `step` there unless a later step enters at the same time.
  int64_t time_of(int step) const { return entry_ns(step); }

 private:
  std::vector<StepWindow> windows_;
  std::vector<int64_t> entry_;
  bool timed_ = false;
  int64_t begin_ns_ = 0, end_ns_ = 0;
};

// The windows of a trace's steps, from their events.
StepTimes step_times(const trace::Trace& trace);

// The windows as they come from the events alone: untimed steps placed as StepTimes describes.
std::vector<StepWindow> step_windows(const trace::Trace& trace);

}  // namespace gridlock::viewer
