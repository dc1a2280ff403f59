// Work items over time as a Gantt chart: one row per block, its items (outermost work slices) one
// after another, the gaps between them, and the idle time after its last item until the last block
// finished, summed over the grid. Built from the run timeline's block rows. No GL, no ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/run_timeline.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct GanttItem {
  int64_t begin_ns = 0, end_ns = 0;
  double value = 0;  // what its begin event carries (an item's cost)
  std::string name;
};

struct GanttRow {
  int row = 0;  // in the run timeline
  std::string name;
  std::vector<GanttItem> items;  // in time order
  int64_t busy_ns = 0;           // in items
  int64_t gaps_ns = 0;           // between its first item's begin and its last item's end, in none
  int64_t idle_after_ns = 0;     // from its last item's end to the chart's end
  int64_t last_end_ns() const { return items.empty() ? 0 : items.back().end_ns; }
};

struct GanttChart {
  std::vector<GanttRow> rows;                           // in the order the trace declares the blocks
  int64_t begin_ns = 0, end_ns = 0;                     // the first item's begin, the last item's end
  int64_t busy_ns = 0, gaps_ns = 0, idle_after_ns = 0;  // summed over the rows
  double max_value = 0;
  std::size_t items = 0;
  bool empty() const { return rows.empty(); }
  // idle_after_ns as a share of (rows x span): the grid's time left unused at the end.
  double idle_share() const;
  // Idle time after the last items up to t, summed; and how many blocks had run out of work by t.
  int64_t idle_after_by(int64_t t) const;
  int finished_by(int64_t t) const;
};

// Whether a trace holds work items: at least two block rows whose outermost slices are all work,
// and at least two of them per block row in the middle (the median).
bool has_gantt(const RunTimeline& run);
bool has_gantt(const trace::Trace& trace);

GanttChart gantt_chart(const RunTimeline& run);

// The rows' indices into chart.rows: as declared, or by when each ran out of work (earliest first).
enum class GanttOrder { declared, finish };
std::vector<int> gantt_order(const GanttChart& chart, GanttOrder order);

}  // namespace gridlock::viewer
