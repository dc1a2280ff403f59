// Recording hooks for what one thread of each block does (thread 0 in the documented counter,
// lock, ticket and queue techniques), built on EventLog: each block writes its own row, numbered
// in a register by the recording thread, so recording adds no atomics and reads no shared word.
// BlockRecorder<false> has no data and empty hooks; the timed instantiation is the plain technique.
#pragma once

#include "common/record/event_log.cuh"

namespace gridlock {

template <bool On>
struct BlockRecorder {
  __device__ unsigned long long now() const { return 0; }
  __device__ void begin() const {}
  __device__ void record(int, int, unsigned long long) {}
};

template <>
struct BlockRecorder<true> {
  EventLog<true> log;  // writer: block
  unsigned* sm;        // [block]
  int recorded = 0;    // per thread: the kernel's copy of the recorder is the thread's own

  __device__ void begin() const {
    if (threadIdx.x == 0) sm[blockIdx.x] = sm_id();
  }
  // %globaltimer now (nothing at all in BlockRecorder<false>).
  __device__ unsigned long long now() const { return log.now(); }
  // Something the block's recording thread did (`what`: a code the lesson defines) at time t.
  __device__ void record(int what, int value, unsigned long long t) {
    log.nth(blockIdx.x, recorded++, what, value, t);
  }
};

}  // namespace gridlock
