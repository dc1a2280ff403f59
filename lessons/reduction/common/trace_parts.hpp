// The pieces every recorded reduction trace is made of: buffers of scalars or matrices, the
// timeline rows of a launch (a kernel row, a row per block inside it, a row per warp inside its
// block), slices and events built in one call, and the time formats the facts use.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/record/tracks.hpp"
#include "common/record/tree_recording.hpp"
#include "common/units.hpp"
#include "trace/trace.hpp"

namespace gridlock::reduction {

// A buffer of `items` values of T: i32 or u32 scalars, or [items, 2, 2] u32 for a 2x2 matrix.
template <typename T>
trace::Buffer item_buffer(int id, const std::string& name, int64_t items, trace::MemorySpace space) {
  if constexpr (std::is_same_v<T, int>)
    return {id, name, trace::ElementType::i32, {items}, space, 0};
  else if constexpr (std::is_same_v<T, unsigned>)
    return {id, name, trace::ElementType::u32, {items}, space, 0};
  else
    return {id, name, trace::ElementType::u32, {items, 2, 2}, space, 0};
}

// The values of a whole buffer of T, item by item.
template <typename T>
std::vector<double> item_values(const std::vector<T>& items) {
  std::vector<double> values;
  for (const T& v : items) append_item_values(values, v);
  return values;
}

// A matrix (or any item) another kernel returned on the same input: its words, row by row, as a
// series, and the fact `key` that quotes them written as a matrix.
template <typename T>
void set_matrix_fact(trace::Trace& t, const std::string& key, const std::string& what, const T& item) {
  std::vector<double> words;
  append_item_values(words, item);
  const int series = trace::add_series(t, {what + ", row by row", "words", words});
  trace::set_fact(t, key, trace::series_values_fact(t, series, trace::FactUnit::matrix));
}

struct LaunchTracks {
  int kernel = -1;
  std::vector<int> block;       // by block index
  std::vector<int> first_warp;  // by block index: warp w of block b is first_warp[b] + w
};

// Declares the rows of one launch of `grid` blocks as `rec` recorded it; ids follow the tracks
// already declared. Warps nest in their block (the barrier check groups them by it), blocks in
// the kernel.
template <typename T>
LaunchTracks declare_launch_tracks(trace::Trace& t, const std::string& kernel, const TreeRecording<T>& rec,
                                   int grid) {
  LaunchTracks out;
  out.kernel = add_track(t, trace::TrackKind::kernel, kernel);
  for (int b = 0; b < grid; ++b) {
    const int sm = int(rec.sm_of(b));
    const int id = add_block_track(t, out.kernel, b, sm);
    out.block.push_back(id);
    out.first_warp.push_back(id + 1);
    for (int w = 0; w < rec.warps_per_block(); ++w) add_warp_track(t, id, b, w, sm);
  }
  return out;
}

using trace::make_event;

// A slice on `track` over `span` (first, second), begun before every other event of step
// `first_step` and ended after every event of step `last_step`: a block or a kernel from its start
// to its end.
inline void add_slice(trace::Trace& t, size_t first_step, size_t last_step, int track,
                      std::pair<int64_t, int64_t> span, const std::string& name) {
  std::vector<trace::Event>& first = t.steps[first_step].events;
  first.insert(first.begin(),
               make_event(track, trace::EventKind::slice_begin, span.first, name, trace::Category::kernel));
  add_event(t.steps[last_step].events, track, trace::EventKind::slice_end, span.second, name,
            trace::Category::kernel);
}

// "1.23 µs"
// The moment a block begins to read out[0..count-1], joined by a flow from each partial's store
// (flow b from block b's).
inline void add_partials_read(std::vector<trace::Event>& events, int track, int64_t at, int count) {
  trace::Event& reads = add_instant(events, track, at, "reads out[0.." + std::to_string(count - 1) + "]",
                                    trace::Category::work);
  for (int b = 0; b < count; ++b) reads.flows_in.push_back(b);
}

inline std::string microseconds(int64_t ns) { return gridlock::microseconds(double(ns), 2); }

// The length of a slice add_slice() put on `track` over `span`, as a fact that names its begin and
// end: "1.23 µs".
inline trace::FactValue slice_fact(const trace::Trace& t, int track, std::pair<int64_t, int64_t> span) {
  return trace::duration_fact(
      t, trace::find_event(t, track, span.first, trace::EventKind::slice_begin, trace::Category::kernel),
      trace::find_event(t, track, span.second, trace::EventKind::slice_end, trace::Category::kernel),
      trace::FactUnit::us, 2);
}

// The event add_store_step() put on `block_track` at `t_ns` for a block's store.
inline trace::EventRef store_event(const trace::Trace& t, int block_track, int64_t t_ns) {
  return trace::find_event(t, block_track, t_ns, trace::EventKind::instant, trace::Category::work);
}

// The event of step `step` at which the last of its warps left the step's barrier (the latest end
// of a barrier slice there); its event is -1 where the step holds no barrier.
inline trace::EventRef last_barrier_leave(const trace::Trace& t, int step) {
  trace::EventRef latest{step, -1};
  const std::vector<trace::Event>& events = t.steps[size_t(step)].events;
  for (size_t e = 0; e < events.size(); ++e)
    if (events[e].category == trace::Category::barrier && events[e].kind == trace::EventKind::slice_end &&
        (latest.event < 0 || events[e].t_ns > events[size_t(latest.event)].t_ns))
      latest.event = int(e);
  return latest;
}

// The levels of a halving or interleaved tree, one step each, and how long each took: from the last
// warp leaving the barrier of the step before to the last warp leaving its own. `spans` are those
// times as facts (their origin the two events); `series` holds them as a series the trace shows,
// one value a level.
struct TreeLevelTimes {
  std::vector<trace::FactValue> spans;
  int series = -1;
};

// Steps first_level_step .. first_level_step + levels - 1 are the levels; the step before them
// ends at a barrier too (the load's). Throws trace::TraceError where a step holds no barrier (its
// events were dropped: a notice says so).
inline TreeLevelTimes add_tree_level_times(trace::Trace& t, int first_level_step, int levels) {
  TreeLevelTimes out;
  trace::Series times{
      "time each tree level took, from the last warp out of one barrier to the last out of the next",
      "ns",
      {}};
  trace::EventRef from = last_barrier_leave(t, first_level_step - 1);
  for (int step = first_level_step; step < first_level_step + levels; ++step) {
    const trace::EventRef to = last_barrier_leave(t, step);
    out.spans.push_back(trace::duration_fact(t, from, to, trace::FactUnit::ns, 0));
    times.values.push_back(out.spans.back().value);
    from = to;
  }
  out.series = trace::add_series(t, times);
  return out;
}

// The grids a benchmark timed, as a series, so that a fact can name one of them (the fastest, the
// one that fills the GPU); a series of the same name and values already in the trace is reused.
inline int grid_series(trace::Trace& t, const std::vector<int>& grids,
                       const std::string& name = "blocks in each grid of the sweep") {
  const std::vector<double> values(grids.begin(), grids.end());
  for (size_t k = 0; k < t.series.size(); ++k)
    if (t.series[k].name == name && t.series[k].values == values) return int(k);
  return trace::add_series(t, {name, "blocks", values});
}

// "a–b" with an en dash, or "a" when both are equal.
inline std::string range_text(const std::string& a, const std::string& b) {
  return a == b ? a : a + "\xE2\x80\x93" + b;
}

}  // namespace gridlock::reduction
