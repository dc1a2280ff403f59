// Host side of EventRecorder<true>: owns the device rows and gives each row's records back.
#pragma once

#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/event_log.hpp"
#include "common/record/event_recorder.cuh"
#include "common/record/run_clock.hpp"

namespace gridlock {

class EventRecording {
 public:
  enum class Rows { per_block, per_thread };

  // Room for `per_row` records in each row: one row per block, or per thread of grid x block.
  EventRecording(int grid, int block, Rows rows, int per_row)
      : rows_(rows), sm_(size_t(grid)), log_(rows == Rows::per_thread ? grid * block : grid, per_row) {
    sm_.fill_bytes(0);  // a block that never calls begin() (never started) reads back 0, not garbage
  }

  EventRecorder<true> device_view() { return {log_.device_view(), sm_.get(), rows_ == Rows::per_thread}; }

  // Call once, after the recording launch has finished.
  void download() {
    sm_host_ = sm_.download();
    log_.download();
  }

  unsigned sm_of(int block) const { return sm_host_[size_t(block)]; }
  std::vector<LogRecord> records(int row) const { return log_.records(row); }
  long long dropped() const { return log_.dropped(); }

  // Each of the first `grid` blocks' rows read into one T: its `block` and `sm` set, then
  // `decode(T&, record, at)` for each record in the order the block wrote them, `at` its time on
  // `clock` (since the run's origin).
  template <typename T, typename Decode>
  std::vector<T> per_block(int grid, RunClock& clock, Decode decode) const {
    std::vector<T> out(size_t(grid > 0 ? grid : 0));
    for (int b = 0; b < grid; ++b) {
      T& one = out[size_t(b)];
      one.block = b;
      one.sm = sm_of(b);
      for (const LogRecord& r : records(b)) decode(one, r, clock.since_origin(r.t_ns));
    }
    return out;
  }

 private:
  Rows rows_;
  DeviceBuffer<unsigned> sm_;
  EventLogBuffer log_;
  std::vector<unsigned> sm_host_;
};

}  // namespace gridlock
