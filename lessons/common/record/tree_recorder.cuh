// Recording hooks for reduction trees inside a block, built on EventLog. TreeRecorder<false, T>
// has no data and every hook is an empty inline function, so the timed instantiation of a kernel
// compiles to the plain technique. TreeRecorder<true, T> records what the trace replays:
//   - the shared array after each step's barrier, and a register's value after a step,
//   - which pair each thread combined in each step, and which input elements it folded (as the
//     run first, first + stride, ... it really was: the thread checks the spacing as it goes,
//     in registers, so recording adds no memory traffic to the load loop),
//   - per warp: when it started, finished its work of a step (arrived at the barrier) and left
//     the barrier, on %globaltimer; the leaving time is read once the warp has loaded a value
//     after the barrier (clock.cuh explains why).
// Arrays are indexed [block][step][thread]; the logs' writers are warps and threads.
#pragma once

#include <type_traits>

#include "common/record/event_log.cuh"

namespace gridlock {

// What the tree recorder's warp log records (its `what`); the value is the step.
enum TreeEvent : int { kTreeStart = 0, kTreeArrive = 1, kTreeLeave = 2 };

// The input elements one thread folded: first, first + stride, ..., count of them. `evenly` is 0
// when the thread's loads were not evenly spaced (then only first and count are meaningful).
struct LoadRun {
  int first, stride, count, evenly;
};

template <bool On, typename T>
struct TreeRecorder {
  __device__ void begin() const {}
  __device__ void loaded(int) const {}
  __device__ void combined(int, int, int, int) const {}
  __device__ void value(int, T) const {}
  __device__ void work_done(int) const {}
  __device__ void after_barrier(int, const T*) const {}
};

template <typename T>
struct TreeRecorder<true, T> {
  T* snapshots;  // [block][step][thread]: the shared array after the step's barrier
  T* registers;  // [block][step][thread]: a register after the step; nullptr: not recorded
  int* dst;      // [block][step][thread]: dst = a op b, -1 where the thread combined nothing
  int* a;
  int* b;
  unsigned* sm;          // [block]
  EventLog<true> warps;  // writer: block * warps + warp (lane 0 writes)
  LoadRun* load_runs;    // [block][thread]
  int steps;
  // The load run so far, per thread: the kernel's copy of the recorder is the thread's own, so
  // these live in registers until work_done(0) stores them.
  LoadRun run = {-1, 0, 0, 1};
  int last_loaded = -1;

  // A warp's row: its start, then per step its arrival at the barrier and its leaving it.
  __device__ static int start_slot() { return 0; }
  __device__ static int arrive_slot(int step) { return 1 + 2 * step; }
  __device__ static int leave_slot(int step) { return 2 + 2 * step; }

  __device__ int thread_slot(int step) const {
    return (blockIdx.x * steps + step) * blockDim.x + threadIdx.x;
  }
  __device__ int warp_writer() const { return blockIdx.x * ((blockDim.x + 31) / 32) + threadIdx.x / 32; }
  __device__ bool lane0() const { return threadIdx.x % 32 == 0; }
  __device__ static unsigned bits(T v) {
    if constexpr (std::is_same_v<T, float>)
      return __float_as_uint(v);
    else
      return static_cast<unsigned>(v);
  }

  __device__ void begin() const {
    if (threadIdx.x == 0) sm[blockIdx.x] = sm_id();
    if (lane0()) warps.at(warp_writer(), start_slot(), kTreeStart, 0, warps.now());
  }
  __device__ void loaded(int index) {
    if (run.count == 0) run.first = index;
    if (run.count == 1) run.stride = index - last_loaded;
    if (run.count > 1 && index - last_loaded != run.stride) run.evenly = 0;
    last_loaded = index;
    ++run.count;
  }
  __device__ void combined(int step, int into, int first, int second) const {
    dst[thread_slot(step)] = into;
    a[thread_slot(step)] = first;
    b[thread_slot(step)] = second;
  }
  __device__ void value(int step, T v) const {
    if (registers) registers[thread_slot(step)] = v;
  }
  __device__ void work_done(int step) const {
    if (lane0()) warps.at(warp_writer(), arrive_slot(step), kTreeArrive, step, warps.now());
    if (step == 0) load_runs[blockIdx.x * blockDim.x + threadIdx.x] = run;
  }
  // Every thread copies its own element: element k is only ever written by thread k, which
  // copies it before it writes it again, so the snapshot is the state at the barrier.
  __device__ void after_barrier(int step, const T* shared) const {
    const T mine = shared[threadIdx.x];
    snapshots[thread_slot(step)] = mine;
    if (lane0()) warps.at(warp_writer(), leave_slot(step), kTreeLeave, step, warps.now_after(bits(mine)));
  }
};

}  // namespace gridlock
