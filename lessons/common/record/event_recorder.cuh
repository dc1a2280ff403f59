// Recording hooks for what threads do one after another (take a lock, read a counter, take a
// ticket), built on EventLog: each block (or each thread, for lessons where every thread acts)
// writes its own row, numbered in a register by the recording thread, so recording adds no
// atomics and reads no shared word. EventRecorder<false> has no data and empty hooks, so the
// timed instantiation is the plain technique.
#pragma once

#include "common/record/event_log.cuh"

namespace gridlock {

template <bool On>
struct EventRecorder {
  __device__ unsigned long long now() const { return 0; }
  __device__ void begin() const {}
  __device__ void record(int, int, unsigned long long) {}
};

template <>
struct EventRecorder<true> {
  EventLog<true> log;  // writer: the block, or the thread when per_thread
  unsigned* sm;        // [block]
  bool per_thread;
  int recorded = 0;  // per thread: the kernel's copy of the recorder is the thread's own

  __device__ void begin() const {
    if (threadIdx.x == 0) sm[blockIdx.x] = sm_id();
  }
  // %globaltimer now (nothing at all in EventRecorder<false>).
  __device__ unsigned long long now() const { return log.now(); }
  // Something the recording thread did (`what`: a code the lesson defines) at time t. Per block,
  // one thread of the block records; per thread, each records its own.
  __device__ void record(int what, int value, unsigned long long t) {
    const int row = per_thread ? blockIdx.x * blockDim.x + threadIdx.x : blockIdx.x;
    log.nth(row, recorded++, what, value, t);
  }
};

}  // namespace gridlock
