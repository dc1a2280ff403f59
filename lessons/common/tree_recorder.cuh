// Recording hooks for reduction trees inside a block. TreeRecorder<false, T> has no data and
// every hook is an empty inline function, so the timed instantiation of a kernel compiles to the
// plain technique; TreeRecorder<true, T> writes what the trace replays:
//   - the shared array after each step's barrier (one snapshot per step),
//   - which pair each thread combined in each step,
//   - per warp, %globaltimer when its work was done and when it left the barrier.
// Arrays are indexed [block][step][thread] or [block][step][warp].
#pragma once

#include "common/device_clock.cuh"

namespace gridlock {

template <bool On, typename T>
struct TreeRecorder {
  __device__ void begin() const {}
  __device__ void combined(int, int, int) const {}
  __device__ void work_done(int) const {}
  __device__ void after_barrier(int, const T*) const {}
};

template <typename T>
struct TreeRecorder<true, T> {
  T* snapshots;
  int* dst;
  int* src;
  unsigned long long* begin_ns;      // [block][warp]
  unsigned long long* work_done_ns;
  unsigned long long* barrier_ns;
  unsigned* sm;                      // [block]
  int steps;

  __device__ int thread_slot(int step) const {
    return (blockIdx.x * steps + step) * blockDim.x + threadIdx.x;
  }
  __device__ int warp_slot(int step) const {
    return (blockIdx.x * steps + step) * warps() + threadIdx.x / 32;
  }
  __device__ int warps() const { return (blockDim.x + 31) / 32; }
  __device__ bool lane0() const { return threadIdx.x % 32 == 0; }

  __device__ void begin() const {
    if (threadIdx.x == 0) sm[blockIdx.x] = sm_id();
    if (lane0()) begin_ns[blockIdx.x * warps() + threadIdx.x / 32] = global_time_ns();
  }
  __device__ void combined(int step, int into, int from) const {
    dst[thread_slot(step)] = into;
    src[thread_slot(step)] = from;
  }
  __device__ void work_done(int step) const {
    if (lane0()) work_done_ns[warp_slot(step)] = global_time_ns();
  }
  // Every thread copies its own element: element k is only ever written by thread k, which
  // copies it before it writes it again, so the snapshot is the state at the barrier.
  __device__ void after_barrier(int step, const T* shared) const {
    if (lane0()) barrier_ns[warp_slot(step)] = global_time_ns();
    snapshots[thread_slot(step)] = shared[threadIdx.x];
  }
};

}  // namespace gridlock
