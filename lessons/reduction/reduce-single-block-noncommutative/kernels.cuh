// R2: one block reduces an array with an associative operator that need not commute, keeping the
// operands in their order: a shared buffer of two halves, compressed pair by pair while input
// remains, then an interleaved tree.
#pragma once

#include "common/record/tree_recorder.cuh"

namespace r2 {

// Recording steps of reduce_block_in_order() for n elements: the first load, a load and a
// compression per further BlockSize elements, the barrier after the loop, one per tree level,
// and the result's store.
template <int BlockSize>
__host__ __device__ constexpr int recorded_steps(int n) {
  int levels = 0;
  for (int stride = 1; stride < BlockSize; stride *= 2) ++levels;
  const int loads = n > BlockSize ? (n - 1) / BlockSize : 0;
  return 1 + 2 * loads + 1 + levels + 1;
}

// Contract: called by every thread of a one-dimensional block of BlockSize threads (a power of
// two), all with the same in, n and out; n >= 0. Uses 2 * BlockSize items of shared memory.
// Guarantees: *out = in[0] op in[1] op ... op in[n-1] with the operands in this order, so op
// need not commute (n == 0 gives the identity); thread 0 writes *out after every thread has read
// its last element of `in`, so out may point into in.
// Recording steps from `step`: recorded_steps<BlockSize>(n) of them, in the order of the phases.
// lesson-begin routine
template <int BlockSize, bool Record, typename Op>
__device__ void reduce_block_in_order(const typename Op::T* in, int n, typename Op::T* out,
                                      gridlock::TreeRecorder<Record, typename Op::T> rec, int step) {
  using T = typename Op::T;
  const Op op;
  __shared__ T s[2 * BlockSize];
  __shared__ int offset;
  const int idx = threadIdx.x;

  // PHASE 1: load the first blockSize elements
  // Short input is padded with the identity, not 0 (a zero matrix wipes out a product); the barrier
  // publishes s and offset, so all threads agree on the loop test and reach the same barriers.
  s[idx] = idx < n ? in[idx] : Op::identity();
  rec.combined(step, idx, idx < n ? idx : -1, -1);
  rec.value(step, s[idx]);
  if (idx == 0) offset = BlockSize;
  rec.work_done(step);
  __syncthreads();
  rec.left_barrier(step++);

  while (offset < n) {  // uniform: every thread reads the same offset between two barriers
    // PHASE 2: load the next blockSize elements into the upper half
    // These elements follow all that the lower half folded, so s read as one array stays in input
    // order; the barrier lets every thread see both halves before it reads its pair.
    s[BlockSize + idx] = offset + idx < n ? in[offset + idx] : Op::identity();
    rec.combined(step, BlockSize + idx, offset + idx < n ? offset + idx : -1, -1);
    rec.value(step, s[BlockSize + idx]);
    rec.work_done(step);
    __syncthreads();
    rec.left_barrier(step++);

    // PHASE 3: compress adjacent pairs into the lower half
    // Thread i combines s[2i] and s[2i+1], left before right, and every thread has read its pair
    // (the barrier) before any thread overwrites the lower half: the 2 * BlockSize partial
    // results become BlockSize, still in order.
    if (idx == 0) offset += BlockSize;
    const T pair = op(s[2 * idx], s[2 * idx + 1]);
    rec.work_done(step);
    __syncthreads();
    rec.left_barrier(step);
    s[idx] = pair;
    rec.combined(step, idx, 2 * idx, 2 * idx + 1);
    rec.value(step++, pair);
  }
  rec.work_done(step);
  __syncthreads();
  rec.left_barrier(step++);

  // PHASE 4: interleaved tree
  // At stride 1, 2, 4, ... thread i combines s[2i*stride] with its right neighbour
  // s[2i*stride + stride]: neighbours stay neighbours, so the order is kept.
  for (int stride = 1; stride < BlockSize; stride *= 2) {
    const int at = idx * stride * 2;
    if (at + stride < BlockSize) {
      s[at] = op(s[at], s[at + stride]);
      rec.combined(step, at, at, at + stride);
      rec.value(step, s[at]);
    }
    rec.work_done(step);
    __syncthreads();
    rec.left_barrier(step++);
  }

  // PHASE 5: write the result
  // Thread 0 stores after the tree's last barrier, when every thread has read its last element of
  // in, so out may point into in (R5 merges out[0..grid) into out[0]).
  if (idx == 0) {
    *out = s[0];
    rec.stored(step, s[0]);
  }
}
// lesson-end routine

// Contract: launched as <<<1, BlockSize>>>; the routine's contract and guarantees.
template <int BlockSize, bool Record, typename Op>
__global__ void __launch_bounds__(BlockSize)
    reduce_single_block_in_order(const typename Op::T* in, int n, typename Op::T* out,
                                 gridlock::TreeRecorder<Record, typename Op::T> rec) {
  rec.begin();
  reduce_block_in_order<BlockSize, Record, Op>(in, n, out, rec, 0);
}

}  // namespace r2
