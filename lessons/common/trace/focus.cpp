// The event each step is about, and the events' order.
#include <algorithm>
#include <numeric>

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

void order_events(Trace& trace) {
  std::vector<std::vector<int>> moved_to(trace.steps.size());  // per step: old index -> new index
  for (std::size_t s = 0; s < trace.steps.size(); ++s) {
    Step& step = trace.steps[s];
    std::vector<int> order(step.events.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const Event &ea = step.events[static_cast<std::size_t>(a)],
                  &eb = step.events[static_cast<std::size_t>(b)];
      return ea.track != eb.track ? ea.track < eb.track : ea.t_ns < eb.t_ns;
    });
    std::vector<Event> ordered;
    ordered.reserve(order.size());
    moved_to[s].resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      moved_to[s][static_cast<std::size_t>(order[k])] = static_cast<int>(k);
      ordered.push_back(std::move(step.events[static_cast<std::size_t>(order[k])]));
    }
    step.events = std::move(ordered);
    if (step.focus >= 0 && step.focus < static_cast<int>(step.events.size()))
      step.focus = moved_to[s][static_cast<std::size_t>(step.focus)];
  }
  const auto follow = [&](EventRef& ref) {
    if (ref.step < 0 || ref.step >= static_cast<int>(moved_to.size())) return;
    const std::vector<int>& moved = moved_to[static_cast<std::size_t>(ref.step)];
    if (ref.event >= 0 && ref.event < static_cast<int>(moved.size()))
      ref.event = moved[static_cast<std::size_t>(ref.event)];
  };
  for (auto& [key, fact] : trace.fact_values) {
    follow(fact.start);
    follow(fact.end);
    follow(fact.at);
  }
}

}  // namespace gridlock::trace
