// Host side of TreeRecorder<true, T>: owns the device arrays, and turns what the kernel wrote
// into trace snapshots, combines and timeline events.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/tree_recorder.cuh"
#include "trace/trace.hpp"

namespace gridlock {

template <typename T>
class TreeRecording {
 public:
  TreeRecording(int grid, int steps, int block)
      : steps_(steps), block_(block), warps_((block + 31) / 32),
        snapshots_(size_t(grid) * steps * block), dst_(std::vector<int>(size_t(grid) * steps * block, -1)),
        src_(std::vector<int>(size_t(grid) * steps * block, -1)), begin_ns_(size_t(grid) * warps_),
        work_done_ns_(size_t(grid) * steps * warps_), barrier_ns_(size_t(grid) * steps * warps_), sm_(grid) {}

  TreeRecorder<true, T> device_view() {
    return {snapshots_.get(), dst_.get(), src_.get(), begin_ns_.get(), work_done_ns_.get(),
            barrier_ns_.get(), sm_.get(), steps_};
  }

  // Call once, after the recording launch has finished.
  void download() {
    snapshots_host_ = snapshots_.download();
    dst_host_ = dst_.download();
    src_host_ = src_.download();
    begin_host_ = begin_ns_.download();
    work_host_ = work_done_ns_.download();
    barrier_host_ = barrier_ns_.download();
    sm_host_ = sm_.download();
    origin_ns_ = *std::min_element(begin_host_.begin(), begin_host_.end());
  }

  unsigned sm_of(int block) const { return sm_host_[block]; }

  trace::Snapshot snapshot(int buffer, int block, int step) const {
    auto first = snapshots_host_.begin() + (size_t(block) * steps_ + step) * block_;
    return {buffer, std::vector<double>(first, first + block_)};
  }

  // The pairs the block's threads really combined in this step (threads that combined nothing
  // left -1 and are skipped).
  trace::Combine combine(int buffer, int block, int step) const {
    trace::Combine c;
    c.buffer = buffer;
    for (int t = 0; t < block_; ++t) {
      size_t slot = (size_t(block) * steps_ + step) * block_ + t;
      if (dst_host_[slot] < 0) continue;
      c.dst.push_back(dst_host_[slot]);
      c.src.push_back(src_host_[slot]);
      c.thread.push_back(t);
    }
    return c;
  }

  // Per warp: a "work" slice up to work_done, a "barrier" slice up to leaving the barrier.
  // Timestamps are relative to the earliest warp's start. Warp w of `block` is track first_track + w.
  std::vector<trace::Event> warp_events(int block, int step, int first_track, const std::string& what) const {
    std::vector<trace::Event> events;
    for (int w = 0; w < warps_; ++w) {
      size_t slot = (size_t(block) * steps_ + step) * warps_ + w;
      unsigned long long started = step == 0 ? begin_host_[size_t(block) * warps_ + w] : barrier_host_[slot - warps_];
      int track = first_track + w;
      events.push_back({track, trace::EventKind::slice_begin, rel(started), what, 0});
      events.push_back({track, trace::EventKind::slice_end, rel(work_host_[slot]), what, 0});
      events.push_back({track, trace::EventKind::slice_begin, rel(work_host_[slot]), "wait at __syncthreads", 0});
      events.push_back({track, trace::EventKind::slice_end, rel(barrier_host_[slot]), "wait at __syncthreads", 0});
    }
    return events;
  }

  int warps() const { return warps_; }

 private:
  int64_t rel(unsigned long long t) const { return static_cast<int64_t>(t - origin_ns_); }

  int steps_, block_, warps_;
  DeviceBuffer<T> snapshots_;
  DeviceBuffer<int> dst_, src_;
  DeviceBuffer<unsigned long long> begin_ns_, work_done_ns_, barrier_ns_;
  DeviceBuffer<unsigned> sm_;
  std::vector<T> snapshots_host_;
  std::vector<int> dst_host_, src_host_;
  std::vector<unsigned long long> begin_host_, work_host_, barrier_host_;
  std::vector<unsigned> sm_host_;
  unsigned long long origin_ns_ = 0;
};

}  // namespace gridlock
