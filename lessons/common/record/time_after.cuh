// The clock read a kernel takes right after an atomic or a barrier: %globaltimer once the value it
// loaded has arrived (clock.cuh says why), so the time is not taken early. One helper for every
// recorder that keeps an EventLog as `log` when on (EventRecorder, SpanRecorder); nothing at all
// when the recorder is off.
#pragma once

namespace gridlock {

template <template <bool> class Recorder, bool On>
__device__ __forceinline__ unsigned long long time_after(const Recorder<On>& rec, unsigned loaded) {
  if constexpr (On)
    return rec.log.now_after(loaded);
  else
    return 0;
}

}  // namespace gridlock
