// What the model programs are written with: the sources they stand for, instructions naming
// their line, and the kernels with more than one thread a block (kernels_with_lanes.cpp).
#pragma once

#include <string>

#include "explore/kernels.hpp"

namespace gridlock::explore::parts {

inline constexpr const char* kRacy = "lessons/locks/racy-counter/kernels.cuh";
inline constexpr const char* kCritical = "lessons/locks/critical-section/kernels.cuh";
inline constexpr const char* kDeadlock = "lessons/locks/deadlock-lock/kernels.cuh";
inline constexpr const char* kLocks = "lessons/locks/common/locks.cuh";
inline constexpr const char* kGuardLesson = "lessons/interblock/last-block-guard/kernels.cuh";
inline constexpr const char* kGuard = "lessons/interblock/common/last_block.cuh";
inline constexpr const char* kQueue = "lessons/interblock/work-queue/kernels.cuh";
inline constexpr const char* kWarpSum = "lessons/reduction/reduce-warp-volatile/kernels.cuh";

// An instruction of `op` standing for `source` at file:line.
inline Instruction at(Op op, const char* file, int line, const std::string& source) {
  Instruction in;
  in.op = op;
  in.file = file;
  in.line = line;
  in.source = source;
  return in;
}

inline Instruction with(Instruction in, int dst, int a = -1, int32_t imm = 0) {
  in.dst = dst;
  in.a = a;
  in.imm = imm;
  return in;
}

inline Instruction on(Instruction in, int word, int index = -1) {
  in.word = word;
  in.index = index;
  return in;
}

// A branch to `target` when r[a] compares with imm as `compare` says.
inline Instruction branch(Instruction in, int a, Compare compare, int32_t imm, int target = -1) {
  in.a = a;
  in.compare = compare;
  in.imm = imm;
  in.target = target;
  return in;
}

inline Instruction exit_at(const char* file, int line) { return at(Op::exit, file, line, "}"); }

// "count = 2: exact" or "count = 1: 1 update lost", for a count every block adds one to.
OutcomeOf count_outcome(int word);

// The kernels with lanes: the lock in every thread (L3) and its loop form; one warp's sum in
// shared memory without and with __syncwarp() (R6) at `lanes` lanes; the work queue (G2) with and
// without the barrier before the next fetch.
ModelKernel lock_in_every_thread(bool in_the_loop, int lanes);
ModelKernel warp_sum(bool syncwarp, int lanes);
ModelKernel work_queue(bool barrier, int items);

}  // namespace gridlock::explore::parts
