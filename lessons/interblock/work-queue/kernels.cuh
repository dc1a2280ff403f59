// G2: a global work queue. A block fetches the next item only when it has finished the last one;
// beside it, the same items assigned to the blocks up front.
#pragma once

#include "common/record/event_recorder.cuh"
#include "common/record/time_after.cuh"

namespace g2 {

// A small description of one piece of work: which item, and how many units of work it holds.
struct WorkItem {
  int index;
  int cost;
  __host__ __device__ static WorkItem none() { return {-1, 0}; }
  // What an item slot holds before anything was written to it (used to detect such a read).
  __host__ __device__ static WorkItem unwritten() { return {-2, 0}; }
  __host__ __device__ bool is_none() const { return index < 0; }
};

// Hash steps per unit of cost, for every thread of the block.
constexpr int kUnitSteps = 256;

// What the recorder notes for a block (thread 0): the item it fetched (value: its index) and when
// the block had it, when the block was done with it, and when the queue had nothing left.
enum QueueEvent : int { kFetched = 0, kDone = 1, kQueueEmpty = 2 };

// The documented assumptions a kernel can break on purpose.
enum class Mistake {
  none,
  items_added,             // items are appended to the queue while blocks fetch from it
  fetch_by_some_threads,   // only warp 0 calls fetch(); the other warps leave
  two_fetches_no_barrier,  // two fetch() calls with no __syncthreads() between them
};

// Which items append one more item in the items-added variant: those with an index in
// [begin, end); each appended item costs `cost` units. The default appends nothing.
struct Spawning {
  int begin = 0, end = 0, cost = 0;
  __host__ __device__ bool by(int index) const { return index >= begin && index < end; }
};

// The documented queue: the items and the index of the next one live in global memory.
struct WorkQueue {
  WorkItem* items;
  int* total;         // how many items the queue holds
  unsigned* current;  // the next item to hand out: 0 before the launch

  // Called by every thread of the block; returns, in every thread, a reference to the one
  // __shared__ slot that thread 0 filled: the next item, or WorkItem::none() past the end.
  // lesson-begin fetch
  __device__ WorkItem& fetch() const {
    __shared__ WorkItem item;
    if (threadIdx.x == 0) {
      const unsigned index = atomicAdd(current, 1u);
      item = index < unsigned(*total) ? items[index] : WorkItem::none();
    }
    __syncthreads();
    return item;
  }
  // lesson-end fetch
};

// One item's work, done by every thread of the block: item.cost * kUnitSteps steps of an integer
// hash seeded by the item and the thread. Each warp leaves the xor of its lanes' hashes in
// out[index * warps + warp]; thread 0 counts the visit in visits[index]. The result depends on the
// item alone, not on the block that does it.
template <int B>
__device__ void work_on(const WorkItem& item, unsigned* out, unsigned* visits) {
  unsigned h = unsigned(item.index) * 0x9E3779B9u + threadIdx.x;
  for (int step = 0; step < item.cost * kUnitSteps; ++step) h = (h * 1664525u + 1013904223u) ^ (h >> 13);
  h = __reduce_xor_sync(0xffffffffu, h);
  if (threadIdx.x % 32 == 0) out[item.index * (B / 32) + threadIdx.x / 32] = h;
  if (threadIdx.x == 0) atomicAdd(visits + item.index, 1u);
}

// Contract: a one-dimensional grid of B threads per block; *queue.current is 0 before the
// launch; no item is added while the kernel runs; every thread calls fetch(); two fetches have a
// __syncthreads() between them. Guarantees: every item is done exactly once, by one block. M
// breaks one of these assumptions on purpose (Mistake::none keeps them all); with
// Mistake::items_added, every item that `spawning` names appends one item at the end of the
// queue (whose room must allow it; appended items append nothing). Recording: thread 0 reads the
// clock when the block has its item (after the fetch's barrier, through a value loaded after it)
// and when the block is done with it (the same after the closing barrier); records are written
// after that. With Mistake::two_fetches_no_barrier the work on `second` is recorded the same way,
// as an item of its own.
// lesson-begin queue
template <int B, bool Record, Mistake M = Mistake::none>
__global__ void __launch_bounds__(B) work_from_queue(WorkQueue queue, unsigned* out, unsigned* visits,
                                                     Spawning spawning, gridlock::EventRecorder<Record> rec) {
  rec.begin();
  if (M == Mistake::fetch_by_some_threads && threadIdx.x >= 32) return;
  for (;;) {
    // PHASE 1: fetch the next item (thread 0 takes an index with atomicAdd)
    // atomicAdd gives each index to exactly one block, and the __syncthreads() inside fetch() lets
    // every thread read the slot thread 0 filled; a thread that skips the call never gets the item.
    const WorkItem& item = queue.fetch();
    if constexpr (M == Mistake::two_fetches_no_barrier) {
      const WorkItem& second = queue.fetch();  // `item` and `second` are the same __shared__ slot
      const unsigned long long second_at = gridlock::time_after(rec, unsigned(second.index));
      if (!second.is_none()) work_on<B>(second, out, visits);
      if (threadIdx.x == 0 && !second.is_none()) {
        rec.record(kFetched, second.index, second_at);
        rec.record(kDone, second.index, rec.now());
      }
    }
    const unsigned long long fetched = gridlock::time_after(rec, unsigned(item.index));
    if (item.is_none()) {
      if (threadIdx.x == 0) rec.record(kQueueEmpty, item.index, fetched);
      break;
    }

    // PHASE 2: every thread works on the item
    // A block asks for more only when done, so one that drew a costly item takes fewer: the balance
    // up-front assignment lacks. Items appended here can be missed: blocks that saw the end have left.
    work_on<B>(item, out, visits);
    if (M == Mistake::items_added && threadIdx.x == 0 && spawning.by(item.index)) {
      const int slot = atomicAdd(queue.total, 1);
      queue.items[slot] = {slot, spawning.cost};
    }

    // PHASE 3: the whole block is done with the item before anyone fetches again
    // fetch() returns the same __shared__ slot every time: without this barrier thread 0 overwrites it
    // while other warps still read this item, so one item is lost and another done twice.
    __syncthreads();
    if (threadIdx.x == 0) {
      rec.record(kFetched, item.index, fetched);
      rec.record(kDone, item.index, gridlock::time_after(rec, unsigned(item.index)));
    }
  }
}
// lesson-end queue

// Contract: a one-dimensional grid of B threads per block. Block b does items b, b + gridDim.x,
// b + 2 * gridDim.x, ...: who does what is fixed before the launch, whatever each item costs.
// Guarantees every item is done exactly once. Recording: thread 0 reads the clock when it has
// loaded the item and when its own warp is done with it (the block has no barrier to wait at).
// lesson-begin up-front
template <int B, bool Record>
__global__ void __launch_bounds__(B)
    work_assigned_up_front(const WorkItem* items, int total, unsigned* out, unsigned* visits,
                           gridlock::EventRecorder<Record> rec) {
  rec.begin();
  // PHASE 4: block b does items b, b + gridDim.x, ... whatever they cost
  // No atomic and no barrier per item, which wins when items are tiny; with skewed costs the blocks
  // that drew costly items finish last while the others sit idle.
  for (int i = blockIdx.x; i < total; i += gridDim.x) {
    const WorkItem item = items[i];
    const unsigned long long started = gridlock::time_after(rec, unsigned(item.index));
    work_on<B>(item, out, visits);
    if (threadIdx.x == 0) {
      rec.record(kFetched, item.index, started);
      rec.record(kDone, item.index, rec.now());
    }
  }
}
// lesson-end up-front

}  // namespace g2
