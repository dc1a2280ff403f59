// L3's kernels as the SIMT model runs them, one instruction per line: the phase comment of
// kernels.cuh it belongs to, the source text it stands for, and what it does. The lock is the
// DocumentedLock of locks/common/locks.cuh: try_lock() is atomicCAS(state, 0, 1) == 0, unlock()
// is atomicExch(state, 0). Left out: the watchdog poll in the spin (abort_requested every
// kPollEvery failed attempts, and the return it leads to) and the recorder calls; the model needs
// neither, and with the poll's counter the state of a spinning warp would never repeat.
#include "programs.hpp"

namespace l3::model {

using gridlock::simt::add;
using gridlock::simt::atomic_cas;
using gridlock::simt::atomic_exch;
using gridlock::simt::branch_if;
using gridlock::simt::Compare;
using gridlock::simt::exit_kernel;
using gridlock::simt::from;
using gridlock::simt::kLaneIndex;
using gridlock::simt::load;
using gridlock::simt::set;
using gridlock::simt::store;

LockKernel every_thread_kernel() {
  const std::string take = "PHASE 1: every thread takes the lock";
  const std::string count = "PHASE 2: thread 0 of each block counts";
  const std::string give = "PHASE 3: every thread gives the lock back";
  return {
      "count_with_a_lock_in_every_thread",
      {
          /* 0 */ from(take, "atomicCAS(state, 0, 1)", atomic_cas("old", kLockWord, 0, 1)),
          /* 1 */ from(take, "while (!try_lock())", branch_if("old", Compare::not_equal, 0, 0, 2)),
          /* 2 */ from(count, "if (threadIdx.x == 0)", branch_if(kLaneIndex, Compare::not_equal, 0, 6, 6)),
          /* 3 */ from(count, "*count = *count + 1", load("value", kCountWord)),
          /* 4 */ from(count, "*count = *count + 1", add("value", "value", 1)),
          /* 5 */ from(count, "*count = *count + 1", store(kCountWord, "value")),
          /* 6 */ from(give, "atomicExch(state, 0)", atomic_exch(kLockWord, 0)),
          /* 7 */ from(give, "}", exit_kernel()),
      },
      {0, 1}};
}

LockKernel inside_the_loop_kernel() {
  const std::string loop = "PHASE 1: try the lock; the winner counts and gives it back inside the loop";
  return {
      "count_with_the_lock_inside_the_loop",
      {
          /*  0 */ from(loop, "bool done = false", set("done", 0)),
          /*  1 */ from(loop, "atomicCAS(state, 0, 1)", atomic_cas("old", kLockWord, 0, 1)),
          /*  2 */ from(loop, "if (lock.try_lock())", branch_if("old", Compare::not_equal, 0, 9, 9)),
          /*  3 */ from(loop, "if (threadIdx.x == 0)", branch_if(kLaneIndex, Compare::not_equal, 0, 7, 7)),
          /*  4 */ from(loop, "*count = *count + 1", load("value", kCountWord)),
          /*  5 */ from(loop, "*count = *count + 1", add("value", "value", 1)),
          /*  6 */ from(loop, "*count = *count + 1", store(kCountWord, "value")),
          /*  7 */ from(loop, "atomicExch(state, 0)", atomic_exch(kLockWord, 0)),
          /*  8 */ from(loop, "done = true", set("done", 1)),
          /*  9 */ from(loop, "!done", branch_if("done", Compare::equal, 0, 1, 10)),
          /* 10 */ from(loop, "}", exit_kernel()),
      },
      {1, 2, 9}};
}

}  // namespace l3::model
