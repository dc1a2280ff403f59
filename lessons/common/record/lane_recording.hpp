// Host side of LaneRecorder<true, T>: owns the device slots, downloads them once the recording
// launch has finished, and hands back each step's entries (slot by slot, lowest thread first:
// the order LaneReplay replays them in) and each thread's times.
#pragma once

#include <vector>

#include "common/device_buffer.hpp"
#include "common/record/lane_recorder.cuh"
#include "common/record/lane_replay.hpp"

namespace gridlock {

template <typename T>
class LaneRecording {
 public:
  struct Shape {
    int grid = 1;
    int block = 32;
    int steps = 1;
    int slots = 1;  // operations a thread records per step, at most
  };

  explicit LaneRecording(Shape s)
      : s_(s),
        entries_(size_t(s.grid) * s.steps * s.block * s.slots),
        done_(size_t(s.grid) * s.steps * s.block),
        left_(size_t(s.grid) * s.steps * s.block),
        start_(size_t(s.grid) * s.block),
        sm_(size_t(s.grid)),
        load_runs_(size_t(s.grid) * s.block) {
    entries_.fill_bytes(0);  // kind kLaneNothing
    done_.fill_bytes(0);     // 0: not recorded
    left_.fill_bytes(0);
    load_runs_.fill_bytes(0);
  }

  LaneRecorder<true, T> device_view() {
    return {entries_.get(), done_.get(),      left_.get(), start_.get(),
            sm_.get(),      load_runs_.get(), s_.steps,    s_.slots};
  }

  // Call once, after the recording launch has finished.
  void download() {
    entries_host_ = entries_.download();
    done_host_ = done_.download();
    left_host_ = left_.download();
    start_host_ = start_.download();
    sm_host_ = sm_.download();
    load_runs_host_ = load_runs_.download();
  }

  const Shape& shape() const { return s_; }
  unsigned sm_of(int block) const { return sm_host_[size_t(block)]; }

  // The block's entries of `step`: slot 0 of every thread (lowest first), then slot 1, ...
  std::vector<ThreadEntry<T>> step_entries(int block, int step) const {
    std::vector<ThreadEntry<T>> out;
    for (int slot = 0; slot < s_.slots; ++slot)
      for (int t = 0; t < s_.block; ++t) {
        const LaneEntry<T>& e = entries_host_[thread_step(block, t, step) * s_.slots + slot];
        if (e.kind != kLaneNothing) out.push_back({t, e});
      }
    return out;
  }
  std::vector<LoadRun> load_runs(int block) const {
    const auto first = load_runs_host_.begin() + std::ptrdiff_t(size_t(block) * s_.block);
    return {first, first + s_.block};
  }

  // %globaltimer when the thread began, was done with a step, left a step's barrier; 0 where it
  // recorded nothing.
  unsigned long long start_ns(int block, int thread) const {
    return start_host_[size_t(block) * s_.block + thread];
  }
  unsigned long long done_ns(int block, int thread, int step) const {
    return done_host_[thread_step(block, thread, step)];
  }
  unsigned long long left_ns(int block, int thread, int step) const {
    return left_host_[thread_step(block, thread, step)];
  }

 private:
  size_t thread_step(int block, int thread, int step) const {
    return (size_t(block) * s_.steps + step) * s_.block + thread;
  }

  Shape s_;
  DeviceBuffer<LaneEntry<T>> entries_;
  DeviceBuffer<unsigned long long> done_, left_, start_;
  DeviceBuffer<unsigned> sm_;
  DeviceBuffer<LoadRun> load_runs_;
  std::vector<LaneEntry<T>> entries_host_;
  std::vector<unsigned long long> done_host_, left_host_, start_host_;
  std::vector<unsigned> sm_host_;
  std::vector<LoadRun> load_runs_host_;
};

}  // namespace gridlock
