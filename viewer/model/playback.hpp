// The playback cursor: which step of a trace is shown and the time on the trace's clock, whether
// it plays, and how fast.
#pragma once

#include <array>
#include <cstdint>

#include "model/step_times.hpp"

namespace gridlock::viewer {

// Where playback stands: the step shown, and a time (ns on the trace's clock).
struct Cursor {
  int step = 0;
  int64_t t_ns = 0;
};

// Contract: the step stays inside [0, step_count) (0 when there are no steps). Stepping (forward,
// back, first, last, seek) puts the time on the step's focus, the event the step is about
// (StepWindow::focus_ns), never on the launch. Playing sweeps the time forward from there towards
// the next step's entry (StepTimes::entry_ns), taking 1 / speed seconds per step whatever its
// length, then shows that step; in the last step it sweeps to the end of the run and stops. The
// time never decreases while playing: where a step's focus lies before the time already reached
// (steps that overlap), the time waits there while that step is shown. Only play() at the end
// goes back, to the first step. Moving by hand (stepping, seek_time) pauses.
class Playback {
 public:
  // The speeds the −/+ keys move along, in steps per second.
  static constexpr std::array<double, 7> kSpeeds = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0};
  static constexpr double kDefaultSpeed = 1.0;

  explicit Playback(int step_count = 0);  // steps without times
  explicit Playback(StepTimes times);

  // Back to step 0, paused, keeping the speed.
  void reset(int step_count);
  void reset(StepTimes times);

  int step() const { return step_; }
  int64_t time_ns() const { return time_; }
  Cursor cursor() const { return {step_, time_}; }
  const StepTimes& times() const { return times_; }
  int step_count() const { return times_.step_count(); }
  int last_step() const { return step_count() > 0 ? step_count() - 1 : 0; }
  bool at_first() const { return step_ == 0; }
  bool at_last() const { return step_ == last_step(); }
  bool playing() const { return playing_; }
  double speed() const { return speed_; }

  void seek(int step);        // clamped into range; the time goes to the step's focus
  void seek_time(int64_t t);  // the time, and the step it shows (StepTimes::step_at)
  // The step, with the time on one of its moments (an event a fact was taken from), not its focus.
  void seek(int step, int64_t t);
  void forward();
  void back();
  void first();
  void last();

  // Play from the cursor; at the end of the last step, play starts again from the first.
  void play();
  void pause();
  void toggle();

  void faster();                            // the next entry of kSpeeds above the current speed
  void slower();                            // the next entry below
  void set_speed(double steps_per_second);  // clamped to [kSpeeds.front(), kSpeeds.back()]

  // Moves on by `seconds` of wall time while playing. Returns true when the step changed.
  bool advance(double seconds);

  // While playing: how far (0..1) the time to the next step has run; 0 when paused.
  double progress() const { return playing_ ? fraction_ : 0.0; }
  // How far (0..1) the current step's sweep has run: from where it began towards its end.
  double step_fraction() const { return fraction_; }

 private:
  bool at_end() const;          // at the last step, with nothing of its sweep left to play
  int64_t sweep_end() const;    // where the current step's sweep ends: the next entry, or the run's end
  void start_sweep(int64_t t);  // a sweep of the current step from t on

  StepTimes times_;
  int step_ = 0;
  int64_t time_ = 0;
  bool playing_ = false;
  double speed_ = kDefaultSpeed;
  int64_t sweep_from_ = 0;  // where the current step's sweep began
  double fraction_ = 0;     // of the current step's sweep played so far
};

}  // namespace gridlock::viewer
