// G0: every block writes a value, all blocks wait for each other, then each reads its neighbour's
// value. Once with a barrier written by hand over a counter in global memory (an ordinary launch),
// once with the grid-wide sync of a cooperative launch.
#pragma once

#include <cooperative_groups.h>

#include <cuda/atomic>

#include "common/record/event_recorder.cuh"
#include "common/record/time_after.cuh"
#include "common/watchdog.cuh"

namespace g0 {

// What the recorder notes for a block (thread 0): when it started, when it arrived at the barrier
// (value: how many blocks had arrived before it), when it left (value: failed looks at the
// counter), or when it gave up because the watchdog said so (value: the count it saw last).
enum BarrierEvent : int { kStarted = 0, kArrived = 1, kLeft = 2, kGaveUp = 3 };

// Looks at the counter between two looks at the watchdog's flag (mapped host memory, far slower).
constexpr unsigned kPollEvery = 1024;

// The value block b writes before the barrier; its neighbour reads it after.
__host__ __device__ inline int value_of(int block) { return 7 * block + 3; }

// Contract: an ordinary one-dimensional launch; *arrived is 0 before it. Every block stores
// value_of(block) in values[block], waits until all gridDim.x blocks have arrived, then stores
// in seen[block] what its neighbour (block + 1, wrapping) stored. Completes only if every block of
// the grid runs at the same time: a block that is waiting occupies its SM, and a block that has
// not started cannot start until a running one ends. The spin looks at the watchdog's flag every
// kPollEvery looks and gives up when told; a block that gave up stores nothing in seen.
// lesson-begin spin
template <bool Record>
__global__ void exchange_with_spin_barrier(int* values, int* seen, unsigned* arrived,
                                           const volatile int* abort, gridlock::EventRecorder<Record> rec) {
  rec.begin();
  const unsigned long long started = rec.now();

  // PHASE 1: every block stores its value
  // Thread 0 stores before its release fetch_add in phase 2, so any block whose acquire load sees
  // the full count is guaranteed to see this value too.
  if (threadIdx.x == 0) values[blockIdx.x] = value_of(blockIdx.x);
  __syncthreads();

  // PHASE 2: wait at the hand-written barrier until every block has arrived
  // Completes only if every block is resident at once: a spinning block keeps its SM, so a block that
  // has not started never arrives. The watchdog turns that hang into a give-up.
  bool passed = true;
  if (threadIdx.x == 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> count(*arrived);
    const unsigned long long arriving = rec.now();
    const unsigned before = count.fetch_add(1u, cuda::memory_order_release);
    unsigned spins = 0, now = before + 1;
    while (now < gridDim.x) {
      if (++spins % kPollEvery == 0 && gridlock::abort_requested(abort)) {
        passed = false;
        break;
      }
      now = count.load(cuda::memory_order_acquire);
    }
    const unsigned long long leaving = gridlock::time_after(rec, now);
    rec.record(kStarted, 0, started);
    rec.record(kArrived, int(before), arriving);
    rec.record(passed ? kLeft : kGaveUp, passed ? int(spins) : int(now), leaving);
  }
  passed = __syncthreads_and(passed);

  // PHASE 3: read the neighbour's value, stored before the barrier
  // The acquire load that saw the full count orders this read after the neighbour's release, so it
  // returns the neighbour's value; a block that gave up has no such order and reads nothing.
  if (threadIdx.x == 0 && passed) seen[blockIdx.x] = values[(blockIdx.x + 1) % gridDim.x];
}
// lesson-end spin

// Contract: a cooperative launch (cudaLaunchCooperativeKernel), which the runtime refuses when the
// grid is larger than the GPU can hold at once. Every block stores value_of(block), all blocks
// meet at this_grid().sync(), then each stores in seen[block] its neighbour's value. Recording:
// thread 0 reads the clock before the sync and once it has loaded its neighbour's value after it.
// lesson-begin cooperative
template <bool Record>
__global__ void exchange_with_grid_sync(int* values, int* seen, gridlock::EventRecorder<Record> rec) {
  rec.begin();
  const unsigned long long started = rec.now();

  // PHASE 4: every block stores its value (a cooperative launch)
  // A plain store is enough: the grid sync that follows orders it before every block's loads after
  // the sync, with no counter or fence written by hand.
  if (threadIdx.x == 0) values[blockIdx.x] = value_of(blockIdx.x);
  const unsigned long long arriving = rec.now();

  // PHASE 5: cooperative_groups::this_grid().sync()
  // Cannot hang like the spin barrier: the runtime starts a cooperative launch only if all its blocks
  // fit on the GPU at once, so every block reaches the sync.
  cooperative_groups::this_grid().sync();

  // PHASE 6: read the neighbour's value, stored before the sync
  // No block leaves the sync before every block has stored, and the sync makes those stores visible
  // grid-wide, so every block reads its neighbour's value.
  if (threadIdx.x == 0) {
    const int neighbour = values[(blockIdx.x + 1) % gridDim.x];
    seen[blockIdx.x] = neighbour;
    rec.record(kStarted, 0, started);
    rec.record(kArrived, 0, arriving);
    rec.record(kLeft, 0, gridlock::time_after(rec, unsigned(neighbour)));
  }
}
// lesson-end cooperative

}  // namespace g0
