// L2: thread 0 of every block takes a lock, adds one to a counter in global memory, and gives the
// lock back. The documented lock and the one the memory model asks for run the same kernel; the
// atomicAdd count is the baseline.
#pragma once

#include "common/record/event_recorder.cuh"
#include "locks/common/hold_recorder.cuh"
#include "locks/common/locks.cuh"

namespace l2 {

// Contract: *lock.state and *count are 0 before the launch; Lock is DocumentedLock or
// OrderedLock. The documented claim: the result is correct, *count == gridDim.x. Only one block
// is ever inside the critical section at a time; whether each sees the previous one's store is
// what the lock's memory orders decide. The recorder only reads the clock until the lock is
// given back, and writes its records after.
// lesson-begin kernel
template <typename Lock, bool Record>
__global__ void count_blocks_with_lock(Lock lock, int* count, const volatile int* abort,
                                       gridlock::EventRecorder<Record> rec) {
  gridlock::locks::HoldRecorder<Record> hold(rec);
  if (threadIdx.x != 0) return;

  // PHASE 1: take the lock
  // atomicCAS lets one block at a time turn 0 into 1, so the blocks enter one by one. Only the
  // ordered lock's CAS is an acquire; the documented one keeps blocks apart but orders no memory.
  const gridlock::locks::Taken taken = lock.lock(abort);
  hold.took(taken);
  if (!taken.ok) return;

  // PHASE 2: count inside the critical section
  // No other block can come between this load and store, but under the relaxed documented lock the
  // load may still return a stale count: the previous holder's store is not ordered before it.
  const int seen = *count;
  *count = seen + 1;

  // PHASE 3: give the lock back
  // The next block's CAS succeeds only after this store of 0. As a release (OrderedLock) it publishes
  // the count first; the documented atomicExch is relaxed, so the next holder may miss it.
  lock.unlock();
  hold.released(seen);
}
// lesson-end kernel

// The baseline: one atomicAdd per block, no lock.
template <bool Record>
__global__ void count_blocks_with_atomic(int* count, gridlock::EventRecorder<Record> rec) {
  gridlock::locks::HoldRecorder<Record> hold(rec);
  if (threadIdx.x != 0) return;
  // PHASE 1: one atomicAdd per block
  // The read, the add and the write are one operation in the memory system, so no block can come
  // between them: the count is exact with no lock and no spinning.
  const int seen = atomicAdd(count, 1);
  hold.added_atomically(seen);
}

}  // namespace l2
