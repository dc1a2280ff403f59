// A last-block guard as a chart: the blocks in the order they took their tickets (ticket values
// counting up), each with its partial (the work slice before the ticket, its value the slice's
// end value) and when it was stored, and the event every ticket's flow ends at: the merge (a
// slice), or an instant saying that nobody merged. Built from the trace's ticket instants:
// instants of category ticket on block tracks, whose values are consecutive integers. No GL, no
// ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/run_timeline.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct TicketBlock {
  int row = 0;  // in the run timeline
  std::string name;
  int block = -1;         // the track's block index
  int64_t start_ns = 0;   // its partial's begin (its ticket's time when it has none)
  int64_t stored_ns = 0;  // its partial's end
  int64_t ticket_ns = 0;
  long long ticket = 0;
  double partial = 0;
  bool merges = false;  // its row holds the event the flows end at
};

struct TicketChart {
  std::vector<TicketBlock> blocks;  // by ticket
  int merge_row = -1;               // the row of the flows' end, -1: none
  std::string merge_name;           // that event's name ("merge", "nobody merges")
  bool merged = false;              // the flows end at a slice (a merge), not at an instant
  int64_t merge_begin_ns = 0, merge_end_ns = 0;
  int64_t begin_ns = 0, end_ns = 0;  // the first start, the merge's end (or last ticket)
  bool empty() const { return blocks.empty(); }
  // How many tickets were taken (partials stored) by time t.
  int tickets_by(int64_t t) const;
  int stored_by(int64_t t) const;
};

// Whether a trace holds at least two tickets as described above.
bool has_tickets(const trace::Trace& trace);

TicketChart ticket_chart(const trace::Trace& trace, const RunTimeline& run);

}  // namespace gridlock::viewer
