// The ticket chart: tickets from the trace's ticket instants on block tracks, the rest from the
// run timeline.
#include "model/ticket_chart.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <unordered_map>

namespace gridlock::viewer {

namespace {

// The ticket instants: instants of category ticket on block tracks (a block takes one ticket).
std::vector<const trace::Event*> ticket_events(const trace::Trace& trace) {
  std::vector<const trace::Event*> out;
  for (const trace::Step& s : trace.steps)
    for (const trace::Event& e : s.events) {
      if (e.kind != trace::EventKind::instant || e.category != trace::Category::ticket) continue;
      const trace::Track* t = trace.find_track(e.track);
      if (t && t->kind == trace::TrackKind::block) out.push_back(&e);
    }
  return out;
}

// Whether the values are distinct consecutive integers.
bool consecutive(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] != std::floor(values[i]) || (i > 0 && values[i] != values[i - 1] + 1)) return false;
  return true;
}

}  // namespace

int TicketChart::tickets_by(int64_t t) const {
  return static_cast<int>(
      std::count_if(blocks.begin(), blocks.end(), [t](const TicketBlock& b) { return b.ticket_ns <= t; }));
}

int TicketChart::stored_by(int64_t t) const {
  return static_cast<int>(
      std::count_if(blocks.begin(), blocks.end(), [t](const TicketBlock& b) { return b.stored_ns <= t; }));
}

bool has_tickets(const trace::Trace& trace) {
  const std::vector<const trace::Event*> events = ticket_events(trace);
  std::vector<double> values;
  for (const trace::Event* e : events) values.push_back(e->value);
  return values.size() >= 2 && consecutive(values);
}

TicketChart ticket_chart(const trace::Trace& trace, const RunTimeline& run) {
  TicketChart c;
  if (!has_tickets(trace)) return c;
  std::unordered_map<int, int> row_of_track;
  for (std::size_t r = 0; r < run.rows.size(); ++r) row_of_track[run.rows[r].track] = static_cast<int>(r);
  for (const trace::Event* e : ticket_events(trace)) {
    TicketBlock b;
    b.row = row_of_track.count(e->track) ? row_of_track[e->track] : -1;
    if (b.row < 0) continue;
    const RunRow& row = run.rows[static_cast<std::size_t>(b.row)];
    b.name = row.name;
    if (const trace::Track* t = trace.find_track(e->track)) b.block = t->block;
    b.ticket_ns = b.start_ns = b.stored_ns = e->t_ns;
    b.ticket = static_cast<long long>(e->value);
    // The partial: the last outermost slice ending by the ticket.
    for (const TimelineSlice& s : row.events.slices)
      if (s.depth == 0 && s.end_ns <= e->t_ns)
        b.start_ns = s.begin_ns, b.stored_ns = s.end_ns, b.partial = s.end_value;
    c.blocks.push_back(b);
  }
  std::sort(c.blocks.begin(), c.blocks.end(),
            [](const TicketBlock& a, const TicketBlock& b) { return a.ticket < b.ticket; });
  c.begin_ns = INT64_MAX;
  for (const TicketBlock& b : c.blocks) {
    c.begin_ns = std::min(c.begin_ns, b.start_ns);
    c.end_ns = std::max(c.end_ns, b.ticket_ns);
  }
  // Where the flows end: the row most of them end in (every ticket's flow ends at one event).
  std::unordered_map<int, int> ends;
  for (const RunFlow& f : run.flows) ++ends[f.to_row];
  const RunFlow* last = nullptr;
  for (const RunFlow& f : run.flows)
    if (!last || ends[f.to_row] > ends[last->to_row]) last = &f;
  if (!last) return c;
  c.merge_row = last->to_row;
  c.merge_begin_ns = c.merge_end_ns = last->to_ns;
  const RunRow& row = run.rows[static_cast<std::size_t>(c.merge_row)];
  for (const TimelineSlice& s : row.events.slices)
    if (s.depth == 0 && s.begin_ns == last->to_ns) {
      c.merged = true;
      c.merge_name = s.name;
      c.merge_end_ns = s.end_ns;
    }
  for (const TimelineInstant& i : row.events.instants)
    if (!c.merged && i.t_ns == last->to_ns) c.merge_name = i.name;
  for (TicketBlock& b : c.blocks) b.merges = c.merged && b.row == c.merge_row;
  c.end_ns = std::max(c.end_ns, c.merge_end_ns);
  return c;
}

}  // namespace gridlock::viewer
