// The last-block guard (TECHNIQUES.md, G1): every block publishes its partial result, takes a
// ticket, and the block whose ticket is gridDim.x - 1 knows that every other block has finished
// and merges. One implementation for the whole suite, in the documented forms and the corrected
// one; the reduction lessons that merge in the last block use it too.
//
// Assumptions, as documented: *tickets is 0 before the launch; every thread of every block calls
// the guard (it contains a barrier); the grid is one-dimensional.
#pragma once

namespace gridlock::interblock {

// The forms of the guard a lesson can choose.
enum class Guard {
  syncthreads_or,  // documented, compute capability 2.0: __syncthreads_or spreads thread 0's answer
  shared_ticket,   // documented, compute capability 1.1: thread 0 leaves its answer in __shared__
  acquire,         // corrected: as syncthreads_or, and the last block fences before it reads
};

// Returns, in every thread of the block, whether this block took the last ticket. Before the
// ticket, __threadfence() makes this block's partial result visible to the whole GPU (the release
// half). The documented forms stop there. The corrected form adds the acquire half: the last
// block fences again after it knows it is last, so its reads of the other blocks' partials cannot
// be served from before their tickets (the gap in the well-known threadFenceReduction sample,
// fixed the same way in PyTorch).
// lesson-begin guard
template <Guard Form>
__device__ bool is_last_block(unsigned* tickets) {
  __threadfence();  // release: my partial before my ticket
  if constexpr (Form == Guard::shared_ticket) {
    __shared__ bool last;
    if (threadIdx.x == 0) last = atomicAdd(tickets, 1u) == gridDim.x - 1;
    __syncthreads();
    return last;
  } else {
    bool last = false;
    if (threadIdx.x == 0) last = atomicAdd(tickets, 1u) == gridDim.x - 1;
    last = __syncthreads_or(last);
    if (Form == Guard::acquire && last) __threadfence();  // acquire: the others' partials after their tickets
    return last;
  }
}
// lesson-end guard

}  // namespace gridlock::interblock
