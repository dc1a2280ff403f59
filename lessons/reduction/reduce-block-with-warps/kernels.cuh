// R7: one block sums an array with warp-level reductions: every thread folds a strided slice,
// every warp sums its 32 partial sums with R6's single-warp sum, one __syncthreads(), and warp 0
// sums the warps' results the same way. The documented form trusts each warp to run in lockstep;
// the corrected forms are R6's: __syncwarp() between the steps, or shuffles.
#pragma once

#include "reduction/reduce-warp-volatile/kernels.cuh"

namespace r7 {

using r6::Form;  // this lesson runs Form::documented, Form::syncwarp and Form::shuffle

template <bool Record>
using Recorder = gridlock::LaneRecorder<Record, int>;

// Recording steps: 0 the strided load; 1..6 every warp's sum (R6's steps 1..6), then the barrier;
// 7 warp 0 gathers the warps' sums; 8..13 warp 0 sums them (R6's steps, shifted by 7).
constexpr int kWarpSumRead = r6::kReadStep, kGatherStep = 7, kSteps = 7 + r6::kSteps;

// Contract: launched as <<<grid, BlockSize>>>, BlockSize a power of two from 32 to 1024; block b
// sums in[b n], ..., in[b n + n - 1] into out[b] (the documentation launches one block). Every
// thread reaches the __syncthreads(). With Form::documented the sum is right only if every warp
// runs in lockstep (R6).
// lesson-begin kernel
template <int BlockSize, Form F, bool Record>
__global__ void __launch_bounds__(BlockSize)
    sum_block_with_warps(const int* in, int n, int* out, Recorder<Record> rec) {
  __shared__ int r[BlockSize];
  const int idx = threadIdx.x, warp = idx & ~31;
  in += static_cast<size_t>(blockIdx.x) * n;
  rec.begin();

  // PHASE 1: strided load
  // Folding in a register first leaves one value per thread whatever n is; no __syncthreads()
  // follows, because each warp reads only its own 32 slots of r.
  int sum = 0;
  for (int i = idx; i < n; i += BlockSize) {
    sum += in[i];
    rec.loaded(i);
  }
  if constexpr (F != Form::shuffle) r[idx] = sum;
  rec.copied(0, F == Form::shuffle ? gridlock::kRegisterSpace : gridlock::kSharedSpace, idx,
             gridlock::kAccumulatorSpace, idx, sum);
  rec.done(0);

  // PHASE 2: every warp sums its 32 values (R6), then the whole block meets
  // A warp's sum needs only R6's ordering inside the warp; the one __syncthreads() makes every warp's
  // sum in r[warp] visible to warp 0, where R1 spends a barrier per tree level.
  auto warp_rec = rec.shifted(0, warp);
  const int warp_sum = r6::sum_warp<F>(sum, &r[warp], warp_rec);
  if constexpr (F == Form::shuffle) {
    if (idx == warp) {
      r[warp] = warp_sum;
      warp_rec.copied(kWarpSumRead, gridlock::kSharedSpace, 0, gridlock::kReturnedSpace, 0, warp_sum);
    }
  }
  __syncthreads();
  warp_rec.left(kWarpSumRead, r);

  // PHASE 3: warp 0 gathers the warps' sums
  // At most 32 warps, so one warp holds every warp sum; lanes past the warp count take 0, the
  // identity, and lane i writes only r[i], which no other lane reads.
  if (idx < 32) {
    const int v = idx * 32 < BlockSize ? r[idx * 32] : 0;
    const int space = F == Form::shuffle ? gridlock::kRegisterSpace : gridlock::kSharedSpace;
    if constexpr (F != Form::shuffle) r[idx] = v;
    if (idx * 32 < BlockSize)
      rec.copied(kGatherStep, space, idx, gridlock::kSharedSpace, idx * 32, v);
    else
      rec.set_to_identity(kGatherStep, space, idx, 0);
    rec.done(kGatherStep);

    // PHASE 4: warp 0 sums them (R6)
    // Only warp 0 runs here, so a __syncthreads() inside this branch would be undefined; R6's forms
    // order its lanes with __syncwarp() or shuffles instead (the documented form trusts lockstep).
    auto second = rec.shifted(kGatherStep, 0);
    const int total = r6::sum_warp<F>(v, r, second);

    // PHASE 5: write the result
    // R6 returns the total to every lane of warp 0; one store suffices, and out[blockIdx.x] lets each
    // block of a larger grid sum its own n elements.
    if (idx == 0) out[blockIdx.x] = total;
  }
}
// lesson-end kernel

}  // namespace r7
