// A warp's reduction lane by lane, from the tree of its buffer.
#include "model/warp_lanes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace gridlock::viewer {

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

bool one_warp_launches(const trace::Trace& trace) {
  if (trace.launches.empty()) return false;
  for (const trace::Launch& l : trace.launches)
    if (l.block > kWarpSize) return false;
  return true;
}

// Whether every item the operation touches at k lies in the 32 of its thread's warp.
bool inside_own_warp(const trace::Operation& o, std::size_t k) {
  if (k >= o.thread.size() || o.thread[k] < 0) return false;
  const int64_t warp = o.thread[k] / kWarpSize;
  if (o.dst[k] / kWarpSize != warp) return false;
  if (k < o.a.size() && o.a[k] >= 0 && o.a[k] / kWarpSize != warp) return false;
  if (k < o.b.size() && o.b[k] >= 0 && o.b[k] / kWarpSize != warp) return false;
  return true;
}

// A step in which two or more warps each combine only items of their own 32.
bool warps_combine_apart(const trace::Step& step) {
  std::set<int64_t> warps;
  for (const trace::Operation& o : step.ops) {
    if (!is_tree_op(o)) continue;
    for (std::size_t k = 0; k < o.dst.size(); ++k) {
      if (!inside_own_warp(o, k)) return false;
      warps.insert(o.thread[k] / kWarpSize);
    }
  }
  return warps.size() >= 2;
}

bool warp_level(const trace::Trace& trace) {
  if (one_warp_launches(trace)) return true;
  for (const trace::Step& s : trace.steps)
    if (warps_combine_apart(s)) return true;
  return false;
}

// The lane distance of every arrow from another lane, or 0 when they differ.
int common_offset(const std::vector<LaneArrow>& arrows) {
  int offset = 0;
  for (const LaneArrow& a : arrows) {
    if (a.operand_a) continue;
    if (offset != 0 && a.from - a.to != offset) return 0;
    offset = a.from - a.to;
  }
  return offset;
}

LaneRow project(const TreeLayout& layout, int r, int64_t base, int lanes) {
  const TreeRow& row = layout.rows[static_cast<std::size_t>(r)];
  LaneRow out;
  out.step = row.step;
  out.values.assign(static_cast<std::size_t>(lanes), kNoValue);
  out.live.assign(static_cast<std::size_t>(lanes), false);
  out.made.assign(static_cast<std::size_t>(lanes), false);
  auto lane_of = [&](int64_t item) { return item >= base && item < base + lanes ? int(item - base) : -1; };
  std::vector<double> shown;
  for (const TreeNode& n : row.nodes) {
    const int lane = lane_of(n.element);
    if (lane < 0) continue;
    out.values[static_cast<std::size_t>(lane)] = n.value;
    out.live[static_cast<std::size_t>(lane)] = true;
    shown.push_back(n.value);
    if (!n.made) continue;
    out.made[static_cast<std::size_t>(lane)] = true;
    if (lane_of(n.a) >= 0) out.arrows.push_back({lane_of(n.a), lane, true});
    if (lane_of(n.b) >= 0) out.arrows.push_back({lane_of(n.b), lane, false});
  }
  const ShadeRange range = shade_range(shown);
  out.shade_low = range.low;
  out.shade_high = range.high;
  if (row.combines > 0) out.pattern = describe_combines(layout, r);
  out.offset = common_offset(out.arrows);
  return out;
}

bool same_lanes(const LaneRow& x, const LaneRow& y) {
  if (x.live != y.live) return false;
  for (std::size_t i = 0; i < x.values.size(); ++i)
    if (!(x.values[i] == y.values[i] || (std::isnan(x.values[i]) && std::isnan(y.values[i])))) return false;
  return true;
}

// The item of the tree's root: the first node made by the last row that combined; -1 if none.
int64_t root_item(const TreeLayout& layout) {
  for (auto row = layout.rows.rbegin(); row != layout.rows.rend(); ++row)
    for (const TreeNode& n : row->nodes)
      if (n.made) return n.element;
  return -1;
}

WarpLanes lanes_of(const trace::Trace& trace, const TreeLayout& layout) {
  WarpLanes w;
  const int64_t root = root_item(layout);
  if (root < 0) return w;
  w.buffer = layout.buffer;
  w.buffer_name = layout.buffer_name;
  w.base = root / kWarpSize * kWarpSize;
  w.lanes = static_cast<int>(std::min<int64_t>(kWarpSize, layout.element_count - w.base));
  std::vector<int> kept_of_row(layout.rows.size(), -1);
  for (int r = 0; r < static_cast<int>(layout.rows.size()); ++r) {
    LaneRow row = project(layout, r, w.base, w.lanes);
    const bool any_live = std::find(row.live.begin(), row.live.end(), true) != row.live.end();
    if (any_live && (w.rows.empty() || !row.arrows.empty() || !same_lanes(row, w.rows.back())))
      w.rows.push_back(std::move(row));
    kept_of_row[static_cast<std::size_t>(r)] = static_cast<int>(w.rows.size()) - 1;
  }
  w.row_of_step.assign(trace.steps.size(), -1);
  for (std::size_t s = 0; s < trace.steps.size() && s < layout.row_of_step.size(); ++s) {
    const int r = layout.row_of_step[s];
    if (r >= 0) w.row_of_step[s] = kept_of_row[static_cast<std::size_t>(r)];
  }
  return w;
}

}  // namespace

WarpLanes build_warp_lanes(const trace::Trace& trace) {
  if (!warp_level(trace)) return WarpLanes{};
  for (int buffer : tree_buffers(trace)) {
    WarpLanes w = lanes_of(trace, build_tree_layout(trace, buffer, Arrangement::memory));
    if (!w.empty()) return w;
  }
  return WarpLanes{};
}

bool has_warp_lanes(const trace::Trace& trace) { return !build_warp_lanes(trace).empty(); }

}  // namespace gridlock::viewer
