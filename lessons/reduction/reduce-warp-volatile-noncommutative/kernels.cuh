// R8: one warp reduces 32 values in shared memory with an operator that does not commute (here
// 2x2 matrices multiplied modulo 2^32): the lanes at multiples of 2, then 4, 8, 16 fold in the
// partial product on their right, so every product keeps its operands in order. As in R6 there
// is no barrier between the steps (the documented forms, plain and padded), beside the corrected
// forms and R6's commutative pattern run with the same operator.
#pragma once

#include "common/record/lane_recorder.cuh"
#include "reduction/common/volatile_matrix.cuh"

namespace r8 {

using gridlock::reduction::Mat2;
using gridlock::reduction::MatMul;

// The documentation's two forms, the corrected ones, and R6's pattern (which assumes an operator
// that commutes) with this operator.
enum class Form { documented, padded, syncwarp, syncwarp_padded, commutative_pattern };

constexpr unsigned kFullMask = 0xffffffffu;
// A warp's part of shared memory: 32 values, then s[32..47], the padding the padded forms read.
constexpr int kWarpItems = 48;
// Recording steps: 0 the lanes store their values (and the padding), 1..5 the folds, 6 every lane
// reads the result.
constexpr int kReadStep = 6, kSteps = 7;

template <bool Record>
using Recorder = gridlock::LaneRecorder<Record, Mat2>;

constexpr bool is_padded(Form f) { return f == Form::padded || f == Form::syncwarp_padded; }

// One lane's s[lane] = s[lane] · s[lane + k] (the documented shArr[idx] += shArr[idx + k] with the
// product): the lane's own partial product on the left, the one k places to its right on the
// right. Two volatile loads, a product, a volatile store; the recorder notes what the lane read
// and wrote.
template <typename Rec>
__device__ void fold(volatile Mat2* s, int lane, int k, int step, Rec& rec) {
  const Mat2 a = load(s[lane]), b = load(s[lane + k]);
  const Mat2 r = MatMul()(a, b);
  store(s[lane], r);
  rec.combined(step, gridlock::kSharedSpace, lane, lane, lane + k, a, b, r);
  rec.done(step);
}

// Every lane reads the result in s[0] (the documented `return shArr[0]`).
template <typename Rec>
__device__ Mat2 read_result(volatile Mat2* s, int lane, Rec& rec) {
  const Mat2 result = load(s[0]);
  rec.copied(kReadStep, gridlock::kReturnedSpace, lane, gridlock::kSharedSpace, 0, result);
  rec.done(kReadStep);
  return result;
}

// Contract of every form: called by the 32 lanes of one warp; s is the warp's part of shared
// memory, s[0..31] stored there by their own lanes just before (and, for the padded forms,
// s[32..47] set to the identity). Every lane returns s[0] after five folds: s[0] · s[1] · ... ·
// s[31] in that order, if no lane gets ahead of another.
//
// The documented form. As in R6, nothing orders one lane's store before another lane's load.
// lesson-begin documented
template <typename Rec>
__device__ Mat2 reduce_warp_documented(volatile Mat2* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: lanes at multiples of 2, 4, 8, 16 fold in their right neighbour, no barrier (documented)
  // Each lane folds in the partial on its right, so every product keeps its operands in order; with
  // no barrier, a step's loads see the previous step's stores only by lockstep, a race since Volta.
  if (lane % 2 == 0) fold(s, lane, 1, 1, rec);
  if (lane % 4 == 0) fold(s, lane, 2, 2, rec);
  if (lane % 8 == 0) fold(s, lane, 4, 3, rec);
  if (lane % 16 == 0) fold(s, lane, 8, 4, rec);
  if (lane == 0) fold(s, lane, 16, 5, rec);
  return read_result(s, lane, rec);
}
// lesson-end documented

// The documented padded form: every lane does every step, the lane tests go; lane i reads up to
// s[i + 16], hence the padding. Within a step lane i reads s[i + k] while lane i + k writes it.
// lesson-begin padded
template <typename Rec>
__device__ Mat2 reduce_warp_padded(volatile Mat2* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: every lane folds every step, s[32..47] padded, no barrier (documented)
  // Without lane tests lane i reads up to s[i + 16], hence the padding; s[0] is right only if every
  // load of a step precedes every store (lockstep), and every lane now computes a product.
  fold(s, lane, 1, 1, rec);
  fold(s, lane, 2, 2, rec);
  fold(s, lane, 4, 3, rec);
  fold(s, lane, 8, 4, rec);
  fold(s, lane, 16, 5, rec);
  return read_result(s, lane, rec);
}
// lesson-end padded

// The documented form made correct with a __syncwarp() between the steps.
// lesson-begin syncwarp
template <typename Rec>
__device__ Mat2 reduce_warp_syncwarp(volatile Mat2* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: the same folds, __syncwarp() between the steps (corrected)
  // A __syncwarp() before each step makes the stores before it (PHASE 1's, the previous step's) visible
  // to its loads, which Volta's independently scheduled lanes no longer get from lockstep.
  __syncwarp();
  if (lane % 2 == 0) fold(s, lane, 1, 1, rec);
  __syncwarp();
  if (lane % 4 == 0) fold(s, lane, 2, 2, rec);
  __syncwarp();
  if (lane % 8 == 0) fold(s, lane, 4, 3, rec);
  __syncwarp();
  if (lane % 16 == 0) fold(s, lane, 8, 4, rec);
  __syncwarp();
  if (lane == 0) fold(s, lane, 16, 5, rec);
  __syncwarp();
  return read_result(s, lane, rec);
}
// lesson-end syncwarp

// The padded form made correct: in every step all lanes load, meet, store, meet.
// lesson-begin syncwarp-padded
template <typename Rec>
__device__ Mat2 reduce_warp_syncwarp_padded(volatile Mat2* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: every lane folds every step, __syncwarp() between loads and stores (corrected)
  // Lane i reads s[i + k] as lane i + k overwrites it, so each step needs two barriers: after the
  // loads, before any store, and after the stores, before the next step's loads.
  __syncwarp();
  for (int k = 1, step = 1; k < 32; k *= 2, ++step) {
    const Mat2 a = load(s[lane]), b = load(s[lane + k]);
    const Mat2 r = MatMul()(a, b);
    __syncwarp();
    store(s[lane], r);
    __syncwarp();
    rec.combined(step, gridlock::kSharedSpace, lane, lane, lane + k, a, b, r);
    rec.done(step);
  }
  return read_result(s, lane, rec);
}
// lesson-end syncwarp-padded

// R6's documented pattern (lanes < 16, 8, 4, 2, 1 fold in s[lane + 16, 8, 4, 2, 1]) with the
// product: it pairs s[0] with s[16] first, which is right only for an operator that commutes.
// lesson-begin commutative-pattern
template <typename Rec>
__device__ Mat2 reduce_warp_commutative_pattern(volatile Mat2* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: R6's pattern, lanes below 16, 8, 4, 2, 1 fold in s[lane + 16, 8, ...] (order not kept)
  // Pairing s[0] with s[16] first changes the operands' order: a sum cannot tell, a matrix product
  // gives another answer, which is why R8 pairs neighbours.
  if (lane < 16) fold(s, lane, 16, 1, rec);
  if (lane < 8) fold(s, lane, 8, 2, rec);
  if (lane < 4) fold(s, lane, 4, 3, rec);
  if (lane < 2) fold(s, lane, 2, 4, rec);
  if (lane == 0) fold(s, lane, 1, 5, rec);
  return read_result(s, lane, rec);
}
// lesson-end commutative-pattern

template <Form F, typename Rec>
__device__ Mat2 reduce_warp(volatile Mat2* s, Rec& rec) {
  if constexpr (F == Form::documented)
    return reduce_warp_documented(s, rec);
  else if constexpr (F == Form::padded)
    return reduce_warp_padded(s, rec);
  else if constexpr (F == Form::syncwarp)
    return reduce_warp_syncwarp(s, rec);
  else if constexpr (F == Form::syncwarp_padded)
    return reduce_warp_syncwarp_padded(s, rec);
  else
    return reduce_warp_commutative_pattern(s, rec);
}

// Lane `lane` stores its value x in s[lane]; for the padded forms lanes 0-15 also set s[32 + lane]
// to the identity (the documentation pads with 0, the identity of +).
template <Form F, typename Rec>
__device__ void store_values(Mat2* s, int lane, const Mat2& x, Rec& rec) {
  s[lane] = x;
  rec.copied(0, gridlock::kSharedSpace, lane, gridlock::kInputSpace, lane, x);
  if constexpr (is_padded(F)) {
    if (lane < 16) {
      s[32 + lane] = MatMul::identity();
      rec.set_to_identity(0, gridlock::kSharedSpace, 32 + lane, MatMul::identity());
    }
  }
}

// Contract: launched as <<<1, 32>>> on 32 matrices. Lane l writes to out[l] what form F returned
// to it: in[0] · in[1] · ... · in[31], if the form is right. Recording steps: kSteps.
// lesson-begin kernel
template <Form F, bool Record>
__global__ void __launch_bounds__(32) reduce_one_warp(const Mat2* in, Mat2* out, Recorder<Record> rec) {
  __shared__ Mat2 s[kWarpItems];
  const int lane = threadIdx.x;
  rec.begin();

  // PHASE 1: every lane loads one matrix and stores it in s (the padded forms also set s[32..47])
  // The padding keeps the padded forms' reads of s[lane + 16] inside the warp's 48 items and defined;
  // no barrier follows: the corrected forms open with __syncwarp(), the others trust lockstep.
  store_values<F>(s, lane, in[lane], rec);
  rec.done(0);

  const Mat2 result = reduce_warp<F>(s, rec);

  // PHASE 3: every lane writes what it was returned
  // Every lane's result is kept: a lane that reads s[0] before lane 0's last store returns a wrong
  // product that lane 0's alone would hide.
  out[lane] = result;
}
// lesson-end kernel

// Every warp of the grid reduces its own 32 matrices with form F, `repeats` times (repetition r
// adds 2r to each value's first element, which keeps its determinant odd, so none can be
// skipped); lane l of warp w writes the product of what it was returned to out[32 w + l]. The
// same device functions as reduce_one_warp, unrecorded: the kernel the lesson times and runs
// under load. The __syncwarp() between two repetitions is the harness's.
template <Form F>
__global__ void __launch_bounds__(1024) reduce_every_warp(const Mat2* in, Mat2* out, int repeats) {
  __shared__ Mat2 s[32 * kWarpItems];
  const int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
  Mat2* mine = s + (threadIdx.x / 32) * kWarpItems;
  Recorder<false> none;
  Mat2 product = MatMul::identity();
  for (int r = 0; r < repeats; ++r) {
    if (r > 0) __syncwarp();
    Mat2 x = in[i];
    x.a += 2u * unsigned(r);
    store_values<F>(mine, lane, x, none);
    product = MatMul()(product, reduce_warp<F>(mine, none));
  }
  out[i] = product;
}

}  // namespace r8
