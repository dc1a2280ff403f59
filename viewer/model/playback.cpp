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
    windows[k].begin_ns = windows[k].end_ns = windows[k].focus_ns =
        static_cast<int64_t>(k) * StepTimes::kUntimedStepNs;
  reset(StepTimes(std::move(windows)));
}

void Playback::reset(StepTimes times) {
  times_ = std::move(times);
  playing_ = false;
  seek(0);
}

void Playback::seek(int step) {
  step_ = std::clamp(step, 0, last_step());
  playing_ = false;
  start_sweep(times_.window(step_).focus_ns);
}

void Playback::seek(int step, int64_t t) {
  step_ = std::clamp(step, 0, last_step());
  playing_ = false;
  start_sweep(t);
}

void Playback::seek_time(int64_t t) {
  step_ = std::clamp(times_.step_at(t), 0, last_step());
  playing_ = false;
  // As if played up to t: the sweep began at the step's entry (or at t, before the first entry).
  start_sweep(std::min(t, times_.entry_ns(step_)));
  const int64_t span = sweep_end() - sweep_from_;
  time_ = t;
  fraction_ =
      span > 0 ? std::clamp(static_cast<double>(t - sweep_from_) / static_cast<double>(span), 0.0, 1.0) : 0.0;
}

void Playback::start_sweep(int64_t t) {
  sweep_from_ = time_ = t;
  fraction_ = 0;
}

int64_t Playback::sweep_end() const {
  const int64_t to = at_last() ? times_.end_ns() : times_.entry_ns(step_ + 1);
  return std::max(sweep_from_, to);
}

void Playback::forward() { seek(step_ + 1); }
void Playback::back() { seek(step_ - 1); }
void Playback::first() { seek(0); }
void Playback::last() { seek(last_step()); }

bool Playback::at_end() const { return at_last() && time_ >= sweep_end(); }

void Playback::play() {
  if (step_count() <= 1 && times_.window(0).duration() <= 0) return;
  if (at_end()) seek(0);
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

bool Playback::advance(double seconds) {
  if (!playing_ || seconds <= 0) return false;
  fraction_ += seconds * speed_;
  bool changed = false;
  while (fraction_ >= 1.0 && !at_last()) {
    const int64_t reached = sweep_end();
    ++step_;
    changed = true;
    sweep_from_ = reached;
    fraction_ -= 1.0;
  }
  if (at_last() && (fraction_ >= 1.0 || sweep_end() <= sweep_from_)) {
    fraction_ = 1.0;
    playing_ = false;
  }
  const double span = static_cast<double>(sweep_end() - sweep_from_);
  time_ = sweep_from_ + static_cast<int64_t>(std::llround(fraction_ * span));
  return changed;
}

}  // namespace gridlock::viewer
