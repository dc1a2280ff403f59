// Recording hooks for the lock lessons, one statement per moment the kernel reaches: the holder
// (a block's thread 0, or every thread) asks for the lock when the recorder is made, then takes
// it or gives up, and gives it back. Built on EventRecorder: the times stay in registers until the
// lock is free again, and only then go to the holder's row, so no store of the recorder's falls
// inside a critical section. HoldRecorder<false> and CountRecorder<false> have no data and empty
// hooks: the timed instantiation of a kernel is the plain technique.
#pragma once

#include "common/record/event_recorder.cuh"
#include "locks/common/locks.cuh"

namespace gridlock::locks {

// What a holder's row holds: when it asked for the lock, when it took it (value: failed attempts
// before), the value it read inside (where the lesson counts), when it gave the lock back (value:
// the value it wrote, or 0), or that it gave up when the watchdog said so (value: attempts).
enum HoldEvent : int { kAsked = 0, kTook = 1, kRead = 2, kReleased = 3, kGaveUp = 4 };

template <bool Record>
struct HoldRecorder {
  __device__ explicit HoldRecorder(EventRecorder<false>) {}
  __device__ void took(const Taken&) {}
  __device__ void took(unsigned) {}
  __device__ void gave_up(unsigned) {}
  __device__ void released() {}
  __device__ void released(int) {}
  __device__ void added_atomically(int) {}
};

template <>
struct HoldRecorder<true> {
  EventRecorder<true> rec;  // the kernel's recorder: this thread's copy from here on
  unsigned long long asked = 0, took_at = 0;
  unsigned spins = 0;

  // The recorder notes the block's SM, and this thread asks for the lock now.
  __device__ explicit HoldRecorder(EventRecorder<true> r) : rec(r) {
    rec.begin();
    asked = rec.now();
  }
  // lock() returned: the lock is this thread's, or the watchdog stopped the spin.
  __device__ void took(const Taken& taken) {
    if (taken.ok)
      took(taken.spins);
    else
      gave_up(taken.spins);
  }
  // The lock is this thread's after `failed` attempts.
  __device__ void took(unsigned failed) {
    spins = failed;
    took_at = rec.now();
  }
  __device__ void gave_up(unsigned attempts) {
    rec.record(kAsked, 0, asked);
    rec.record(kGaveUp, int(attempts), rec.now());
  }
  // unlock() returned: the whole hold goes to the row.
  __device__ void released() {
    const unsigned long long at = rec.now();
    rec.record(kAsked, 0, asked);
    rec.record(kTook, int(spins), took_at);
    rec.record(kReleased, 0, at);
  }
  // unlock() returned after the thread read `seen` inside and wrote seen + 1.
  __device__ void released(int seen) {
    const unsigned long long at = rec.now();
    rec.record(kAsked, 0, asked);
    rec.record(kTook, int(spins), took_at);
    rec.record(kRead, seen, took_at);
    rec.record(kReleased, seen + 1, at);
  }
  // The baseline without a lock: one atomicAdd returned `seen`; its hold is the atomic itself.
  __device__ void added_atomically(int seen) {
    took_at = asked;
    released(seen);
  }
};

// What a counting thread's row holds for the racy counter: the value it read, at the time it was
// about to read it, and the value it wrote, at the time the store was issued.
enum CountEvent : int { kLoaded = 0, kStored = 1 };

template <bool Record>
struct CountRecorder {
  __device__ explicit CountRecorder(EventRecorder<false>) {}
  __device__ void wrote(int) {}
};

template <>
struct CountRecorder<true> {
  EventRecorder<true> rec;
  unsigned long long before = 0;

  // The recorder notes the block's SM, and the clock before the thread reads the counter.
  __device__ explicit CountRecorder(EventRecorder<true> r) : rec(r) {
    rec.begin();
    before = rec.now();
  }
  // The thread read `seen` and wrote seen + 1.
  __device__ void wrote(int seen) {
    rec.record(kLoaded, seen, before);
    rec.record(kStored, seen + 1, rec.now());
  }
};

}  // namespace gridlock::locks
