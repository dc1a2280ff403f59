// The compare cursor.
#include "model/compare.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace gridlock::viewer {

CompareCursor::CompareCursor(StepTimes a, StepTimes b) : times_{std::move(a), std::move(b)} {
  measure();
  time_ = begin_;
}

void CompareCursor::measure() {
  std::vector<int> sides;
  for (int s = 0; s < 2; ++s)
    if (times(s).step_count() > 0) sides.push_back(s);
  if (sides.empty()) {
    begin_ = end_ = 0;
    stops_ = {0};
    rate_ = 0;
    return;
  }
  begin_ = INT64_MAX;
  end_ = INT64_MIN;
  for (int s : sides) {
    begin_ = std::min(begin_, map(s).to_shared(times(s).begin_ns()));
    end_ = std::max(end_, map(s).to_shared(times(s).end_ns()));
  }
  stops_ = {begin_, end_};
  for (int s : sides)
    for (int k = 1; k < times(s).step_count(); ++k)
      stops_.push_back(std::clamp(map(s).to_shared(times(s).entry_ns(k)), begin_, end_));
  std::sort(stops_.begin(), stops_.end());
  stops_.erase(std::unique(stops_.begin(), stops_.end()), stops_.end());
  const int steps = std::max({times_[0].step_count(), times_[1].step_count(), 1});
  rate_ = static_cast<double>(end_ - begin_) / steps;
}

void CompareCursor::align(Alignment alignment) {
  alignment_ = alignment;
  const StepTimes &a = times_[0], &b = times_[1];
  ClockMap m;
  if (alignment == Alignment::first_events) m.offset = static_cast<double>(b.begin_ns() - a.begin_ns());
  if (alignment == Alignment::whole_runs) {
    const double span_a = static_cast<double>(a.end_ns() - a.begin_ns());
    const double span_b = static_cast<double>(b.end_ns() - b.begin_ns());
    m.scale = span_a > 0 && span_b > 0 ? span_b / span_a : 1.0;
    m.offset = static_cast<double>(b.begin_ns()) - m.scale * static_cast<double>(a.begin_ns());
  }
  maps_[1] = m;
  measure();
  time_ = std::clamp(time_, begin_, end_);
}

void CompareCursor::seek_time(int64_t t) {
  time_ = std::clamp(t, begin_, end_);
  carry_ns_ = 0;
  playing_ = false;
}

void CompareCursor::seek_step(int side, int step) {
  seek_time(map(side).to_shared(times(side).time_of(step)));
}

void CompareCursor::forward() {
  const auto next = std::upper_bound(stops_.begin(), stops_.end(), time_);
  seek_time(next == stops_.end() ? end_ : *next);
}

void CompareCursor::back() {
  const auto at = std::lower_bound(stops_.begin(), stops_.end(), time_);
  seek_time(at == stops_.begin() ? begin_ : *(at - 1));
}

void CompareCursor::first() { seek_time(begin_); }
void CompareCursor::last() { seek_time(end_); }

void CompareCursor::play() {
  if (end_ <= begin_) return;
  if (at_last()) seek_time(begin_);
  playing_ = true;
}

void CompareCursor::pause() { playing_ = false; }

void CompareCursor::toggle() {
  if (playing_)
    pause();
  else
    play();
}

void CompareCursor::faster() {
  for (double s : Playback::kSpeeds) {
    if (s > speed_ + 1e-9) {
      speed_ = s;
      return;
    }
  }
}

void CompareCursor::slower() {
  for (auto it = Playback::kSpeeds.rbegin(); it != Playback::kSpeeds.rend(); ++it) {
    if (*it < speed_ - 1e-9) {
      speed_ = *it;
      return;
    }
  }
}

bool CompareCursor::advance(double seconds) {
  if (!playing_ || seconds <= 0) return false;
  const int a = step(0), b = step(1);
  carry_ns_ += seconds * speed_ * rate_;
  const double whole = std::floor(carry_ns_);
  carry_ns_ -= whole;
  const double target = static_cast<double>(time_) + whole;
  if (target >= static_cast<double>(end_)) {
    time_ = end_;
    playing_ = false;
  } else {
    time_ = static_cast<int64_t>(target);
  }
  return step(0) != a || step(1) != b;
}

}  // namespace gridlock::viewer
