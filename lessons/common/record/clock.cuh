// Where and when a thread runs: %globaltimer (ns, one clock for every SM of a GPU) and %smid.
//
// A clock read right after __syncthreads() can come too early. The barrier compiles to
// BAR.SYNC.DEFER_BLOCKING: a warp that reaches it goes on issuing the instructions behind it that
// need nothing from the barrier, and a read of %globaltimer needs nothing. On an H100 such a read
// was taken up to 3.9 us before the last warp arrived (tests/gpu/barrier_clock_test.cu measures
// it). global_time_after(v) is the read to use after a barrier: it waits for a value the thread
// loaded after the barrier, and that load cannot complete before the barrier has released.
#pragma once

namespace gridlock {

__device__ __forceinline__ unsigned long long global_time_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ unsigned sm_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// %globaltimer, read where the program puts it: the "memory" clobber keeps the compiler from
// moving a load or store across the read, so a time read after a store is read after the store
// was issued (when it reaches other SMs is the memory model's business, not the clock's).
__device__ __forceinline__ unsigned long long global_time_ns_in_order() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory");
  return t;
}

// %globaltimer, read once `loaded_after_barrier` has arrived: the read is predicated on a
// comparison with the value, and an instruction that needs the value waits for the load to
// return, which it cannot before the barrier has released. Adds no synchronisation: it only waits
// for this thread's own load. The comparison holds for every value but one (0x9e3779b9); for that
// one the result is 0, which the trace checks reject as a time before the run began, so it cannot
// pass unnoticed. tests/gpu/barrier_clock_test.cu checks on the GPU that the compiled read keeps
// its place.
__device__ __forceinline__ unsigned long long global_time_after(unsigned loaded_after_barrier) {
  unsigned long long t;
  asm volatile(
      "{\n\t"
      ".reg .pred arrived;\n\t"
      "setp.ne.u32 arrived, %1, 0x9e3779b9;\n\t"
      "mov.u64 %0, 0;\n\t"
      "@arrived mov.u64 %0, %%globaltimer;\n\t"
      "}"
      : "=l"(t)
      : "r"(loaded_after_barrier)
      : "memory");
  return t;
}

}  // namespace gridlock
