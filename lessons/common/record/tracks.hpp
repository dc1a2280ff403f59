// The trace builder's rows and slices, shared by every lesson's recording: a row (track) is
// declared by what it is and where it sits, and takes the next free id; the blocks of a launch
// sit inside the SMs they ran on; a slice is its begin and end events, made in one call.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock {

// Appends `row` with the next free id, and returns the id.
inline int add_row(trace::Trace& t, trace::Track row) {
  const int id = row.id = int(t.tracks.size());
  t.tracks.push_back(std::move(row));
  return id;
}

// Appends a row of `kind` named `name` inside row `parent` (-1: a top row), on GPU `device` (-1:
// the host), for block `block` on SM `sm` (-1: none); returns its id.
inline int add_track(trace::Trace& t, trace::TrackKind kind, const std::string& name, int parent = -1,
                     int device = 0, int block = -1, int sm = -1) {
  return add_row(t, {0, kind, name, parent, device, block, -1, -1, sm});
}

// Appends the row of block `block`, named "block b (SM s)" after the SM it ran on, inside `parent`.
inline int add_block_track(trace::Trace& t, int parent, int block, int sm) {
  return add_track(t, trace::TrackKind::block,
                   "block " + std::to_string(block) + " (SM " + std::to_string(sm) + ")", parent, 0, block,
                   sm);
}

// Appends the row of warp `warp` of block `block` (on SM `sm`), inside the block's row.
inline int add_warp_track(trace::Trace& t, int block_track, int block, int warp, int sm) {
  return add_row(
      t, {0, trace::TrackKind::warp, "warp " + std::to_string(warp), block_track, 0, block, warp, -1, sm});
}

// Appends the row of thread `thread` of block `block` (on SM `sm`), inside its warp's row.
inline int add_thread_track(trace::Trace& t, int warp_track, int block, int thread, int sm) {
  return add_row(t, {0, trace::TrackKind::lane, "thread " + std::to_string(thread), warp_track, 0, block,
                     thread / 32, thread % 32, sm});
}

// One row per SM that ran a block (kind sm, in SM order), then one row per block inside its SM's
// row, named "block b": blocks[k] ran on sms[k]. Returns the blocks' row ids, in the order given.
inline std::vector<int> add_block_rows(trace::Trace& t, const std::vector<int>& blocks,
                                       const std::vector<unsigned>& sms) {
  std::map<unsigned, int> sm_track;
  for (unsigned sm : sms) sm_track.emplace(sm, 0);
  for (auto& [sm, id] : sm_track)
    id = add_track(t, trace::TrackKind::sm, "SM " + std::to_string(sm), -1, 0, -1, int(sm));
  std::vector<int> rows;
  for (size_t k = 0; k < blocks.size(); ++k)
    rows.push_back(add_track(t, trace::TrackKind::block, "block " + std::to_string(blocks[k]),
                             sm_track[sms[k]], 0, blocks[k], int(sms[k])));
  return rows;
}

// The same for what each block recorded (a turn, an arrival, a visit), one record a block, each
// naming its `block` and `sm`: each record's `track` becomes its block's row.
template <typename Record>
void add_block_rows(trace::Trace& t, std::vector<Record>& records) {
  std::vector<int> blocks;
  std::vector<unsigned> sms;
  for (const Record& r : records) blocks.push_back(r.block), sms.push_back(r.sm);
  const std::vector<int> rows = add_block_rows(t, blocks, sms);
  for (size_t k = 0; k < records.size(); ++k) records[k].track = rows[k];
}

// A slice: its begin and end events on one track, both with `value`.
inline void add_slice(std::vector<trace::Event>& events, int track, int64_t begin, int64_t end,
                      const std::string& name, trace::Category category, double value = 0) {
  events.push_back(trace::make_event(track, trace::EventKind::slice_begin, begin, name, category, value));
  events.push_back(trace::make_event(track, trace::EventKind::slice_end, end, name, category, value));
}

}  // namespace gridlock
