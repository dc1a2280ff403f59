// A device-side event log: each writer (a block, a warp, a lane: the lesson decides) owns a row
// of fixed capacity and is the only thread that writes to it, so recording adds no atomics, no
// contention and no read of global memory to a kernel whose point is contention or timing. A
// record goes either into a slot the recorder knows in advance (a warp's k-th barrier), or into
// the next slot of a sequence whose position the writing thread keeps in a register; a sequence
// that outgrows its row keeps counting, and the host reports the records it had to drop.
//
// EventLog<false> has no data and empty hooks, so a kernel's timed instantiation compiles to the
// plain technique; EventLog<true> writes.
#pragma once

#include "common/record/clock.cuh"

namespace gridlock {

// One record: when (0 for records without a time), what happened (a code the recorder defines;
// -1 marks an empty slot), and a value (a step, an index, the value a thread read). 16 bytes.
struct LogRecord {
  unsigned long long t_ns;
  int what;
  int value;
};

// The clock is read through the log too (now(), now_after()), so that in EventLog<false> nothing
// is evaluated at all: its reads return 0 and its writes are empty.
template <bool On>
struct EventLog {
  __device__ unsigned long long now() const { return 0; }
  __device__ unsigned long long now_after(unsigned) const { return 0; }
  __device__ void at(int, int, int, int, unsigned long long) const {}
  __device__ void nth(int, int, int, int, unsigned long long) const {}
};

template <>
struct EventLog<true> {
  LogRecord* records;  // [writer][capacity], every slot empty (what == -1) at the start
  unsigned* counts;    // [writer]: records of the writer's sequence, including those that did not fit
  int capacity;

  // %globaltimer now.
  __device__ unsigned long long now() const { return global_time_ns(); }
  // %globaltimer once `loaded_after_barrier` has arrived (clock.cuh): the time to record after a
  // barrier.
  __device__ unsigned long long now_after(unsigned loaded_after_barrier) const {
    return global_time_after(loaded_after_barrier);
  }
  // Into slot `slot` of the writer's row (t_ns 0: a record without a time).
  __device__ void at(int writer, int slot, int what, int value, unsigned long long t_ns) const {
    if (slot < capacity) records[static_cast<size_t>(writer) * capacity + slot] = {t_ns, what, value};
  }
  // The k-th record of the writer's sequence (k counted by the writing thread itself).
  __device__ void nth(int writer, int k, int what, int value, unsigned long long t_ns) const {
    at(writer, k, what, value, t_ns);
    counts[writer] = static_cast<unsigned>(k) + 1;
  }
};

}  // namespace gridlock
