// The playback cursor.
#include "model/playback.hpp"

#include <algorithm>

namespace gridlock::viewer {

Playback::Playback(int step_count) { reset(step_count); }

void Playback::reset(int step_count) {
  count_ = std::max(step_count, 0);
  step_ = 0;
  playing_ = false;
  accumulated_ = 0;
}

void Playback::seek(int step) {
  step_ = std::clamp(step, 0, last_step());
  playing_ = false;
  accumulated_ = 0;
}

void Playback::forward() { seek(step_ + 1); }
void Playback::back() { seek(step_ - 1); }
void Playback::first() { seek(0); }
void Playback::last() { seek(last_step()); }

void Playback::play() {
  if (count_ <= 1) return;
  if (at_last()) step_ = 0;
  playing_ = true;
  accumulated_ = 0;
}

void Playback::pause() {
  playing_ = false;
  accumulated_ = 0;
}

void Playback::toggle() {
  if (playing_)
    pause();
  else
    play();
}

void Playback::faster() {
  for (double s : kSpeeds) {
    if (s > speed_ + 1e-9) {
      speed_ = s;
      return;
    }
  }
}

void Playback::slower() {
  for (auto it = kSpeeds.rbegin(); it != kSpeeds.rend(); ++it) {
    if (*it < speed_ - 1e-9) {
      speed_ = *it;
      return;
    }
  }
}

void Playback::set_speed(double steps_per_second) {
  if (!(steps_per_second == steps_per_second)) return;  // NaN
  speed_ = std::clamp(steps_per_second, kSpeeds.front(), kSpeeds.back());
}

bool Playback::advance(double seconds) {
  if (!playing_ || seconds <= 0) return false;
  accumulated_ += seconds * speed_;
  bool changed = false;
  while (accumulated_ >= 1.0 && playing_) {
    accumulated_ -= 1.0;
    ++step_;
    changed = true;
    if (at_last()) {
      playing_ = false;
      accumulated_ = 0;
    }
  }
  return changed;
}

}  // namespace gridlock::viewer
