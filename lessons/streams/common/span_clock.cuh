// The clock reads that bracket an atomic in kernels recorded with SpanRecorder: one the compiler
// keeps before the atomic, and one that waits for the atomic's result, so the atomic took effect
// between the two times.
#pragma once

#include "common/record/clock.cuh"
#include "common/record/time_after.cuh"
#include "streams/common/span_recorder.cuh"

namespace gridlock::streams {

// %globaltimer, read before any load or store that follows it in the program (the compiler may
// otherwise move a plain read past an atomic); nothing at all when the recorder is off.
template <bool On>
__device__ __forceinline__ unsigned long long time_before(const SpanRecorder<On>&) {
  if constexpr (On)
    return global_time_ns_in_order();
  else
    return 0;
}

}  // namespace gridlock::streams
