// The locks of the lock chapter: the documented one, built from atomicCAS and atomicExch with no
// ordering, and the one today's CUDA memory model asks for, with acquire and release. Every spin
// is bounded: it looks at the watchdog's flag now and then and gives up when told to.
#pragma once

#include <cuda/atomic>

#include "common/watchdog.cuh"

namespace gridlock::locks {

// Failed attempts between two looks at the watchdog's flag (a read of mapped host memory, far
// slower than an attempt, so not every time).
constexpr unsigned kPollEvery = 1024;

// Whether a lock was taken, and how many failed attempts came first.
struct Taken {
  bool ok;
  unsigned spins;
};

// The documented lock (TECHNIQUES.md, L2): state 0 is free, 1 is held. The atomics are relaxed:
// nothing orders the critical section's plain loads and stores after lock() with those of the
// previous owner before its unlock().
struct DocumentedLock {
  int* state;

  // lesson-begin documented-lock
  __device__ bool try_lock() const { return atomicCAS(state, 0, 1) == 0; }
  __device__ Taken lock(const volatile int* abort) const {
    unsigned spins = 0;
    while (!try_lock())
      if (++spins % kPollEvery == 0 && abort_requested(abort)) return {false, spins};
    return {true, spins};
  }
  __device__ void unlock() const { atomicExch(state, 0); }
  // lesson-end documented-lock
};

// The same lock with the orders the memory model asks for: taking it is an acquire, giving it
// back a release, so whatever the previous owner wrote before unlock() is visible to the next
// owner after lock().
struct OrderedLock {
  int* state;

  // lesson-begin ordered-lock
  __device__ bool try_lock() const {
    int expected = 0;
    return word().compare_exchange_strong(expected, 1, cuda::memory_order_acquire,
                                          cuda::memory_order_relaxed);
  }
  __device__ Taken lock(const volatile int* abort) const {
    unsigned spins = 0;
    while (!try_lock())
      if (++spins % kPollEvery == 0 && abort_requested(abort)) return {false, spins};
    return {true, spins};
  }
  __device__ void unlock() const { word().store(0, cuda::memory_order_release); }
  // lesson-end ordered-lock

 private:
  __device__ cuda::atomic_ref<int, cuda::thread_scope_device> word() const {
    return cuda::atomic_ref<int, cuda::thread_scope_device>(*state);
  }
};

}  // namespace gridlock::locks
