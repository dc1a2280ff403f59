// What the inter-block lessons' kernels need from the recorder beyond EventRecorder: a clock read
// that waits for a value, so a time taken right after an atomic or a barrier is not taken early.
#pragma once

#include "common/record/event_recorder.cuh"

namespace gridlock::interblock {

// %globaltimer once `loaded` has arrived (common/record/clock.cuh says why); nothing at all when
// the recorder is off.
template <bool Record>
__device__ __forceinline__ unsigned long long time_after(const EventRecorder<Record>& rec, unsigned loaded) {
  if constexpr (Record)
    return rec.log.now_after(loaded);
  else
    return 0;
}

}  // namespace gridlock::interblock
