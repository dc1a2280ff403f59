// R9: one warp reduces 32 values in registers only: lane i combines its value with the one of lane
// i + 1, then i + 2, 4, 8, 16, received by shuffle, so lane 0 ends with the whole reduction in
// order, and every lane receives lane 0's result. The documentation's __shfl_down and __shfl are
// gone from CUDA 13; the same steps use __shfl_down_sync and __shfl_sync over the full warp.
#pragma once

#include "common/record/lane_recorder.cuh"
#include "reduction/common/matrix.cuh"

namespace r9 {

using gridlock::reduction::Mat2;

// The documented order (offsets 1, 2, 4, 8, 16: lane 0's operands stay in order) and R6's halving
// order (16, 8, 4, 2, 1), which pairs values 16 apart first.
enum class Order { documented, halving };

constexpr unsigned kFullMask = 0xffffffffu;
// Recording steps: 0 the lanes load their values, 1..5 the shuffles, 6 every lane receives lane 0's.
constexpr int kReadStep = 6, kSteps = 7;

template <bool Record, typename T>
using Recorder = gridlock::LaneRecorder<Record, T>;

// The value of lane `lane + k` (a lane whose lane + k is past 31 receives its own), and lane
// `src`'s value, for every type the lesson reduces: a matrix travels word by word.
__device__ inline int shuffle_down(int v, int k) { return __shfl_down_sync(kFullMask, v, k); }
__device__ inline Mat2 shuffle_down(const Mat2& v, int k) {
  return {__shfl_down_sync(kFullMask, v.a, k), __shfl_down_sync(kFullMask, v.b, k),
          __shfl_down_sync(kFullMask, v.c, k), __shfl_down_sync(kFullMask, v.d, k)};
}
__device__ inline int shuffle_from(int v, int src) { return __shfl_sync(kFullMask, v, src); }
__device__ inline Mat2 shuffle_from(const Mat2& v, int src) {
  return {__shfl_sync(kFullMask, v.a, src), __shfl_sync(kFullMask, v.b, src),
          __shfl_sync(kFullMask, v.c, src), __shfl_sync(kFullMask, v.d, src)};
}

// One step: v = v op (lane + k's v). The recorder notes what the lane had and received.
template <typename Op, typename Rec>
__device__ typename Op::T combine_from_below(typename Op::T v, int lane, int k, int step, Rec& rec) {
  const typename Op::T received = shuffle_down(v, k);
  const typename Op::T r = Op()(v, received);
  rec.combined(step, gridlock::kRegisterSpace, lane, lane, lane + k < 32 ? lane + k : lane, v, received, r);
  rec.done(step);
  return r;
}

// Every lane receives lane 0's v (the documented __shfl(v, 0)).
template <typename T, typename Rec>
__device__ T receive_result(T v, int lane, Rec& rec) {
  const T result = shuffle_from(v, 0);
  rec.copied(kReadStep, gridlock::kReturnedSpace, lane, gridlock::kRegisterSpace, 0, result);
  rec.done(kReadStep);
  return result;
}

// Contract: called by the 32 lanes of one warp, each with its value v; every lane returns
// v_0 op v_1 op ... op v_31 in that order, for any associative operator. The _sync intrinsics
// make every lane of the mask wait for the others: no step depends on the schedule.
// lesson-begin documented
template <typename Op, typename Rec>
__device__ typename Op::T reduce_warp_documented(typename Op::T v, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: combine with the value of lane + 1, 2, 4, 8, 16 (__shfl_down_sync), then receive lane 0's
  // Offsets 1, 2, 4, ... keep lane 0's operands in order, so op need not commute; the _sync shuffles
  // wait for every lane of the mask, so no step depends on the schedule.
  for (int k = 1, step = 1; k < 32; k *= 2, ++step) v = combine_from_below<Op>(v, lane, k, step, rec);
  return receive_result(v, lane, rec);
}
// lesson-end documented

// R6's shuffle order: lane 0 combines v_0 with v_16 first, right only for an operator that
// commutes.
// lesson-begin halving
template <typename Op, typename Rec>
__device__ typename Op::T reduce_warp_halving(typename Op::T v, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: combine with the value of lane + 16, 8, 4, 2, 1 (R6's order, order not kept)
  // Lane 0 meets v_16 before v_1: a sum cannot tell, a product that does not commute gives another
  // answer; the order of the offsets, not the shuffle, decides whether the order is kept.
  for (int k = 16, step = 1; k > 0; k /= 2, ++step) v = combine_from_below<Op>(v, lane, k, step, rec);
  return receive_result(v, lane, rec);
}
// lesson-end halving

template <typename Op, Order O, typename Rec>
__device__ typename Op::T reduce_warp(typename Op::T v, Rec& rec) {
  if constexpr (O == Order::documented)
    return reduce_warp_documented<Op>(v, rec);
  else
    return reduce_warp_halving<Op>(v, rec);
}

// Contract: launched as <<<1, 32>>> on 32 values. Lane l writes to out[l] what it was returned:
// in[0] op in[1] op ... op in[31] when the order is right. Recording steps: kSteps.
// lesson-begin kernel
template <typename Op, Order O, bool Record>
__global__ void __launch_bounds__(32)
    reduce_one_warp(const typename Op::T* in, typename Op::T* out, Recorder<Record, typename Op::T> rec) {
  const int lane = threadIdx.x;
  rec.begin();

  // PHASE 1: every lane loads one value into its register v
  // Shuffles read other lanes' registers directly, so the values never touch shared memory: no
  // volatile, no barrier, no shared-memory race.
  const typename Op::T v = in[lane];
  rec.copied(0, gridlock::kRegisterSpace, lane, gridlock::kInputSpace, lane, v);
  rec.done(0);

  const typename Op::T result = reduce_warp<Op, O>(v, rec);

  // PHASE 3: every lane writes what it was returned
  // Every lane's result is kept, so the check covers the __shfl_sync broadcast to all 32 lanes,
  // not only lane 0's value.
  out[lane] = result;
}
// lesson-end kernel

// Repetition r's variant of a loaded value (r = 0: the value itself); a matrix keeps its odd
// determinant.
__device__ inline int varied(int v, int r) { return v + r; }
__device__ inline Mat2 varied(Mat2 v, int r) {
  v.a += 2u * unsigned(r);
  return v;
}

// Every warp of the grid reduces its own 32 values `repeats` times (repetition r reduces the
// values varied by r, so none can be skipped, and combines it with the result so far); lane l of
// warp w writes the result to out[32 w + l]. The same device functions as reduce_one_warp, unrecorded:
// the kernel the lesson times and runs under load.
template <typename Op, Order O>
__global__ void __launch_bounds__(1024)
    reduce_every_warp(const typename Op::T* in, typename Op::T* out, int repeats) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Recorder<false, typename Op::T> none;
  typename Op::T total = Op::identity();
  for (int r = 0; r < repeats; ++r) total = Op()(total, reduce_warp<Op, O>(varied(in[i], r), none));
  out[i] = total;
}

}  // namespace r9
