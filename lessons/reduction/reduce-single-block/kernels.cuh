// R1: one block reduces a whole array with a commutative, associative operator.
#pragma once

#include "common/record/tree_recorder.cuh"
#include "reduction/common/operators.cuh"

namespace r1 {

// Contract: launched as <<<1, BlockSize>>>; BlockSize is a power of two.
// StridedLoad == false is the documented shortcut for n == BlockSize (each thread takes one
// element); with n > BlockSize it silently drops every element past the first BlockSize.
// Guarantees: *out = in[0] op in[1] op ... op in[n-1] (in some order: op must commute).
// Recording steps: 0 after PHASE 1, then one per tree level (log2(BlockSize) of them).
// lesson-begin kernel
template <int BlockSize, bool Record, typename Op, bool StridedLoad = true>
__global__ void __launch_bounds__(BlockSize)
    reduce_single_block(const typename Op::T* in, int n, typename Op::T* out,
                        gridlock::TreeRecorder<Record, typename Op::T> rec) {
  using T = typename Op::T;
  const Op op;
  __shared__ T r[BlockSize];
  const int idx = threadIdx.x;
  rec.begin();

  // PHASE 1: strided load
  // Each thread folds its elements in a register, no sharing yet: a warp's loads are adjacent and
  // coalesce, and the tree has BlockSize items whatever n is; the barrier publishes every r[idx].
  T acc = Op::identity();
  if constexpr (StridedLoad) {
    for (int i = idx; i < n; i += BlockSize) {
      acc = op(acc, in[i]);
      rec.loaded(i);
    }
  } else {
    acc = in[idx];
    rec.loaded(idx);
  }
  r[idx] = acc;
  rec.work_done(0);
  __syncthreads();
  rec.after_barrier(0, r);

  // PHASE 2: halving tree
  // Every thread runs every level, active or not, so all reach every __syncthreads(), and each barrier
  // publishes one level to the next; r[i] meets r[i + size], half an array away, so op must commute.
  int step = 1;
  for (int size = BlockSize / 2; size > 0; size /= 2, ++step) {
    if (idx < size) {
      r[idx] = op(r[idx], r[idx + size]);
      rec.combined(step, idx, idx, idx + size);
    }
    rec.work_done(step);
    __syncthreads();
    rec.after_barrier(step, r);
  }

  // PHASE 3: write the result
  // r[0] holds the whole fold only after the last level's barrier; one thread's store is enough.
  if (idx == 0) *out = r[0];
}
// lesson-end kernel

}  // namespace r1
