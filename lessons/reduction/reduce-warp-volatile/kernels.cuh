// R6: one warp sums 32 ints in shared memory with no barrier between its steps, trusting the 32
// lanes of a warp to run in lockstep (the documented forms); beside them the same steps made
// correct for GPUs that schedule the lanes of a warp independently (Volta and later): with
// __syncwarp() between the steps, or with shuffles between registers.
#pragma once

#include "common/record/lane_recorder.cuh"

namespace r6 {

// The forms the lesson runs: the documentation's two, the first of them without `volatile`, and
// three corrected ones.
enum class Form { documented, simplified, no_volatile, syncwarp, syncwarp_simplified, shuffle };

constexpr unsigned kFullMask = 0xffffffffu, kLowHalf = 0x0000ffffu;
// Recording steps: 0 the lanes store their values, 1..5 the five folds, 6 every lane reads the sum.
constexpr int kReadStep = 6, kSteps = 7;

template <bool Record>
using Recorder = gridlock::LaneRecorder<Record, int>;

// One lane's s[lane] += s[lane + k]: two loads, an add, a store. With Shared = volatile int each
// access happens where it is written; the recorder notes what the lane read and wrote, after the
// store.
template <typename Shared, typename Rec>
__device__ void fold(Shared* s, int lane, int k, int step, Rec& rec) {
  const int a = s[lane], b = s[lane + k];
  s[lane] = a + b;
  rec.combined(step, gridlock::kSharedSpace, lane, lane, lane + k, a, b, a + b);
  rec.done(step);
}

// Every lane reads the sum in s[0] (the documented `return shArr[0]`).
template <typename Shared, typename Rec>
__device__ int read_sum(Shared* s, int lane, Rec& rec) {
  const int total = s[0];
  rec.copied(kReadStep, gridlock::kReturnedSpace, lane, gridlock::kSharedSpace, 0, total);
  rec.done(kReadStep);
  return total;
}

// Contract of the shared-memory forms: called by the 32 lanes of one warp; s is the warp's 32 ints
// in shared memory, each stored there by its own lane just before. Every lane returns s[0] after
// five folds: the sum, if no lane gets ahead of another.
//
// The documented form. Nothing orders one lane's store before another lane's load of it: since
// Volta the lanes of a warp may run apart, and the code is a data race (undefined behaviour).
// Shared = int drops `volatile`, which the documentation says the form needs.
// lesson-begin documented
template <typename Shared, typename Rec>
__device__ int sum_warp_documented(Shared* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: fold halves, lanes tested, no barrier (documented)
  // volatile sends every access to shared memory, but only lockstep orders one lane's store before
  // another's load: since Volta the lanes may run apart, a data race that racecheck reports.
  if (lane < 16) fold(s, lane, 16, 1, rec);
  if (lane < 8) fold(s, lane, 8, 2, rec);
  if (lane < 4) fold(s, lane, 4, 3, rec);
  if (lane < 2) fold(s, lane, 2, 4, rec);
  if (lane == 0) fold(s, lane, 1, 5, rec);
  return read_sum(s, lane, rec);
}
// lesson-end documented

// The documented simplification, when s[1..31] may be left holding anything: lanes 0-15 do every
// step, the lane tests go. Within a step lane i reads s[i + k] while lane i + k writes it; the
// result is right only if every load of a step comes before every store.
// lesson-begin simplified
template <typename Rec>
__device__ int sum_warp_simplified(volatile int* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: lanes 0-15 fold every step, no lane tests, no barrier (documented)
  // Lane i reads s[i + k] while lane i + k stores to it: right only if every load of a step precedes
  // every store (lockstep); dropping the tests leaves s[1..31] garbage and measured no faster.
  if (lane < 16) {
    fold(s, lane, 16, 1, rec);
    fold(s, lane, 8, 2, rec);
    fold(s, lane, 4, 3, rec);
    fold(s, lane, 2, 4, rec);
    fold(s, lane, 1, 5, rec);
  }
  return read_sum(s, lane, rec);
}
// lesson-end simplified

// The documented form made correct: __syncwarp() makes every lane's stores before it visible to
// every lane's loads after it. `volatile` is kept so that the barrier is the only difference.
// lesson-begin syncwarp
template <typename Rec>
__device__ int sum_warp_syncwarp(volatile int* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: fold halves, lanes tested, __syncwarp() between the steps (corrected)
  // Each __syncwarp() makes the lanes' stores before it visible to their loads after it: the first
  // covers PHASE 1's stores, the last lane 0's sum before every lane reads s[0].
  __syncwarp();
  if (lane < 16) fold(s, lane, 16, 1, rec);
  __syncwarp();
  if (lane < 8) fold(s, lane, 8, 2, rec);
  __syncwarp();
  if (lane < 4) fold(s, lane, 4, 3, rec);
  __syncwarp();
  if (lane < 2) fold(s, lane, 2, 4, rec);
  __syncwarp();
  if (lane == 0) fold(s, lane, 1, 5, rec);
  __syncwarp();
  return read_sum(s, lane, rec);
}
// lesson-end syncwarp

// The simplification made correct: a step's loads and its store are separated by a __syncwarp()
// of the lanes that fold (lanes 0-15), and all 32 lanes meet before they read s[0].
// lesson-begin syncwarp-simplified
template <typename Rec>
__device__ int sum_warp_syncwarp_simplified(volatile int* s, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: lanes 0-15 fold every step, __syncwarp() between loads and stores (corrected)
  // Lane i overwrites s[i] while lane i - k reads it, so the folding lanes meet after their loads and
  // after their stores; all 32 lanes meet at the start and before reading s[0].
  __syncwarp();
  if (lane < 16) {
    for (int k = 16, step = 1; k > 0; k /= 2, ++step) {
      const int a = s[lane], b = s[lane + k];
      __syncwarp(kLowHalf);
      s[lane] = a + b;
      __syncwarp(kLowHalf);
      rec.combined(step, gridlock::kSharedSpace, lane, lane, lane + k, a, b, a + b);
      rec.done(step);
    }
  }
  __syncwarp();
  return read_sum(s, lane, rec);
}
// lesson-end syncwarp-simplified

// Registers only: lane i adds lane i + k's value, received with __shfl_down_sync (a lane whose
// i + k is past 31 receives its own), and every lane receives lane 0's sum with __shfl_sync. The
// _sync intrinsics wait for the lanes of the mask: nothing is left to the schedule.
// lesson-begin shuffle
template <typename Rec>
__device__ int sum_warp_shuffle(int v, Rec& rec) {
  const int lane = threadIdx.x % 32;
  // PHASE 2: shuffle down 16, 8, 4, 2, 1 between registers (corrected)
  // __shfl_down_sync reads other lanes' registers and waits for the lanes of the mask: no shared
  // memory, no volatile, no barrier; a lane past 31 gets its own value, which never reaches lane 0.
  for (int k = 16, step = 1; k > 0; k /= 2, ++step) {
    const int b = __shfl_down_sync(kFullMask, v, k);
    rec.combined(step, gridlock::kRegisterSpace, lane, lane, lane + k < 32 ? lane + k : lane, v, b, v + b);
    rec.done(step);
    v += b;
  }
  const int total = __shfl_sync(kFullMask, v, 0);
  rec.copied(kReadStep, gridlock::kReturnedSpace, lane, gridlock::kRegisterSpace, 0, total);
  rec.done(kReadStep);
  return total;
}
// lesson-end shuffle

// Form F for one warp: s is the warp's 32 ints in shared memory, where each lane has just stored
// its value x (the shuffle form uses x and leaves s alone). A plain int array is handed to the
// documented forms as volatile, as the documentation says one may.
template <Form F, typename Rec>
__device__ int sum_warp(int x, int* s, Rec& rec) {
  if constexpr (F == Form::documented)
    return sum_warp_documented<volatile int>(s, rec);
  else if constexpr (F == Form::no_volatile)
    return sum_warp_documented<int>(s, rec);
  else if constexpr (F == Form::simplified)
    return sum_warp_simplified(s, rec);
  else if constexpr (F == Form::syncwarp)
    return sum_warp_syncwarp(s, rec);
  else if constexpr (F == Form::syncwarp_simplified)
    return sum_warp_syncwarp_simplified(s, rec);
  else
    return sum_warp_shuffle(x, rec);
}

// Contract: launched as <<<1, 32>>> on 32 ints. Lane l writes to out[l] what form F returned to
// it: the sum, if the form is right. Recording steps: kSteps.
// lesson-begin kernel
template <Form F, bool Record>
__global__ void __launch_bounds__(32) sum_one_warp(const int* in, int* out, Recorder<Record> rec) {
  __shared__ int s[32];
  const int lane = threadIdx.x;
  rec.begin();

  // PHASE 1: every lane loads one value and stores it in s
  // Each lane writes only its own s[lane]; no barrier follows, because the corrected forms open with
  // __syncwarp() (the shuffle form never reads s) and the documented ones trust lockstep.
  const int x = in[lane];
  if constexpr (F != Form::shuffle) {
    s[lane] = x;
    rec.copied(0, gridlock::kSharedSpace, lane, gridlock::kInputSpace, lane, x);
  } else {
    rec.copied(0, gridlock::kRegisterSpace, lane, gridlock::kInputSpace, lane, x);
  }
  rec.done(0);

  const int total = sum_warp<F>(x, s, rec);

  // PHASE 3: every lane writes what it was returned
  // Every lane's answer is kept, not only lane 0's: a lane that reads s[0] before lane 0's last store
  // returns a wrong sum that lane 0's alone would hide.
  out[lane] = total;
}
// lesson-end kernel

// Every warp of the grid sums its own 32 ints with form F, `repeats` times (repetition r adds r to
// every value, so none can be skipped); lane l of warp w writes the total of what it was returned
// to out[32 w + l]. The same device functions as sum_one_warp, unrecorded: the kernel the lesson
// times and runs under load. The __syncwarp() between two repetitions is the harness's: it keeps
// one repetition's reads of s[0] apart from the next one's stores.
template <Form F>
__global__ void __launch_bounds__(1024) sum_every_warp(const int* in, int* out, int repeats) {
  __shared__ int s[1024];
  const int i = blockIdx.x * blockDim.x + threadIdx.x, warp = threadIdx.x & ~31;
  Recorder<false> none;
  int total = 0;
  for (int r = 0; r < repeats; ++r) {
    if (r > 0) __syncwarp();
    const int x = in[i] + r;
    if constexpr (F != Form::shuffle) s[threadIdx.x] = x;
    total += sum_warp<F>(x, s + warp, none);
  }
  out[i] = total;
}

}  // namespace r6
