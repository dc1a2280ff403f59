// Host side of SpanRecorder<true>: owns one launch's rows, downloads them after the launch, and
// gives back each block's span (the earliest begin and the latest end of its warps), its SM, and
// the notes its threads took.
#pragma once

#include <algorithm>
#include <vector>

#include "common/record/event_log.hpp"
#include "streams/common/span_recorder.cuh"

namespace gridlock::streams {

// One block as the recording saw it, on the GPU's %globaltimer.
struct BlockSpan {
  unsigned long long begin = 0, end = 0;
  int sm = -1;
};

class SpanRecording {
 public:
  SpanRecording(int grid, int block, int notes)
      : grid_(grid), warps_((block + 31) / 32), log_(grid * warps_, kFirstNoteSlot + notes) {}

  SpanRecorder<true> device_view() { return {log_.device_view()}; }

  // Call once, after the recording launch has finished.
  void download() { log_.download(); }

  int grid() const { return grid_; }

  BlockSpan block(int b) const {
    BlockSpan s;
    for (int w = 0; w < warps_; ++w)
      for (const LogRecord& r : log_.records(b * warps_ + w)) {
        if (r.what == kWarpBegin && (s.begin == 0 || r.t_ns < s.begin)) s.begin = r.t_ns, s.sm = r.value;
        if (r.what == kWarpEnd) s.end = std::max(s.end, r.t_ns);
      }
    return s;
  }

  // The notes that block b's threads took, in the order of their warps and slots.
  std::vector<LogRecord> notes(int b) const {
    std::vector<LogRecord> out;
    for (int w = 0; w < warps_; ++w) {
      const std::vector<LogRecord> row = log_.records(b * warps_ + w);
      for (const LogRecord& r : row)
        if (r.what != kWarpBegin && r.what != kWarpEnd) out.push_back(r);
    }
    return out;
  }

 private:
  int grid_, warps_;
  EventLogBuffer log_;
};

}  // namespace gridlock::streams
