// The trace builder's rows and events, shared by every lesson's recording: a row (track) is
// declared by what it is and where it sits, and takes the next free id; the blocks of a launch
// sit inside the SMs they ran on; a slice is its begin and end events, made in one call, and an
// instant or a counter is one call too; a buffer of 32-bit ints is declared by name and length.
#pragma once

#include <algorithm>
#include <cstdint>
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

// An event appended to `events`, returned so that flows can be added to it (until the next append).
inline trace::Event& add_event(std::vector<trace::Event>& events, int track, trace::EventKind kind, int64_t t,
                               const std::string& name, trace::Category category, double value = 0) {
  events.push_back(trace::make_event(track, kind, t, name, category, value));
  return events.back();
}

// A moment on one track.
inline trace::Event& add_instant(std::vector<trace::Event>& events, int track, int64_t t,
                                 const std::string& name, trace::Category category, double value = 0) {
  return add_event(events, track, trace::EventKind::instant, t, name, category, value);
}

// A counter's new value, from `t` on.
inline void add_counter(std::vector<trace::Event>& events, int track, int64_t t, const std::string& name,
                        trace::Category category, double value) {
  add_event(events, track, trace::EventKind::counter, t, name, category, value);
}

// A slice: its begin and end events on one track, both with `value`.
inline void add_slice(std::vector<trace::Event>& events, int track, int64_t begin, int64_t end,
                      const std::string& name, trace::Category category, double value = 0) {
  add_event(events, track, trace::EventKind::slice_begin, begin, name, category, value);
  add_event(events, track, trace::EventKind::slice_end, end, name, category, value);
}

// The time a slice on `track` took, from its begin at `span.first` to its end at `span.second`
// (each of `category`, in whichever step holds it), as a duration fact.
inline trace::FactValue slice_fact(const trace::Trace& t, int track, std::pair<int64_t, int64_t> span,
                                   trace::Category category, trace::FactUnit unit, int decimals) {
  return trace::duration_fact(
      t, trace::find_event(t, track, span.first, trace::EventKind::slice_begin, category),
      trace::find_event(t, track, span.second, trace::EventKind::slice_end, category), unit, decimals);
}

// A buffer of `items` 32-bit ints on GPU `device` (-1: the host's or no device's).
inline trace::Buffer int_buffer(int id, const std::string& name, int64_t items, trace::MemorySpace space,
                                int device = 0) {
  return {id, name, trace::ElementType::i32, {items}, space, device};
}

// Splits `n` items, in order, into at most `steps` runs of equal length (the last may be
// shorter): each run's first and one-past-last item.
inline std::vector<std::pair<size_t, size_t>> step_runs(size_t n, size_t steps) {
  std::vector<std::pair<size_t, size_t>> runs;
  const size_t per_step = steps == 0 ? n : (n + steps - 1) / steps;
  for (size_t first = 0; first < n; first += per_step) runs.push_back({first, std::min(n, first + per_step)});
  return runs;
}

// The notice a recording adds when `dropped` records did not fit their log.
inline void note_dropped(trace::Trace& t, long long dropped) {
  if (dropped > 0) t.notices.push_back(std::to_string(dropped) + " records did not fit the log");
}

}  // namespace gridlock
