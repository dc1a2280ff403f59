// Recording hooks for kernels that run beside other kernels: when each warp began and ended (the
// block's span is the earliest begin and the latest end of its warps, so no thread waits for
// another to record it), the SM it ran on, and a few notes of one thread (a check-in and what it
// saw). Built on EventLog: lane 0 of each warp owns a row, so recording adds no atomics and no
// synchronisation. SpanRecorder<false> has no data and empty hooks: the timed instantiation is the
// plain kernel.
#pragma once

#include "common/record/event_log.cuh"

namespace gridlock::streams {

// What a warp's row holds: slot 0 its begin (value: %smid), slot 1 its end, then its notes. A
// lesson's note codes start at kFirstNoteCode.
enum SpanRecord : int { kWarpBegin = 0, kWarpEnd = 1, kFirstNoteCode = 2 };
inline constexpr int kFirstNoteSlot = 2;

template <bool On>
struct SpanRecorder {
  __device__ unsigned long long now() const { return 0; }
  __device__ void note(int, int, int, unsigned long long) const {}
  __device__ void spans(unsigned long long) const {}
};

template <>
struct SpanRecorder<true> {
  EventLog<true> log;  // writer: block * warps per block + warp; capacity 2 + notes

  __device__ int writer() const { return blockIdx.x * ((blockDim.x + 31) / 32) + threadIdx.x / 32; }

  // %globaltimer now.
  __device__ unsigned long long now() const { return log.now(); }
  // A note of the calling thread (the kernel decides which thread notes what) in slot
  // kFirstNoteSlot + n of its warp's row: `what` is the lesson's code (kFirstNoteCode or more),
  // `value` what it saw.
  __device__ void note(int n, int what, int value, unsigned long long t) const {
    log.at(writer(), kFirstNoteSlot + n, what, value, t);
  }
  // Lane 0 of each warp: the warp's begin (read by the kernel into a register as its first act)
  // and its end, now. Call last.
  __device__ void spans(unsigned long long begun) const {
    if (threadIdx.x % 32 != 0) return;
    log.at(writer(), kWarpBegin, kWarpBegin, static_cast<int>(sm_id()), begun);
    log.at(writer(), kWarpEnd, kWarpEnd, 0, log.now());
  }
};

}  // namespace gridlock::streams
