// The event each step is about.
#include "trace/trace.hpp"

namespace gridlock::trace {

int default_focus(const Step& step) {
  int earliest = -1, earliest_end = -1;  // of all events; of those that do not begin a slice
  for (int i = 0; i < static_cast<int>(step.events.size()); ++i) {
    const Event& e = step.events[static_cast<std::size_t>(i)];
    if (earliest < 0 || e.t_ns < step.events[static_cast<std::size_t>(earliest)].t_ns) earliest = i;
    if (e.kind != EventKind::slice_begin &&
        (earliest_end < 0 || e.t_ns < step.events[static_cast<std::size_t>(earliest_end)].t_ns))
      earliest_end = i;
  }
  return earliest_end >= 0 ? earliest_end : earliest;
}

int focus_event(const Step& step) {
  const bool named = step.focus >= 0 && step.focus < static_cast<int>(step.events.size());
  return named ? step.focus : default_focus(step);
}

}  // namespace gridlock::trace
