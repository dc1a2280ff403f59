// Host side of EventLog<true>: owns the device rows, downloads them once the recording launch
// has finished, and hands each writer's records back in the order they were written.
#pragma once

#include <algorithm>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/event_log.cuh"

namespace gridlock {

class EventLogBuffer {
 public:
  EventLogBuffer(int writers, int capacity)
      : writers_(writers),
        capacity_(capacity),
        records_(size_t(writers) * capacity),
        counts_(std::vector<unsigned>(size_t(writers), 0u)) {
    records_.fill_bytes(0xFF);  // what == -1: empty
  }

  EventLog<true> device_view() { return {records_.get(), counts_.get(), capacity_}; }

  // Call once, after the recording launch has finished.
  void download() {
    records_host_ = records_.download();
    counts_host_ = counts_.download();
  }

  int writers() const { return writers_; }
  // The records in one writer's row, in slot order, empty slots left out.
  std::vector<LogRecord> records(int writer) const {
    std::vector<LogRecord> out;
    const size_t first = size_t(writer) * capacity_;
    for (size_t k = first; k < first + size_t(capacity_); ++k)
      if (records_host_[k].what != -1) out.push_back(records_host_[k]);
    return out;
  }
  // Records of sequences that did not fit, over all writers.
  long long dropped() const {
    long long n = 0;
    for (unsigned c : counts_host_) n += c > unsigned(capacity_) ? c - unsigned(capacity_) : 0;
    return n;
  }

 private:
  int writers_, capacity_;
  DeviceBuffer<LogRecord> records_;
  DeviceBuffer<unsigned> counts_;
  std::vector<LogRecord> records_host_;
  std::vector<unsigned> counts_host_;
};

}  // namespace gridlock
