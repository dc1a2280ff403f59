// A kernel's blocks as a recording of several kernels sees them (the streams lessons and the
// two-GPU reduction): each block on the run's clock, the kernel's extent on its stream, and the
// blocks' rows and slices nested under the stream's row (the rows and slices themselves are
// tracks.hpp's).
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "common/record/tracks.hpp"
#include "trace/trace.hpp"

namespace gridlock {

// One block of a recorded kernel, on the run's clock.
struct BlockOnClock {
  int64_t begin = 0, end = 0;
  int sm = -1;
};

// A kernel's extent on its stream: from its first block's begin to its last block's end.
inline std::pair<int64_t, int64_t> extent(const std::vector<BlockOnClock>& blocks) {
  std::pair<int64_t, int64_t> e{blocks.front().begin, blocks.front().end};
  for (const BlockOnClock& b : blocks) e = {std::min(e.first, b.begin), std::max(e.second, b.end)};
  return e;
}

// Puts launch `launch` on GPU `device`'s stream `stream_track`; returns the launch.
inline int on_stream(trace::Trace& t, int launch, int device, int stream_track) {
  t.launches[size_t(launch)].device = device;
  t.launches[size_t(launch)].stream = stream_track;
  return launch;
}

// Declares one track per block of a kernel (kind block, nested in the stream's track), named
// "<prefix>block b"; returns their ids.
inline std::vector<int> add_block_tracks(trace::Trace& t, int stream_track, int device,
                                         const std::vector<BlockOnClock>& blocks, const std::string& prefix) {
  std::vector<int> ids;
  for (size_t b = 0; b < blocks.size(); ++b)
    ids.push_back(add_track(t, trace::TrackKind::block, prefix + "block " + std::to_string(b), stream_track,
                            device, int(b), blocks[b].sm));
  return ids;
}

// Each block's run as a slice (category work) on its own track.
inline void add_block_slices(std::vector<trace::Event>& events, const std::vector<int>& tracks,
                             const std::vector<BlockOnClock>& blocks) {
  for (size_t b = 0; b < blocks.size(); ++b)
    add_slice(events, tracks[b], blocks[b].begin, blocks[b].end,
              "block " + std::to_string(b) + " on SM " + std::to_string(blocks[b].sm), trace::Category::work,
              blocks[b].sm);
}

}  // namespace gridlock
