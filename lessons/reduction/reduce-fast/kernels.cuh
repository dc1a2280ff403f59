// RF: a single-pass sum that streams the input at the memory system's pace: 16-byte loads,
// several of them in flight per thread, sums inside each warp with shuffles, one partial per
// block, and the last-block guard (with its acquire half) merging the partials in the same launch.
#pragma once

#include "common/record/event_recorder.cuh"
#include "interblock/common/last_block.cuh"

namespace rf {

// What a block's recording thread records (EventRecorder's `what`).
enum Record : int { kStarted = 0, kSummed = 1, kTicket = 2, kMerged = 3 };

// The sum of v over the block, in thread 0 (the other threads return a part of it). Every thread
// of the block must call it: it holds a barrier. warp_sums holds BlockSize / 32 ints.
// lesson-begin block-sum
template <int BlockSize>
__device__ int block_sum(int v, int* warp_sums) {
  static_assert(BlockSize % 32 == 0 && BlockSize <= 1024, "whole warps, at most 32 of them");
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  // PHASE 2: sum within each warp, then over the warps
  // Five shuffles fold a warp's 32 values in registers, with no shared memory and no barrier; only
  // the warps' sums cross shared memory, so one __syncthreads() replaces a barrier per tree level.
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < BlockSize / 32 ? warp_sums[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  }
  return v;
}
// lesson-end block-sum

// Contract: launched as <<<grid, BlockSize>>>; `in` 16-byte aligned (cudaMalloc's pointers are);
// partials holds grid ints; *tickets == 0 before the first launch (each launch leaves it 0 again,
// so launches can follow each other without a reset). Guarantees: *out = the sum of in[0..n),
// wrapping at 32 bits, in one launch. Recording: thread 0 of each block records when the block
// started, when its sum was ready, when it took its ticket (value: the partial), and in the last
// block when the merge was done (value: the result).
// lesson-begin kernel
template <int BlockSize, int InFlight, bool Record>
__global__ void __launch_bounds__(BlockSize)
    reduce_fast(const int* in, int n, int* partials, unsigned* tickets, int* out,
                gridlock::EventRecorder<Record> rec) {
  __shared__ int warp_sums[BlockSize / 32];
  rec.begin();
  if (threadIdx.x == 0) rec.record(kStarted, 0, rec.now());

  // PHASE 1: wide loads, several in flight
  // The input as int4 (four ints per 16-byte load), walked grid-stride: each iteration issues
  // InFlight independent loads before it adds any of them, so that many requests per thread are
  // on their way to memory at once.
  const int4* in4 = reinterpret_cast<const int4*>(in);
  const int vectors = n / 4, stride = gridDim.x * BlockSize;
  int i = blockIdx.x * BlockSize + threadIdx.x;
  int sum = 0;
  for (; i + (InFlight - 1) * stride < vectors; i += InFlight * stride) {
    int4 v[InFlight];
#pragma unroll
    for (int k = 0; k < InFlight; ++k) v[k] = __ldcs(in4 + i + k * stride);  // streamed: read once
#pragma unroll
    for (int k = 0; k < InFlight; ++k) sum += v[k].x + v[k].y + v[k].z + v[k].w;
  }
  for (; i < vectors; i += stride) {
    const int4 v = __ldcs(in4 + i);
    sum += v.x + v.y + v.z + v.w;
  }
  const int tail = blockIdx.x * BlockSize + threadIdx.x;  // the last n % 4 ints, one per thread
  if (tail < n - vectors * 4) sum += in[vectors * 4 + tail];

  sum = block_sum<BlockSize>(sum, warp_sums);
  if (threadIdx.x == 0) rec.record(kSummed, sum, rec.now_after(unsigned(warp_sums[0])));

  // PHASE 3: publish the partial, take a ticket
  // One launch: the guard's fence orders thread 0's partial before its ticket (release), and the
  // last block fences again before reading (acquire), the half the documented guard lacks.
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
  const bool last = gridlock::interblock::is_last_block<gridlock::interblock::Guard::acquire>(tickets);
  if (threadIdx.x == 0) rec.record(kTicket, sum, rec.now());
  if (!last) return;

  // PHASE 4: the last block sums the partials and resets the ticket
  // __ldcg reads the partials from L2, past the SMs' non-coherent L1s; every block has taken its
  // ticket by now, so zeroing the counter here spares the next launch a memset.
  int merged = 0;
  for (int b = threadIdx.x; b < gridDim.x; b += BlockSize) merged += __ldcg(partials + b);
  merged = block_sum<BlockSize>(merged, warp_sums);
  if (threadIdx.x == 0) {
    *out = merged;
    *tickets = 0;  // every block has taken its ticket: the next launch may start from 0
    rec.record(kMerged, merged, rec.now());
  }
}
// lesson-end kernel

}  // namespace rf
