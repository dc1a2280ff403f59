// The kernel side of the watchdog: a bounded spin polls the host's abort flag.
#pragma once

namespace gridlock {

// True once the host watchdog has told every spinning thread to give up.
__device__ __forceinline__ bool abort_requested(const volatile int* flag) { return *flag != 0; }

}  // namespace gridlock
