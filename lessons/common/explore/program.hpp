// The programs the explorer runs: a few threads of each block of a lesson's kernel, as a short list
// of instructions over a few registers and named words of global or shared memory. Each
// instruction names the source line it stands for, so a run in the model points into the real
// kernel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gridlock::explore {

// How an atomic or a store orders the plain loads and stores around it (the model's rules:
// memory_model.hpp).
enum class Order { relaxed, acquire, release };

enum class Op {
  set,          // r[dst] = imm
  add,          // r[dst] = r[a] + imm, or r[a] + r[b] when b >= 0
  load,         // r[dst] = word (a plain load: this SM's pending write, its cached line, or memory)
  store,        // word = r[a] (a plain store: pending on this SM until it lands); release: lands now
  atomic_add,   // r[dst] = word; word += imm, in memory
  atomic_cas,   // r[dst] = word; if it was imm, word = imm2, in memory; acquire: then as a fence's
                // second half (this SM's cached lines are dropped) when it succeeds
  atomic_exch,  // word = imm, in memory; release: this SM's pending writes land first
  fence,        // __threadfence(): this SM's pending writes land, its cached lines are dropped
  barrier,      // __syncwarp() or __syncthreads(): waits until every thread of its warp or block that
                // has not exited is at a barrier of the same scope, then they all go on
  branch_if,    // go to target when r[a] compares with imm (or r[b], when b >= 0) as `compare` says,
                // else to the next instruction
  exit,         // the thread leaves the kernel
};

enum class Compare { equal, not_equal, less, greater_equal, always };

// Whom a barrier waits for.
enum class Scope { warp, block };

// A word of memory: an array of `count` ints (count 1: a scalar), in global memory, or in shared
// memory (one copy a block, read and written by its threads directly: no cache, nothing pending).
struct Word {
  std::string name;
  int count = 1;
  int32_t initial = 0;
  bool shared = false;
};

struct Instruction {
  Op op = Op::exit;
  int dst = -1, a = -1, b = -1;  // registers
  int word = -1;                 // the array in Program::words
  int index = -1;                // the register holding the element's index; -1: element 0
  int32_t imm = 0, imm2 = 0;
  Compare compare = Compare::equal;  // branch_if: taken when r[a] `compare` imm (or r[b])
  int target = -1;
  Order order = Order::relaxed;
  Scope scope = Scope::block;  // barrier
  std::string file;            // the source it stands for: "lessons/locks/racy-counter/kernels.cuh"
  int line = 0;                // that file's line
  std::string source;          // a piece of that line's code: "const int seen = *count;"
};

// One kernel as the model runs it: the same code in the threads `thread_ids` of every block
// (threadIdx.x of each; those with the same threadIdx.x / 32 share a warp), whose registers start
// at 0 but for block_register (blockIdx.x), lane_register (threadIdx.x) and warp_register
// (threadIdx.x / 32).
struct Program {
  std::string name;  // "racy-counter"
  std::vector<std::string> registers;
  int block_register = -1;
  std::vector<Word> words;
  std::vector<Instruction> code;
  std::vector<int> thread_ids = {0};
  int lane_register = -1;
  int warp_register = -1;
  std::vector<int> outcome_registers = {};  // what the outcome reads of a thread that has exited
};

// For every instruction, the registers that may be read from it on before they are written
// (live_out at exit: the outcome's registers). Two states that differ only in other registers
// have the same future.
std::vector<std::vector<bool>> live_registers(const Program& program);

// Whether r compares with v as `compare` says.
bool holds(Compare compare, int32_t r, int32_t v);

// The instruction as a student reads it: "r1 = count (load)", "count = r1 (store, release)".
std::string to_text(const Program& program, const Instruction& instruction);

// For every instruction, where the paths of a branch there meet again: its immediate
// post-dominator (code.size() when they meet only at the kernel's end); -1 for one that is not a
// branch. What the lockstep scheduler reconverges at.
std::vector<int> reconvergence_points(const Program& program);

// Throws std::invalid_argument naming the first instruction that cannot run: a register, word or
// branch target outside the program, or a program that does not end with exit; or a program
// without threads.
void check_program(const Program& program);

}  // namespace gridlock::explore
