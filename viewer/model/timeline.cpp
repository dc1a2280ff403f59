// Slices from begin/end events; instants, counters and flows beside them.
#include "model/timeline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "format.hpp"
#include "trace/moment.hpp"

namespace gridlock::viewer {

namespace {

struct FlowEnd {
  int track;
  int64_t t_ns;
  trace::Category category;
};

struct Flows {
  std::map<int, FlowEnd> starts;
  std::multimap<int, FlowEnd> ends;
};

void begin_slice(TimelineRow& row, std::vector<std::size_t>& open, const trace::Event& e) {
  TimelineSlice s;
  s.begin_ns = s.end_ns = e.t_ns;
  s.name = e.name;
  s.category = e.category;
  s.depth = static_cast<int>(open.size());
  s.open = true;
  s.begin_value = s.end_value = e.value;
  open.push_back(row.slices.size());
  row.slices.push_back(s);
}

void end_slice(TimelineRow& row, std::vector<std::size_t>& open, const trace::Event& e) {
  if (open.empty()) return;
  auto match =
      std::find_if(open.rbegin(), open.rend(), [&](std::size_t i) { return row.slices[i].name == e.name; });
  const std::size_t at =
      match != open.rend() ? static_cast<std::size_t>(open.rend() - match - 1) : open.size() - 1;
  TimelineSlice& s = row.slices[open[at]];
  s.end_ns = e.t_ns;
  s.end_value = e.value;
  s.open = false;
  open.erase(open.begin() + static_cast<std::ptrdiff_t>(at));
}

void add_sample(TimelineRow& row, const trace::Event& e) {
  auto series = std::find_if(row.counters.begin(), row.counters.end(),
                             [&](const CounterSeries& c) { return c.name == e.name; });
  if (series == row.counters.end()) {
    row.counters.push_back({e.name, {}, e.value, e.value});
    series = row.counters.end() - 1;
  }
  series->samples.push_back({e.t_ns, e.value});
  series->min = std::min(series->min, e.value);
  series->max = std::max(series->max, e.value);
}

void add_event(TimelineRow& row, std::vector<std::size_t>& open, const trace::Event& e) {
  switch (e.kind) {
    case trace::EventKind::slice_begin:
      begin_slice(row, open, e);
      break;
    case trace::EventKind::slice_end:
      end_slice(row, open, e);
      break;
    case trace::EventKind::instant:
      row.instants.push_back({e.t_ns, e.name, e.category, e.value});
      break;
    case trace::EventKind::counter:
      add_sample(row, e);
      break;
  }
}

void resolve_flows(StepTimeline& out, const Flows& flows) {
  std::map<int, std::size_t> row_of;
  for (std::size_t r = 0; r < out.rows.size(); ++r) row_of[out.rows[r].track] = r;
  for (const auto& [id, end] : flows.ends) {
    auto start = flows.starts.find(id);
    if (start == flows.starts.end()) continue;
    out.flows.push_back({id, row_of.at(start->second.track), row_of.at(end.track), start->second.t_ns,
                         end.t_ns, trace::is_moment(end.category)});
  }
}

}  // namespace

StepTimeline step_timeline(const trace::Trace& trace, int step) {
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return {};
  std::vector<const trace::Event*> events;
  for (const trace::Event& e : trace.steps[static_cast<std::size_t>(step)].events) events.push_back(&e);
  return events_timeline(trace, std::move(events));
}

StepTimeline events_timeline(const trace::Trace& trace, std::vector<const trace::Event*> ordered) {
  StepTimeline out;
  out.unit = trace.clock.unit;
  if (ordered.empty()) return out;
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const trace::Event* a, const trace::Event* b) { return a->t_ns < b->t_ns; });
  out.begin_ns = ordered.front()->t_ns;
  out.end_ns = ordered.back()->t_ns;

  std::map<int, TimelineRow> rows;
  std::map<int, std::vector<std::size_t>> open;  // per track: indices of open slices
  Flows flows;
  for (const trace::Event* e : ordered) {
    TimelineRow& row = rows[e->track];
    row.track = e->track;
    add_event(row, open[e->track], *e);
    for (int id : e->flows_out) flows.starts[id] = {e->track, e->t_ns, e->category};
    for (int id : e->flows_in) flows.ends.insert({id, {e->track, e->t_ns, e->category}});
  }
  for (auto& [id, row] : rows) {
    for (TimelineSlice& s : row.slices)
      if (s.open) s.end_ns = out.end_ns;
    if (const trace::Track* t = trace.find_track(id)) {
      row.name = t->name;
      row.warp = t->warp;
      for (CounterSeries& c : row.counters) c.hex = t->base == trace::ValueBase::hex;
    } else {
      row.name = "track " + std::to_string(id);
    }
    out.rows.push_back(std::move(row));
  }
  resolve_flows(out, flows);
  return out;
}

std::optional<double> counter_value_at(const CounterSeries& counter, int64_t t) {
  const auto after = std::upper_bound(counter.samples.begin(), counter.samples.end(), t,
                                      [](int64_t x, const CounterSample& s) { return x < s.t_ns; });
  if (after == counter.samples.begin()) return std::nullopt;
  return (after - 1)->value;
}

bool is_waiting(trace::Category category) {
  switch (category) {
    case trace::Category::barrier:
    case trace::Category::wait:
    case trace::Category::spin:
    case trace::Category::sync:
      return true;
    default:
      return false;
  }
}

int64_t work_ns(const TimelineRow& row) {
  int64_t work = 0;
  for (const TimelineSlice& s : row.slices)
    if (s.depth == 0 && !is_waiting(s.category)) work += s.end_ns - s.begin_ns;
  return work;
}

std::vector<trace::Category> categories_in(const StepTimeline& timeline) {
  std::vector<trace::Category> out;
  auto add = [&](trace::Category c) {
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (const TimelineRow& row : timeline.rows) {
    for (const TimelineSlice& s : row.slices) add(s.category);
    for (const TimelineInstant& i : row.instants) add(i.category);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string counter_value_text(const CounterSeries& counter, double value) {
  if (!counter.hex || value < 0 || value > 9007199254740992.0 || value != std::floor(value))  // 2^53: exact
    return format_value(value, false);
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace gridlock::viewer
