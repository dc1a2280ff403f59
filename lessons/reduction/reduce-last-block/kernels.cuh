// R4: as R3, every block reduces a grid-stride slice to a partial result, but in one launch: the
// block that takes the last ticket of the last-block guard merges the partials.
#pragma once

#include "common/record/tree_recorder.cuh"
#include "interblock/common/last_block.cuh"

namespace r4 {

// Recording steps: the load, one per tree level, the partial's store, the guard, the merge's
// load, one per merge level, the result's store.
template <int BlockSize>
constexpr int recorded_steps() {
  int levels = 0;
  for (int size = BlockSize / 2; size > 0; size /= 2) ++levels;
  return 2 * levels + 5;
}

// Contract: launched as <<<grid, BlockSize>>> with BlockSize a power of two, grid <= BlockSize
// (the last block merges one partial per thread), *tickets == 0, out holds grid items; op
// commutes. Guarantees: out[0] = the fold of in[0..n) in some order, when the guard's promise
// holds (the last block sees every partial); out[1..grid) hold the other blocks' partials.
// Recording steps: see recorded_steps(); only the last block records the merge.
// lesson-begin kernel
template <int BlockSize, bool Record, typename Op, gridlock::interblock::Guard Form>
__global__ void __launch_bounds__(BlockSize)
    reduce_with_last_block(const typename Op::T* in, int n, typename Op::T* out, unsigned* tickets,
                           gridlock::TreeRecorder<Record, typename Op::T> rec) {
  using T = typename Op::T;
  const Op op;
  __shared__ T r[BlockSize];
  const int idx = threadIdx.x;
  rec.begin();

  // PHASE 1: grid-stride load
  // As in R3: a warp's loads are adjacent and the grid sweeps the input once; the slices interleave,
  // so the partials are unordered and op must commute.
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
  // Every thread runs every level and reaches every barrier; each barrier publishes one level's
  // writes to the next level's reads, so r[0] holds the block's partial at the end.
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
  // Thread 0 stores it and thread 0 takes the ticket, so the fence that opens the guard orders this
  // store before the ticket (release) for the block that later merges.
  if (idx == 0) {
    out[blockIdx.x] = r[0];
    rec.stored(step, r[0]);
  }
  ++step;

  // PHASE 4: take a ticket; the last block goes on
  // Every thread calls the guard (it holds a barrier); all but the block with the last ticket
  // are done.
  rec.work_done(step);
  const bool last = gridlock::interblock::is_last_block<Form>(tickets);
  rec.left_barrier(step++);
  if (!last) return;

  // PHASE 5: the last block loads the partials
  // One partial per thread, hence grid <= BlockSize, the rest padded with the identity; the memory
  // model promises these plain loads every partial only after the acquire form's second fence.
  const int partials = gridDim.x;
  r[idx] = idx < partials ? out[idx] : Op::identity();
  rec.combined(step, idx, idx < partials ? idx : -1, -1);
  rec.work_done(step);
  __syncthreads();
  rec.after_barrier(step++, r);

  // PHASE 6: merge tree
  // The other blocks have returned, which is harmless: __syncthreads() waits only for this block's
  // threads, so the merge needs no second launch.
  for (int size = BlockSize / 2; size > 0; size /= 2, ++step) {
    if (idx < size) {
      r[idx] = op(r[idx], r[idx + size]);
      rec.combined(step, idx, idx, idx + size);
    }
    rec.work_done(step);
    __syncthreads();
    rec.after_barrier(step, r);
  }

  // PHASE 7: write the result
  // Overwriting out[0] is safe: every thread read its partial before the merge's first barrier;
  // nothing resets the ticket counter, so each launch needs it zeroed first.
  if (idx == 0) {
    out[0] = r[0];
    rec.stored(step, r[0]);
  }
}
// lesson-end kernel

}  // namespace r4
