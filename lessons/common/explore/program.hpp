// The programs the explorer runs: thread 0 of each block of a lesson's kernel, as a short list of
// instructions over a few registers and named words of global memory. Each instruction names the
// source line it stands for, so a run in the model points into the real kernel.
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
  branch_if,    // go to target when (r[a] == imm) == equal, else to the next instruction
  exit,         // the thread leaves the kernel
};

// A word of global memory: an array of `count` ints (count 1: a scalar).
struct Word {
  std::string name;
  int count = 1;
  int32_t initial = 0;
};

struct Instruction {
  Op op = Op::exit;
  int dst = -1, a = -1, b = -1;  // registers
  int word = -1;                 // the array in Program::words
  int index = -1;                // the register holding the element's index; -1: element 0
  int32_t imm = 0, imm2 = 0;
  bool equal = true;  // branch_if: taken when r[a] == imm (true) or r[a] != imm (false)
  int target = -1;
  Order order = Order::relaxed;
  std::string file;    // the source it stands for: "lessons/locks/racy-counter/kernels.cuh"
  int line = 0;        // that file's line
  std::string source;  // a piece of that line's code: "const int seen = *count;"
};

// One kernel as the model runs it: the same code in every block's thread 0, whose registers start
// at `registers` (set_block: the register that starts at blockIdx.x).
struct Program {
  std::string name;  // "racy-counter"
  std::vector<std::string> registers;
  int block_register = -1;
  std::vector<Word> words;
  std::vector<Instruction> code;
};

// The instruction as a student reads it: "r1 = count (load)", "count = r1 (store, release)".
std::string to_text(const Program& program, const Instruction& instruction);

// Throws std::invalid_argument naming the first instruction that cannot run: a register, word or
// branch target outside the program, or a program that does not end with exit.
void check_program(const Program& program);

}  // namespace gridlock::explore
