// The playback cursor.
#include "model/playback.hpp"

#include <algorithm>
#include <cmath>

namespace gridlock::viewer {

Playback::Playback(int step_count) { reset(step_count); }

Playback::Playback(StepTimes times) { reset(std::move(times)); }

void Playback::reset(int step_count) {
  std::vector<StepWindow> windows(static_cast<std::size_t>(std::max(step_count, 0)));
  for (std::size_t k = 0; k < windows.size(); ++k)
    windows[k].begin_ns = windows[k].end_ns = static_cast<int64_t>(k) * StepTimes::kUntimedStepNs;
  reset(StepTimes(std::move(windows)));
}

void Playback::reset(StepTimes times) {
  times_ = std::move(times);
  playing_ = false;
  seek(0);
}

void Playback::seek(int step) {
  step_ = std::clamp(step, 0, last_step());
  time_ = times_.window(step_).begin_ns;
  playing_ = false;
  fraction_ = 0;
}

void Playback::seek_time(int64_t t) {
  step_ = std::clamp(times_.step_at(t), 0, last_step());
  time_ = t;
  playing_ = false;
  fraction_ = step_fraction();
}

void Playback::forward() { seek(step_ + 1); }
void Playback::back() { seek(step_ - 1); }
void Playback::first() { seek(0); }
void Playback::last() { seek(last_step()); }

bool Playback::at_end() const { return at_last() && time_ >= times_.window(step_).end_ns; }

void Playback::play() {
  if (step_count() <= 1 && times_.window(0).duration() <= 0) return;
  if (at_end()) seek(0);
  fraction_ = step_fraction();
  playing_ = true;
}

void Playback::pause() { playing_ = false; }

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
  if (std::isnan(steps_per_second)) return;
  speed_ = std::clamp(steps_per_second, kSpeeds.front(), kSpeeds.back());
}

double Playback::step_fraction() const {
  const StepWindow& w = times_.window(step_);
  if (w.duration() <= 0) return 0.0;
  return std::clamp(static_cast<double>(time_ - w.begin_ns) / static_cast<double>(w.duration()), 0.0, 1.0);
}

void Playback::place_time() {
  const StepWindow& w = times_.window(step_);
  time_ = w.begin_ns + static_cast<int64_t>(std::llround(fraction_ * static_cast<double>(w.duration())));
}

bool Playback::advance(double seconds) {
  if (!playing_ || seconds <= 0) return false;
  fraction_ += seconds * speed_;
  bool changed = false;
  while (fraction_ >= 1.0 && playing_) {
    if (at_last()) {
      fraction_ = 1.0;
      playing_ = false;
      break;
    }
    fraction_ -= 1.0;
    ++step_;
    changed = true;
    // A last step without a window has nothing to play through.
    if (at_last() && times_.window(step_).duration() <= 0) {
      fraction_ = 0;
      playing_ = false;
    }
  }
  place_time();
  return changed;
}

}  // namespace gridlock::viewer
