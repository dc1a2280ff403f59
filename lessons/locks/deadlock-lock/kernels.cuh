// L3: every thread of every block takes the documented lock, and thread 0 of each block counts.
// The document says this deadlocks; beside it, the lock written so that it cannot.
#pragma once

#include "common/record/event_recorder.cuh"
#include "locks/common/hold_recorder.cuh"
#include "locks/common/locks.cuh"

namespace l3 {

// Contract: *lock.state and *count are 0 before the launch. Every thread takes the lock, thread 0
// of each block adds one to *count, every thread gives the lock back; guarantees *count ==
// gridDim.x if every thread gets through. The documented claim: it deadlocks, because the lanes
// of a warp run in lockstep, and the lane that took the lock cannot leave the spin loop while
// its warp-mates still spin in it. A spin the watchdog stops returns without the lock.
// lesson-begin every-thread
template <bool Record>
__global__ void count_with_a_lock_in_every_thread(gridlock::locks::DocumentedLock lock, int* count,
                                                  const volatile int* abort,
                                                  gridlock::EventRecorder<Record> rec) {
  gridlock::locks::HoldRecorder<Record> hold(rec);
  // PHASE 1: every thread takes the lock
  // The lane whose CAS wins must leave this loop and reach unlock() while its warp-mates still
  // spin here. Independent thread scheduling (Volta and later) lets it run on; a lockstep warp
  // holds it at the loop's reconvergence point until they all leave, so it never unlocks.
  const gridlock::locks::Taken taken = lock.lock(abort);
  hold.took(taken);
  if (!taken.ok) return;

  // PHASE 2: thread 0 of each block counts
  // The lock keeps two blocks' thread 0s from interleaving this load and store. The documented lock
  // is relaxed, so, as in L2, nothing orders this load after the previous holder's store.
  if (threadIdx.x == 0) *count = *count + 1;

  // PHASE 3: every thread gives the lock back
  // Every waiter depends on this store of 0. Under lockstep the winning lane never gets here while
  // its warp-mates spin in phase 1; under independent scheduling it does, and the lock passes on.
  lock.unlock();
  hold.released();
}
// lesson-end every-thread

// The same count with the critical section inside the spin loop: the lane that takes the lock
// counts and gives the lock back within the same pass of the loop, before its warp-mates try
// again, so even lanes that only ever run together cannot deadlock it.
// lesson-begin inside-the-loop
template <bool Record>
__global__ void count_with_the_lock_inside_the_loop(gridlock::locks::DocumentedLock lock, int* count,
                                                    const volatile int* abort,
                                                    gridlock::EventRecorder<Record> rec) {
  gridlock::locks::HoldRecorder<Record> hold(rec);
  // PHASE 1: try the lock; the winner counts and gives it back inside the loop
  // The winning lane counts and unlocks before the warp goes round again, so no lane waits at a
  // reconvergence point holding the lock: safe under lockstep and independent scheduling alike.
  unsigned spins = 0;
  for (bool done = false; !done;) {
    if (lock.try_lock()) {
      hold.took(spins);
      if (threadIdx.x == 0) *count = *count + 1;
      lock.unlock();
      hold.released();
      done = true;
    } else if (++spins % gridlock::locks::kPollEvery == 0 && gridlock::abort_requested(abort)) {
      hold.gave_up(spins);
      return;
    }
  }
}
// lesson-end inside-the-loop

}  // namespace l3
