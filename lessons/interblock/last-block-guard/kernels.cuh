// G1: the last-block guard. Every block computes a partial result and publishes it; the block that
// takes the last ticket merges the partials in the same launch. Beside it, the litmus test that
// gives a stale read of the partials its best chance.
#pragma once

#include "common/record/event_recorder.cuh"
#include "common/record/time_after.cuh"
#include "common/record/tree_recorder.cuh"
#include "interblock/common/last_block.cuh"

namespace g1 {

using gridlock::interblock::Guard;

// What the recorder notes for a block (thread 0): when it started, when it had stored its partial
// (value: the partial), and the ticket it took (value) with the time the ticket came back.
enum BlockEvent : int { kStarted = 0, kPartialStored = 1, kTicket = 2 };

// The documented assumptions a launch can break from inside the kernel (the others, a counter
// left over from an earlier launch and a 2-D grid, are broken by the launch itself).
enum class Mistake {
  none,
  idle_threads_leave,  // threads that summed no element return before the guard
  empty_blocks_leave,  // blocks whose chunk is empty return before the guard
};

// What the merge leaves: the total, and which block merged, on which SM.
struct Merged {
  int total;
  int block;
  unsigned sm;
};

// Every thread of the block folds values[t], values[t + B], ... (t its index), then the block
// combines the B sums in a halving tree, one __syncthreads() per level; returns the total in every
// thread. `rec` records the fold and the tree (the merge, when it is recorded); `seen`, when not
// null, receives every value the block loaded, as it loaded it.
template <int B, bool Record>
__device__ int block_sum(const int* values, int count, int* r, gridlock::TreeRecorder<Record, int>& rec,
                         int* seen) {
  const int idx = threadIdx.x;
  int acc = 0;
  for (int i = idx; i < count; i += B) {
    const int v = values[i];
    acc += v;
    rec.loaded(i);
    if constexpr (Record)
      if (seen) seen[i] = v;
  }
  r[idx] = acc;
  rec.work_done(0);
  __syncthreads();
  rec.after_barrier(0, r);
  int step = 1;
  for (int size = B / 2; size > 0; size /= 2, ++step) {
    if (idx < size) {
      r[idx] += r[idx + size];
      rec.combined(step, idx, idx, idx + size);
    }
    rec.work_done(step);
    __syncthreads();
    rec.after_barrier(step, r);
  }
  return r[0];
}

// Contract: a one-dimensional grid of B threads per block; *tickets is 0 before the launch;
// partials has gridDim.x elements. Block b sums its chunk of `in` (ceil(n / gridDim.x) elements
// from b times that) into partials[b]; the block that takes ticket gridDim.x - 1 sums the
// partials into *out, with its own index and SM. out->total is the sum of `in` if the merging block sees
// every other block's partial: with Guard::acquire the memory model promises it, with the documented forms it
// does not. M breaks one documented assumption on purpose (Mistake::none keeps them all). Recording: `rec`
// per block (thread 0, records written after the guard), `merge_rec` and `seen` for the merging block only.
// lesson-begin kernel
template <Guard Form, int B, bool Record, Mistake M = Mistake::none>
__global__ void __launch_bounds__(B)
    partial_then_merge(const int* in, int n, unsigned* tickets, int* partials, Merged* out,
                       gridlock::EventRecorder<Record> rec, gridlock::TreeRecorder<Record, int> merge_rec,
                       int* seen) {
  __shared__ int r[B];
  gridlock::TreeRecorder<false, int> not_recorded;
  rec.begin();
  const unsigned long long started = rec.now();

  // PHASE 1: compute this block's partial
  // Each block writes only its own slot, so no atomics are needed here. Leaving before the guard (the
  // Mistake variants) breaks it: it needs every thread of every block.
  const int chunk = (n + gridDim.x - 1) / gridDim.x;
  const int first = min(n, int(blockIdx.x) * chunk), count = min(n, first + chunk) - first;
  if (M == Mistake::empty_blocks_leave && count == 0) return;
  const int partial = block_sum<B>(in + first, count, r, not_recorded, nullptr);
  if (threadIdx.x == 0) partials[blockIdx.x] = partial;
  const unsigned long long stored = rec.now();
  if (M == Mistake::idle_threads_leave && int(threadIdx.x) >= count) return;

  // PHASE 2: take a ticket (the last-block guard)
  // The fence before the atomicAdd publishes this partial before its ticket, and every ticket is
  // distinct, so only the block holding gridDim.x - 1 knows that all other partials are stored.
  unsigned ticket = 0;
  unsigned long long ticket_back = 0;
  const bool last = gridlock::interblock::is_last_block<Form>(tickets, [&](unsigned t) {
    ticket = t;
    ticket_back = gridlock::time_after(rec, t);
  });
  if (threadIdx.x == 0) {
    rec.record(kStarted, 0, started);
    rec.record(kPartialStored, partial, stored);
    rec.record(kTicket, int(ticket), ticket_back);
  }

  // PHASE 3: the last block merges
  // Saves a second launch. Only Guard::acquire fences again before these loads; without that acquire,
  // a plain load may be served from this SM's L1 with a partial older than its block's ticket.
  if (last) {
    merge_rec.begin();
    const int total = block_sum<B>(partials, gridDim.x, r, merge_rec, seen);
    if (threadIdx.x == 0) *out = {total, int(blockIdx.x), gridlock::sm_id()};
  }
}
// lesson-end kernel

// The partial block b publishes in litmus run `run`: different in every run and every block, so a
// value left over from an earlier run, or from before the block's store, is recognisable.
__host__ __device__ inline int litmus_stamp(int run, int block) { return run * 65536 + block + 1; }

// What one litmus run leaves: how many partials the merging block read stale, which block merged
// and on which SM.
struct LitmusOutcome {
  int stale;
  int merger;
  unsigned sm;
};

// How many times the blocks that are not last read the partials after their tickets.
constexpr int kPeekRounds = 4;

// Contract: a one-dimensional grid of B threads per block, gridDim.x < 65536; *tickets is 0
// before the launch; no partial holds litmus_stamp(run, ·) before it. Block b publishes
// litmus_stamp(run, b); the last block reads every partial again and writes how many were not
// this run's into *outcome. Every block reads all partials before it publishes its own, so they
// sit in its SM's L1 cache (the loads are the merge's own plain, cached loads). With `peek`, the blocks that
// are not last read them again after their tickets, which refills their SM's L1 with what the partials hold
// then, after the release fence of any block on that SM. Reads that a compiler could drop feed *sink.
// Witness (the search that records a stale read; the counting runs compile without it): each
// block's thread 0 writes into times[block] when it had stored its stamp and taken its ticket
// (read after the ticket, so that the store and the fence run as in the counting runs); the last
// block writes every partial it read into seen[] and the time it had read them all into
// times[gridDim.x].
// lesson-begin litmus
template <Guard Form, int B, bool Witness = false>
__global__ void __launch_bounds__(B)
    stale_read_litmus(int run, bool peek, unsigned* tickets, int* partials, LitmusOutcome* outcome, int* sink,
                      unsigned long long* times = nullptr, int* seen = nullptr) {
  // PHASE 1: read every partial early, so they sit in this SM's L1
  // Plants the old values in this SM's L1, which is not coherent with other SMs: a load not ordered
  // by an acquire could be served from these lines after the other blocks have stored.
  int early = 0;
  for (int i = threadIdx.x; i < gridDim.x; i += B) early += partials[i];

  // PHASE 2: publish this block's partial
  // The stamp is unique to this run and block, so a value from before this store, or from an
  // earlier run, is recognised when the last block counts stale reads.
  if (threadIdx.x == 0) partials[blockIdx.x] = litmus_stamp(run, blockIdx.x);

  // PHASE 3: take a ticket with the guard under test
  // Same guard as the real kernel, so only its form varies. Its release fence empties this SM's L1 on
  // sm_90 (CCTL.IVALL), wiping what phase 1 cached; the peeks in phase 4 refill it.
  const bool last = gridlock::interblock::is_last_block<Form>(tickets);
  if constexpr (Witness)
    if (threadIdx.x == 0) times[blockIdx.x] = gridlock::global_time_ns();

  // PHASE 4: the others peek at the partials; the last block reads them all again
  // The peeks refill L1 after the release fences: if the last block shares the SM and a partial was
  // stored after a peek, only an acquire after its ticket keeps it from reading the stale line.
  if (!last) {
    for (int round = 0; peek && round < kPeekRounds; ++round) {
      asm volatile("" ::: "memory");  // each round loads again (the compiler may not reuse a round)
      for (int i = threadIdx.x; i < gridDim.x; i += B) early += partials[i];
    }
    if (early == 0x7fffffff) *sink = early;
    return;
  }
  int stale = 0;
  for (int i = threadIdx.x; i < gridDim.x; i += B) {
    const int read = partials[i];
    stale += read != litmus_stamp(run, i);
    if constexpr (Witness) seen[i] = read;
  }
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  atomicAdd(&total, stale);
  __syncthreads();
  if (threadIdx.x == 0) *outcome = {total, int(blockIdx.x), gridlock::sm_id()};
  if constexpr (Witness)
    if (threadIdx.x == 0) times[gridDim.x] = gridlock::global_time_after(unsigned(total));
  if (early == 0x7fffffff) *sink = early;
}
// lesson-end litmus

}  // namespace g1
