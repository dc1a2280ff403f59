// Recording hooks for code whose lanes work without a barrier between them: warp-synchronous
// reductions in shared memory, shuffles between registers. Each lane writes what it did into
// slots of its own: per step, every operation it performed (dst = a op b, or a copy), the items
// and the spaces it used, the values it read and the value it wrote, and when it was done. No
// slot is shared, so recording adds no synchronisation, no atomics and no access to the shared
// memory the technique works on; the host rebuilds the buffers step by step from what the lanes
// wrote (lane_recording.hpp) and checks that every value a lane read is the one the recorded
// order of the operations gives.
//
// LaneRecorder<false, T> has no data and empty hooks, so a kernel's timed instantiation is the
// plain technique. The kernel's copy of LaneRecorder<true, T> is the thread's own: the slot it
// fills next within a step and the run of input elements it folded live in its registers.
#pragma once

#include <cstring>

#include "common/record/event_log.cuh"
#include "common/record/lane_entry.hpp"
#include "common/record/load_run.hpp"

namespace gridlock {

template <bool On, typename T>
struct LaneRecorder {
  __device__ void begin() const {}
  __device__ LaneRecorder shifted(int, int) const { return *this; }
  __device__ void loaded(int) const {}
  __device__ void combined(int, int, int, int, int, T, T, T) const {}
  __device__ void copied(int, int, int, int, int, T) const {}
  __device__ void set_to_identity(int, int, int, T) const {}
  __device__ void done(int) const {}
  __device__ void left(int, const T*) const {}
};

template <typename T>
struct LaneRecorder<true, T> {
  LaneEntry<T>* entries;         // [block][step][thread][slot], kind kLaneNothing where unused
  unsigned long long* done_ns;   // [block][step][thread]: when the thread was done with the step
  unsigned long long* left_ns;   // [block][step][thread]: when it left the step's barrier
  unsigned long long* start_ns;  // [block][thread]
  unsigned* sm;                  // [block]
  LoadRun* load_runs;            // [block][thread]
  int steps;
  int slots;  // entries per thread and step
  // Where this call's steps and items begin (a warp's part of a block's array, a second call).
  int step_base = 0;
  int item_base = 0;
  // Per thread, in registers: the step being filled, its next slot, and the input elements
  // folded so far (evenly spaced, as TreeRecorder checks them).
  int filling = -1;
  int used = 0;
  LoadRun run = {-1, 0, 0, 1};
  int last_loaded = -1;

  __device__ size_t thread_step(int step) const {
    return (static_cast<size_t>(blockIdx.x) * steps + step_base + step) * blockDim.x + threadIdx.x;
  }
  template <typename V>
  __device__ static unsigned first_word(const V& v) {
    unsigned word;
    memcpy(&word, &v, sizeof word);
    return word;
  }

  __device__ void begin() const {
    if (threadIdx.x == 0) sm[blockIdx.x] = sm_id();
    start_ns[blockIdx.x * blockDim.x + threadIdx.x] = global_time_ns();
  }
  // The same recorder for a call whose step 0 is step `step` and whose item 0 is item `item`.
  __device__ LaneRecorder shifted(int step, int item) const {
    LaneRecorder r = *this;
    r.step_base += step;
    r.item_base += item;
    return r;
  }
  // An input element the thread folded into its accumulator (kept in registers until done(0)).
  __device__ void loaded(int index) {
    if (run.count == 0) run.first = index;
    if (run.count == 1) run.stride = index - last_loaded;
    if (run.count > 1 && index - last_loaded != run.stride) run.evenly = 0;
    last_loaded = index;
    ++run.count;
  }
  // dst = a op b, all three items of `space`; a_value and b_value are what the lane read.
  __device__ void combined(int step, int space, int dst, int a, int b, T a_value, T b_value, T result) {
    put(step, {kLaneCombine, space, item_base + dst, space, item_base + a, item_base + b, a_value, b_value,
               result});
  }
  // dst = src (the item of another space, or of the same one); value is what the lane read.
  __device__ void copied(int step, int dst_space, int dst, int src_space, int src, T value) {
    const int src_item = src_space == kInputSpace ? src : item_base + src;
    put(step, {kLaneCopy, dst_space, item_base + dst, src_space, src_item, -1, value, value, value});
  }
  // dst = the operator's identity (padding).
  __device__ void set_to_identity(int step, int space, int dst, T identity) {
    put(step, {kLaneIdentity, space, item_base + dst, space, -1, -1, identity, identity, identity});
  }
  // The thread is done with the step (after step 0, the run of elements it folded is stored).
  __device__ void done(int step) const {
    done_ns[thread_step(step)] = global_time_ns();
    if (step == 0 && step_base == 0) load_runs[blockIdx.x * blockDim.x + threadIdx.x] = run;
  }
  // The thread has left the barrier that ends the step: the clock is read once the thread has
  // loaded its own element of `shared`, which it cannot before the barrier has released
  // (clock.cuh). The load is the recording's own, after the barrier.
  __device__ void left(int step, const T* shared) const {
    left_ns[thread_step(step)] = global_time_after(first_word(shared[item_base + threadIdx.x % 32]));
  }

 private:
  __device__ void put(int step, const LaneEntry<T>& e) {
    if (step != filling) filling = step, used = 0;
    if (used < slots) entries[thread_step(step) * slots + used] = e;
    ++used;
  }
};

}  // namespace gridlock
