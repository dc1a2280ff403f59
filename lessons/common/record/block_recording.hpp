// Host side of BlockRecorder<true>: owns the device rows and gives each block's records back.
#pragma once

#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/block_recorder.cuh"
#include "common/record/event_log.hpp"

namespace gridlock {

class BlockRecording {
 public:
  // Room for `per_block` records in each of `blocks` rows.
  BlockRecording(int blocks, int per_block) : sm_(size_t(blocks)), log_(blocks, per_block) {}

  BlockRecorder<true> device_view() { return {log_.device_view(), sm_.get()}; }

  // Call once, after the recording launch has finished.
  void download() {
    sm_host_ = sm_.download();
    log_.download();
  }

  unsigned sm_of(int block) const { return sm_host_[size_t(block)]; }
  std::vector<LogRecord> records(int block) const { return log_.records(block); }
  long long dropped() const { return log_.dropped(); }

 private:
  DeviceBuffer<unsigned> sm_;
  EventLogBuffer log_;
  std::vector<unsigned> sm_host_;
};

}  // namespace gridlock
