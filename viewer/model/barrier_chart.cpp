// The barrier chart and its broken time axis.
#include "model/barrier_chart.hpp"

#include <algorithm>
#include <climits>

namespace gridlock::viewer {

namespace {

// The row's only waiting slice, or null when it has none, several, or slices other than work.
const TimelineSlice* only_wait(const RunRow& row) {
  const TimelineSlice* wait = nullptr;
  for (const TimelineSlice& s : row.events.slices) {
    if (s.depth != 0) continue;
    if (is_waiting(s.category)) {
      if (wait) return nullptr;
      wait = &s;
    } else if (s.category != trace::Category::work) {
      return nullptr;
    }
  }
  return wait;
}

}  // namespace

bool has_barrier(const RunTimeline& run) {
  int waiting = 0;
  for (const RunRow& row : run.rows) {
    if (row.kind != trace::TrackKind::block || row.events.slices.empty()) continue;
    if (!only_wait(row)) return false;
    ++waiting;
  }
  return waiting >= 2;
}

bool has_barrier(const trace::Trace& trace) {
  return has_timeline(trace) && has_barrier(run_timeline(trace));
}

BarrierChart barrier_chart(const RunTimeline& run) {
  BarrierChart c;
  if (!has_barrier(run)) return c;
  for (std::size_t r = 0; r < run.rows.size(); ++r) {
    const RunRow& row = run.rows[r];
    if (row.kind != trace::TrackKind::block || row.events.slices.empty()) continue;
    const TimelineSlice* wait = only_wait(row);
    BarrierBlock b;
    b.row = static_cast<int>(r);
    b.name = row.name;
    b.start_ns = row.events.slices.front().begin_ns;
    b.arrive_ns = wait->begin_ns;
    b.leave_ns = wait->end_ns;
    b.wait = wait->category;
    for (const TimelineInstant& i : row.events.instants)
      if (i.t_ns == b.leave_ns) b.ended_by = i.name;
    c.blocks.push_back(b);
  }
  std::stable_sort(c.blocks.begin(), c.blocks.end(), [](const BarrierBlock& a, const BarrierBlock& b) {
    return a.arrive_ns != b.arrive_ns ? a.arrive_ns < b.arrive_ns : a.start_ns < b.start_ns;
  });
  c.begin_ns = INT64_MAX;
  c.first_leave_ns = INT64_MAX;
  for (const BarrierBlock& b : c.blocks) {
    c.begin_ns = std::min(c.begin_ns, b.start_ns);
    c.end_ns = std::max(c.end_ns, b.leave_ns);
    c.first_leave_ns = std::min(c.first_leave_ns, b.leave_ns);
    c.last_arrive_ns = std::max(c.last_arrive_ns, b.arrive_ns);
  }
  for (BarrierBlock& b : c.blocks) {
    b.late = b.start_ns > c.first_leave_ns;
    c.late += b.late ? 1 : 0;
    (b.ended_by.empty() ? c.released : c.ended_otherwise) += 1;
  }
  return c;
}

BrokenAxis broken_axis(std::vector<int64_t> times, float x0, float x1, double share, float cut_share) {
  BrokenAxis a;
  a.x0 = x0;
  a.x1 = x1;
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (times.empty()) times.push_back(0);
  if (times.size() == 1) times.push_back(times.front() + 1);
  const double span = static_cast<double>(times.back() - times.front());
  int64_t from = times.front();
  for (std::size_t i = 1; i < times.size(); ++i) {
    if (static_cast<double>(times[i] - times[i - 1]) <= share * span) continue;
    if (times[i - 1] > from) a.pieces.push_back({from, times[i - 1], false});
    a.pieces.push_back({times[i - 1], times[i], true});
    from = times[i];
  }
  if (times.back() > from || a.pieces.empty()) a.pieces.push_back({from, times.back(), false});
  a.cut_width = cut_share * (x1 - x0);
  return a;
}

float BrokenAxis::piece_x0(std::size_t i) const {
  const auto cuts = static_cast<float>(
      std::count_if(pieces.begin(), pieces.end(), [](const AxisPiece& p) { return p.cut; }));
  const float drawn = std::max(1.0f, static_cast<float>(pieces.size()) - cuts);
  const float each = std::max(0.0f, x1 - x0 - cuts * cut_width) / drawn;
  float x = x0;
  for (std::size_t k = 0; k < i && k < pieces.size(); ++k) x += pieces[k].cut ? cut_width : each;
  return x;
}

float BrokenAxis::piece_x1(std::size_t i) const { return i + 1 < pieces.size() ? piece_x0(i + 1) : x1; }

float BrokenAxis::x_of(int64_t t) const {
  if (pieces.empty() || t <= pieces.front().begin_ns) return x0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const AxisPiece& p = pieces[i];
    if (t > p.end_ns) continue;
    const float a = piece_x0(i), b = piece_x1(i);
    const double f = static_cast<double>(t - p.begin_ns) / std::max<double>(1.0, p.end_ns - p.begin_ns);
    return a + static_cast<float>(f) * (b - a);
  }
  return x1;
}

}  // namespace gridlock::viewer
