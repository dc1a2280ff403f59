// The Gantt chart of work items, and its idle sums.
#include "model/gantt_chart.hpp"

#include <algorithm>
#include <climits>
#include <numeric>

namespace gridlock::viewer {

namespace {

bool is_block_row(const RunRow& row) {
  return row.kind == trace::TrackKind::block && !row.events.slices.empty();
}

// The row's outermost slices, or none when one of them is not work.
std::vector<const TimelineSlice*> items_of(const RunRow& row) {
  std::vector<const TimelineSlice*> out;
  for (const TimelineSlice& s : row.events.slices) {
    if (s.depth != 0) continue;
    if (s.category != trace::Category::work) return {};
    out.push_back(&s);
  }
  return out;
}

}  // namespace

double GanttChart::idle_share() const {
  const double grid = static_cast<double>(end_ns - begin_ns) * static_cast<double>(rows.size());
  return grid > 0 ? static_cast<double>(idle_after_ns) / grid : 0.0;
}

int64_t GanttChart::idle_after_by(int64_t t) const {
  int64_t idle = 0;
  for (const GanttRow& r : rows) idle += std::max<int64_t>(0, std::min(t, end_ns) - r.last_end_ns());
  return idle;
}

int GanttChart::finished_by(int64_t t) const {
  return static_cast<int>(
      std::count_if(rows.begin(), rows.end(), [t](const GanttRow& r) { return r.last_end_ns() <= t; }));
}

bool has_gantt(const RunTimeline& run) {
  std::vector<std::size_t> counts;
  for (const RunRow& row : run.rows) {
    if (!is_block_row(row)) continue;
    const std::vector<const TimelineSlice*> items = items_of(row);
    if (items.empty()) return false;
    counts.push_back(items.size());
  }
  if (counts.size() < 2) return false;
  std::nth_element(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(counts.size() / 2),
                   counts.end());
  return counts[counts.size() / 2] >= 2;
}

bool has_gantt(const trace::Trace& trace) { return has_timeline(trace) && has_gantt(run_timeline(trace)); }

GanttChart gantt_chart(const RunTimeline& run) {
  GanttChart c;
  if (!has_gantt(run)) return c;
  c.begin_ns = INT64_MAX;
  for (std::size_t r = 0; r < run.rows.size(); ++r) {
    const RunRow& row = run.rows[r];
    if (!is_block_row(row)) continue;
    GanttRow g;
    g.row = static_cast<int>(r);
    g.name = row.name;
    for (const TimelineSlice* s : items_of(row)) {
      g.items.push_back({s->begin_ns, s->end_ns, s->begin_value, s->name});
      g.busy_ns += s->end_ns - s->begin_ns;
      c.max_value = std::max(c.max_value, s->begin_value);
    }
    std::sort(g.items.begin(), g.items.end(),
              [](const GanttItem& a, const GanttItem& b) { return a.begin_ns < b.begin_ns; });
    g.gaps_ns = std::max<int64_t>(0, g.items.back().end_ns - g.items.front().begin_ns - g.busy_ns);
    c.begin_ns = std::min(c.begin_ns, g.items.front().begin_ns);
    c.end_ns = std::max(c.end_ns, g.items.back().end_ns);
    c.items += g.items.size();
    c.rows.push_back(std::move(g));
  }
  for (GanttRow& g : c.rows) {
    g.idle_after_ns = c.end_ns - g.last_end_ns();
    c.busy_ns += g.busy_ns;
    c.gaps_ns += g.gaps_ns;
    c.idle_after_ns += g.idle_after_ns;
  }
  return c;
}

std::vector<int> gantt_order(const GanttChart& chart, GanttOrder order) {
  std::vector<int> out(chart.rows.size());
  std::iota(out.begin(), out.end(), 0);
  if (order == GanttOrder::finish)
    std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
      return chart.rows[static_cast<std::size_t>(a)].last_end_ns() <
             chart.rows[static_cast<std::size_t>(b)].last_end_ns();
    });
  return out;
}

}  // namespace gridlock::viewer
