// S2: GPU/GPU sync: a stream waits for another stream's event. (To be written: one line on what the technique does.)
#pragma once

#include "common/record/tree_recorder.cuh"

namespace s2 {

// Contract (to be written): how it is launched, what it assumes, what it guarantees.
// Recording steps: 0 after PHASE 1.
// lesson-begin kernel
template <int BlockSize, bool Record>
__global__ void technique(const int* in, int n, int* out, gridlock::TreeRecorder<Record, int> rec) {
  __shared__ int r[BlockSize];
  const int idx = threadIdx.x, i = blockIdx.x * BlockSize + idx;
  rec.begin();

  // PHASE 1: load
  r[idx] = i < n ? in[i] : 0;
  if (i < n) rec.loaded(i);
  rec.work_done(0);
  __syncthreads();
  rec.after_barrier(0, r);

  // PHASE 2: write
  if (i < n) out[i] = r[idx];
}
// lesson-end kernel

}  // namespace s2
