// Slices from begin/end events.
#include "model/timeline.hpp"

#include <algorithm>
#include <map>

namespace gridlock::viewer {

StepTimeline step_timeline(const trace::Trace& trace, int step) {
  StepTimeline out;
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return out;
  const std::vector<trace::Event>& events = trace.steps[static_cast<std::size_t>(step)].events;
  if (events.empty()) return out;

  std::vector<const trace::Event*> ordered;
  for (const trace::Event& e : events) ordered.push_back(&e);
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const trace::Event* a, const trace::Event* b) { return a->t_ns < b->t_ns; });
  out.begin_ns = ordered.front()->t_ns;
  out.end_ns = ordered.back()->t_ns;

  std::map<int, TimelineRow> rows;
  std::map<int, std::vector<std::size_t>> open;  // per track: indices of open slices
  for (const trace::Event* e : ordered) {
    TimelineRow& row = rows[e->track];
    row.track = e->track;
    switch (e->kind) {
      case trace::EventKind::slice_begin: {
        TimelineSlice s;
        s.begin_ns = s.end_ns = e->t_ns;
        s.name = e->name;
        s.depth = static_cast<int>(open[e->track].size());
        s.open = true;
        open[e->track].push_back(row.slices.size());
        row.slices.push_back(s);
        break;
      }
      case trace::EventKind::slice_end: {
        std::vector<std::size_t>& stack = open[e->track];
        if (stack.empty()) break;
        auto match = std::find_if(stack.rbegin(), stack.rend(),
                                  [&](std::size_t i) { return row.slices[i].name == e->name; });
        const std::size_t at =
            match != stack.rend() ? static_cast<std::size_t>(stack.rend() - match - 1) : stack.size() - 1;
        TimelineSlice& s = row.slices[stack[at]];
        s.end_ns = e->t_ns;
        s.open = false;
        stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      }
      case trace::EventKind::instant:
      case trace::EventKind::counter:
        row.instants.push_back({e->t_ns, e->name});
        break;
    }
  }
  for (auto& [id, row] : rows) {
    for (TimelineSlice& s : row.slices)
      if (s.open) s.end_ns = out.end_ns;
    if (const trace::Track* t = trace.find_track(id)) {
      row.name = t->name;
      row.warp = t->warp;
    } else {
      row.name = "track " + std::to_string(id);
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace gridlock::viewer
