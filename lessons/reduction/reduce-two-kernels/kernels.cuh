// R3: every block reduces a grid-stride slice of the input to one partial result; a second launch
// of the same kernel, with one block, reduces the partials. The end of the first launch is the
// grid-wide synchronisation point that a single launch does not have.
#pragma once

#include "common/record/tree_recorder.cuh"

namespace r3 {

// Recording steps of one launch: the load, one per tree level, the partial's store.
template <int BlockSize>
constexpr int recorded_steps() {
  int steps = 2;
  for (int size = BlockSize / 2; size > 0; size /= 2) ++steps;
  return steps;
}

// Contract: launched as <<<grid, BlockSize>>> with BlockSize a power of two; op commutes.
// Guarantees: out[b] = the fold of in[i] over i = b*BlockSize + t (mod grid*BlockSize), t <
// BlockSize, for every block b, in some order. Launched again as <<<1, BlockSize>>>(out, grid,
// out), it reduces the partials into out[0]: thread 0 writes out[0] after every thread has read
// its partials (the tree's barriers lie between).
// Recording steps: 0 after PHASE 1, then one per tree level, then the store (no barrier).
// lesson-begin kernel
template <int BlockSize, bool Record, typename Op>
__global__ void __launch_bounds__(BlockSize)
    reduce_partials(const typename Op::T* in, int n, typename Op::T* out,
                    gridlock::TreeRecorder<Record, typename Op::T> rec) {
  using T = typename Op::T;
  const Op op;
  __shared__ T r[BlockSize];
  const int idx = threadIdx.x;
  rec.begin();

  // PHASE 1: grid-stride load
  // Thread idx of block b folds in[b*BlockSize + idx] and every (grid*BlockSize)-th element
  // after it: a warp's loads are adjacent, and the whole grid sweeps the input once.
  T acc = Op::identity();
  const int grid_threads = BlockSize * gridDim.x;
  for (int i = blockIdx.x * BlockSize + idx; i < n; i += grid_threads) {
    acc = op(acc, in[i]);
    rec.loaded(i);
  }
  r[idx] = acc;
  rec.work_done(0);
  __syncthreads();
  rec.after_barrier(0, r);

  // PHASE 2: halving tree
  // Every thread reaches every barrier, and each publishes one level to the next; the grid's slices
  // interleave and r[i] meets r[i + size], so the partial is unordered: op must commute.
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

  // PHASE 3: write the block's partial
  // Blocks of one launch cannot wait for each other: the partial goes to out, and the second launch,
  // which starts only after every block has finished, sees every store and reduces them.
  if (idx == 0) {
    out[blockIdx.x] = r[0];
    rec.stored(step, r[0]);
  }
}
// lesson-end kernel

}  // namespace r3
