// L1: thread 0 of every block adds one to a counter in global memory, with no lock; beside it
// the same count with atomicAdd.
#pragma once

#include "common/record/event_recorder.cuh"
#include "locks/common/hold_recorder.cuh"

namespace l1 {

// Contract: *count is 0 before the launch; any grid and block size. The documented kernel:
// thread 0 of each block does *count = *count + 1, a load and a store with nothing between two
// blocks' loads and stores. Guarantees only 1 <= *count <= gridDim.x: two blocks that load the
// same value both store that value + 1, and one increment is lost.
// The recorder reads the clock before the load and after the store and writes its records after
// the store, so nothing is added between the load and the store.
// lesson-begin racy
template <bool Record>
__global__ void count_blocks_without_lock(int* count, gridlock::EventRecorder<Record> rec) {
  gridlock::locks::CountRecorder<Record> counted(rec);
  // PHASE 1: read, add one, write back
  // The load and the store are two instructions: another block can store between them, and its
  // increment is then overwritten. Blocks that start together all load the same value.
  if (threadIdx.x == 0) {
    const int seen = *count;  // the documented line, *count = *count + 1, is this load ...
    *count = seen + 1;        // ... and this store
    counted.wrote(seen);
  }
}
// lesson-end racy

// The baseline: one atomic read-modify-write per block. Guarantees *count == gridDim.x.
// lesson-begin atomic
template <bool Record>
__global__ void count_blocks_with_atomic(int* count, gridlock::EventRecorder<Record> rec) {
  gridlock::locks::CountRecorder<Record> counted(rec);
  // PHASE 1: one atomicAdd per block
  // The read, the add and the write are one operation in the memory system, so no block can come
  // between them and no increment is lost, however many blocks run at once.
  if (threadIdx.x == 0) {
    const int seen = atomicAdd(count, 1);
    counted.wrote(seen);
  }
}
// lesson-end atomic

}  // namespace l1
