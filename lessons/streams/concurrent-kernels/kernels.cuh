// S1: eight kernels in eight streams, each checking in and out of a concurrency record in global
// memory, so the kernels themselves report how many of them were running at once.
#pragma once

#include "streams/common/span_clock.cuh"
#include "streams/common/span_recorder.cuh"

namespace s1 {

inline constexpr int kMaxStreams = 8;

// The record the kernels check in and out of: the mask of active kernels (bit kid), the number of
// active kernels and its maximum, and per kernel what it saw when it checked in. mask_max is part
// of the documented record, but the documented check-in never updates it.
struct KernelConcurrencyData {
  int mask;                 // bit kid set while kernel kid is active
  int mask_max;             // (documented, never written)
  int masks[kMaxStreams];   // the mask kernel kid saw at check-in, its own bit included
  int count;                // kernels active now
  int count_max;            // the most kernels active at once
  int counts[kMaxStreams];  // the count kernel kid saw at check-in, itself included
};

// The record, at file scope in device memory. Host code must take its device address from
// cudaGetSymbolAddress: &g_kernel_data in host code names the host's shadow of the variable.
__device__ KernelConcurrencyData g_kernel_data;
// The record the documented check-out names (`tokenizerData`), which is not the one the check-in
// wrote to: the lesson gives it a record of its own to run the check-out as printed.
__device__ KernelConcurrencyData g_tokenizer_data;

// What block 0's thread 0 notes for the recording (SpanRecorder notes 0 to 3): what each phase's
// atomics returned, the first at a clock read before it, the last at one read once both results
// had arrived, so that each phase's atomics took effect between its two times.
enum CheckNote : int {
  kMaskAtCheckIn = gridlock::streams::kFirstNoteCode,  // the mask atomicOr returned; read before it
  kCountAtCheckIn,                                     // the count atomicAdd returned; read after both
  kMaskAtCheckOut,                                     // the mask atomicAnd returned; read before it
  kCountAtCheckOut,                                    // the count atomicAdd returned; read after both
};

// Contract: launched with any grid and block; kid in [0, kMaxStreams); out and in hold n ints.
// Every thread adds `increment` to its elements `cycles` times, one addition at a time through a
// volatile local, so that the work cannot be folded into one addition; out[i] = in[i] + cycles *
// increment (mod 2^32). Block 0's thread 0 checks in to *kernel_data before the work and checks
// out of *checkout_data after its own part of it: the record covers block 0, not the whole grid.
// DocumentedCheckOut clears with -(1 << kid), as printed; otherwise with ~(1 << kid). The
// recorder reads the clock before each phase's atomics and once both their results have arrived,
// and notes what they returned; the warps' spans it writes last.
// lesson-begin kernel
template <bool DocumentedCheckOut, bool Record>
__global__ void add_kernel(int* out, const int* in, size_t n, int increment, int cycles, int kid,
                           KernelConcurrencyData* kernel_data, KernelConcurrencyData* checkout_data,
                           gridlock::streams::SpanRecorder<Record> rec) {
  const unsigned long long begun = rec.now();
  const bool reporter = blockIdx.x == 0 && threadIdx.x == 0;

  // PHASE 1: check in
  // atomicOr returns the old mask, so with this kernel's bit added it is the set of kernels running
  // now, with no lock. Only block 0 reports, so the record covers its time, not the whole grid's.
  if (kernel_data && reporter) {
    const unsigned long long checking_in = gridlock::streams::time_before(rec);
    // lesson-begin check-in
    const int my_mask = atomicOr(&kernel_data->mask, 1 << kid);
    kernel_data->masks[kid] = my_mask | (1 << kid);
    const int my_count = atomicAdd(&kernel_data->count, 1);
    atomicMax(&kernel_data->count_max, my_count + 1);
    kernel_data->counts[kid] = my_count + 1;
    // lesson-end check-in
    rec.note(0, kMaskAtCheckIn, my_mask, checking_in);
    rec.note(1, kCountAtCheckIn, my_count, gridlock::time_after(rec, unsigned(my_mask) ^ unsigned(my_count)));
  }

  // PHASE 2: add the increment, one addition at a time
  // Through a volatile local the additions form a dependent chain the compiler cannot fold into one
  // multiply, so each kernel stays busy long enough for kernels in other streams to overlap it.
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x) {
    volatile int value = in[i];
    for (int j = 0; j < cycles; ++j) value += increment;
    out[i] = value;
  }

  // PHASE 3: check out
  // It must undo the check-in on the same record with ~(1 << kid). As printed it names another record,
  // so the count never drops, and -(1 << kid) keeps bit kid while clearing the bits below it.
  if (checkout_data && reporter) {
    const unsigned long long checking_out = gridlock::streams::time_before(rec);
    int mask_before;
    if constexpr (DocumentedCheckOut) {
      // lesson-begin documented-check-out
      mask_before = atomicAnd(&checkout_data->mask, -(1 << kid));
      // lesson-end documented-check-out
    } else {
      // lesson-begin corrected-check-out
      mask_before = atomicAnd(&checkout_data->mask, ~(1 << kid));
      // lesson-end corrected-check-out
    }
    // lesson-begin count-out
    const int count_before = atomicAdd(&checkout_data->count, -1);
    // lesson-end count-out
    rec.note(2, kMaskAtCheckOut, mask_before, checking_out);
    rec.note(3, kCountAtCheckOut, count_before,
             gridlock::time_after(rec, unsigned(mask_before) ^ unsigned(count_before)));
  }
  rec.spans(begun);
}
// lesson-end kernel

// Counts the elements of out that are not in + added (a check of the lesson's result, not part of
// the technique).
__global__ void count_wrong(const int* out, const int* in, size_t n, int added, unsigned long long* wrong) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
    if (out[i] != int(unsigned(in[i]) + unsigned(added))) atomicAdd(wrong, 1ULL);
}

}  // namespace s1
