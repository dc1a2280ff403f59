// The playback cursor: which step of a trace is shown, whether it plays, and how fast.
#pragma once

#include <array>

namespace gridlock::viewer {

// Contract: the step stays inside [0, step_count) (0 when there are no steps). Moving by hand
// (forward, back, first, last, seek) pauses playback; playing stops by itself at the last step.
class Playback {
 public:
  // The speeds the −/+ keys move along, in steps per second.
  static constexpr std::array<double, 7> kSpeeds = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0};
  static constexpr double kDefaultSpeed = 1.0;

  explicit Playback(int step_count = 0);

  // Back to step 0, paused, keeping the speed.
  void reset(int step_count);

  int step() const { return step_; }
  int step_count() const { return count_; }
  int last_step() const { return count_ > 0 ? count_ - 1 : 0; }
  bool at_first() const { return step_ == 0; }
  bool at_last() const { return step_ == last_step(); }
  bool playing() const { return playing_; }
  double speed() const { return speed_; }

  void seek(int step);  // clamped into range
  void forward();
  void back();
  void first();
  void last();

  // Play from the current step; at the last step, play starts again from the first.
  void play();
  void pause();
  void toggle();

  void faster();                            // the next entry of kSpeeds above the current speed
  void slower();                            // the next entry below
  void set_speed(double steps_per_second);  // clamped to [kSpeeds.front(), kSpeeds.back()]

  // Moves on by `seconds` of wall time while playing. Returns true when the step changed.
  bool advance(double seconds);

  // While playing: how far (0..1) the time to the next step has run; 0 when paused.
  double progress() const { return playing_ ? accumulated_ : 0.0; }

 private:
  int count_ = 0;
  int step_ = 0;
  bool playing_ = false;
  double speed_ = kDefaultSpeed;
  double accumulated_ = 0;  // fraction of a step waited so far
};

}  // namespace gridlock::viewer
