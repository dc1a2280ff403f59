// The pieces every recorded reduction trace is made of: buffers of scalars or matrices, the
// timeline rows of a launch (a kernel row, a row per block inside it, a row per warp inside its
// block), slices and events built in one call, and the time formats the facts use.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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
  out.kernel = int(t.tracks.size());
  t.tracks.push_back({out.kernel, trace::TrackKind::kernel, kernel, -1, 0, -1, -1, -1, -1});
  for (int b = 0; b < grid; ++b) {
    const int sm = int(rec.sm_of(b)), id = int(t.tracks.size());
    out.block.push_back(id);
    t.tracks.push_back({id, trace::TrackKind::block,
                        "block " + std::to_string(b) + " (SM " + std::to_string(sm) + ")", out.kernel, 0, b,
                        -1, -1, sm});
    out.first_warp.push_back(id + 1);
    for (int w = 0; w < rec.warps_per_block(); ++w)
      t.tracks.push_back(
          {id + 1 + w, trace::TrackKind::warp, "warp " + std::to_string(w), id, 0, b, w, -1, sm});
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
  t.steps[last_step].events.push_back(
      make_event(track, trace::EventKind::slice_end, span.second, name, trace::Category::kernel));
}

// "1.23 µs"
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

// "a–b" with an en dash, or "a" when both are equal.
inline std::string range_text(const std::string& a, const std::string& b) {
  return a == b ? a : a + "\xE2\x80\x93" + b;
}

}  // namespace gridlock::reduction
