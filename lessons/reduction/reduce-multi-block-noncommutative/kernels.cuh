// R5: an operator that need not commute, over many blocks: the input is cut into contiguous
// chunks, one per block, each reduced in order by R2's block routine; the block that takes the
// last ticket of the last-block guard reduces the partials, in block order, with the same routine.
#pragma once

#include "common/record/tree_recorder.cuh"
#include "interblock/common/last_block.cuh"
#include "reduction/reduce-single-block-noncommutative/kernels.cuh"

namespace r5 {

// Block b's chunk of n elements over `grid` blocks: n / grid elements from b * (n / grid), and the
// last block also takes the remainder.
struct Chunk {
  int first, count;
};
__host__ __device__ inline Chunk chunk_of(int block, int grid, int n) {
  const int per_block = n / grid;
  return {block * per_block, block == grid - 1 ? n - block * per_block : per_block};
}

// Recording steps: a chunk's (the largest: the last block's), the guard, the merge's.
template <int BlockSize>
__host__ __device__ constexpr int guard_step(int grid, int n) {
  return r2::recorded_steps<BlockSize>(n - (grid - 1) * (n / grid));
}
template <int BlockSize>
__host__ __device__ constexpr int recorded_steps(int grid, int n) {
  return guard_step<BlockSize>(grid, n) + 1 + r2::recorded_steps<BlockSize>(grid);
}

// Contract: launched as <<<grid, BlockSize>>> with BlockSize a power of two, *tickets == 0, out
// holds grid items. Guarantees: out[0] = in[0] op in[1] op ... op in[n-1] with the operands in
// this order, when the guard's promise holds (the last block sees every partial); op need not
// commute.
// Recording steps: see recorded_steps(); only the last block records the merge.
// lesson-begin kernel
template <int BlockSize, bool Record, typename Op, gridlock::interblock::Guard Form>
__global__ void __launch_bounds__(BlockSize)
    reduce_chunks_in_order(const typename Op::T* in, int n, typename Op::T* out, unsigned* tickets,
                           gridlock::TreeRecorder<Record, typename Op::T> rec) {
  rec.begin();

  // PHASE 1: each block reduces its chunk in order
  // R2's routine over in[first .. first + count) into out[blockIdx.x]: chunk b comes before chunk
  // b + 1 in the input, and its partial before theirs in out.
  const Chunk chunk = chunk_of(blockIdx.x, gridDim.x, n);
  r2::reduce_block_in_order<BlockSize, Record, Op>(in + chunk.first, chunk.count, &out[blockIdx.x], rec, 0);

  // PHASE 2: take a ticket; the last block goes on
  // Every thread calls the guard (it holds a barrier); thread 0 stored the partial in R2's routine,
  // so the guard's fence orders it before thread 0's ticket, and only the last block goes on.
  const int step = guard_step<BlockSize>(gridDim.x, n);
  rec.work_done(step);
  const bool last = gridlock::interblock::is_last_block<Form>(tickets);
  rec.left_barrier(step);
  if (!last) return;

  // PHASE 3: the last block reduces the partials in order
  // The same routine over out[0 .. grid) keeps partial 0 first whoever merges, takes any grid size,
  // and may write out[0] in place: thread 0 stores after every partial has been read.
  r2::reduce_block_in_order<BlockSize, Record, Op>(out, gridDim.x, out, rec, step + 1);
}
// lesson-end kernel

// The split form, for whoever wants no guard: this launch reduces every chunk into out[b], and a
// second launch of R2's kernel, <<<1, BlockSize>>>(out, grid, out), reduces the partials in order.
// lesson-begin split
template <int BlockSize, typename Op>
__global__ void __launch_bounds__(BlockSize)
    reduce_chunks(const typename Op::T* in, int n, typename Op::T* out) {
  const Chunk chunk = chunk_of(blockIdx.x, gridDim.x, n);
  r2::reduce_block_in_order<BlockSize, false, Op>(in + chunk.first, chunk.count, &out[blockIdx.x], {}, 0);
}
// lesson-end split

}  // namespace r5
