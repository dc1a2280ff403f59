// Step windows from events, and the step a time shows.
#include "model/step_times.hpp"

#include <algorithm>
#include <limits>

namespace gridlock::viewer {

namespace {
const StepWindow kNoWindow{};  // the window of a trace without steps
}  // namespace

std::vector<StepWindow> step_windows(const trace::Trace& trace) {
  std::vector<StepWindow> windows(trace.steps.size());
  bool any = false;
  for (std::size_t k = 0; k < trace.steps.size(); ++k) {
    StepWindow& w = windows[k];
    const trace::Step& step = trace.steps[k];
    for (const trace::Event& e : step.events) {
      w.begin_ns = w.timed ? std::min(w.begin_ns, e.t_ns) : e.t_ns;
      w.end_ns = w.timed ? std::max(w.end_ns, e.t_ns) : e.t_ns;
      w.timed = true;
    }
    if (w.timed) w.focus_ns = step.events[static_cast<std::size_t>(trace::focus_event(step))].t_ns;
    any = any || w.timed;
  }
  if (!any) {
    for (std::size_t k = 0; k < windows.size(); ++k)
      windows[k].begin_ns = windows[k].end_ns = windows[k].focus_ns =
          static_cast<int64_t>(k) * StepTimes::kUntimedStepNs;
    return windows;
  }
  // Untimed steps: at the end of the step before, or (leading ones) at the first timed begin.
  const auto first =
      std::find_if(windows.begin(), windows.end(), [](const StepWindow& w) { return w.timed; });
  int64_t at = first->begin_ns;
  for (StepWindow& w : windows) {
    if (!w.timed) w.begin_ns = w.end_ns = w.focus_ns = at;
    at = w.end_ns;
  }
  return windows;
}

StepTimes::StepTimes(std::vector<StepWindow> windows) : windows_(std::move(windows)) {
  if (windows_.empty()) return;
  timed_ = std::any_of(windows_.begin(), windows_.end(), [](const StepWindow& w) { return w.timed; });
  begin_ns_ = std::numeric_limits<int64_t>::max();
  end_ns_ = std::numeric_limits<int64_t>::min();
  for (const StepWindow& w : windows_) {
    begin_ns_ = std::min(begin_ns_, w.begin_ns);
    end_ns_ = std::max(end_ns_, w.end_ns);
  }
  entry_.resize(windows_.size());
  entry_[0] = windows_[0].focus_ns;
  for (std::size_t k = 1; k < windows_.size(); ++k) entry_[k] = std::max(entry_[k - 1], windows_[k].focus_ns);
}

const StepWindow& StepTimes::window(int step) const {
  if (windows_.empty()) return kNoWindow;
  return windows_[static_cast<std::size_t>(std::clamp(step, 0, step_count() - 1))];
}

int64_t StepTimes::entry_ns(int step) const {
  if (entry_.empty()) return 0;
  return entry_[static_cast<std::size_t>(std::clamp(step, 0, step_count() - 1))];
}

int StepTimes::step_at(int64_t t) const {
  if (entry_.empty()) return 0;
  const auto after = std::upper_bound(entry_.begin(), entry_.end(), t);
  return std::max(0, static_cast<int>(after - entry_.begin()) - 1);
}

StepTimes step_times(const trace::Trace& trace) { return StepTimes(step_windows(trace)); }

}  // namespace gridlock::viewer
