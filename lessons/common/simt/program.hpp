// A small program form for the SIMT model: instructions over named registers (one copy per lane)
// and named words of global memory, each tagged with the kernel phase and the source text it
// stands for, so a trace of the model points into the real kernel.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gridlock::simt {

// The register every lane starts with its own lane index in; all other registers start at 0.
inline constexpr const char* kLaneIndex = "threadIdx.x";

enum class Opcode {
  set,          // dst = imm
  add,          // dst = a + imm (wrapping, as int arithmetic on a GPU)
  load,         // dst = word
  store,        // word = a
  atomic_cas,   // dst = old word; if the old word == imm, word = imm2. Lane by lane, lane 0 first
  atomic_exch,  // word = imm (the old value is not kept). Lane by lane, lane 0 first
  branch_if,    // lanes where (a == imm) or (a != imm) go to target, the others to the next pc;
                // both paths meet again at `reconverge` (the branch's immediate post-dominator)
  exit,         // the lanes leave the kernel
};

enum class Compare { equal, not_equal };

struct Instruction {
  Opcode op = Opcode::exit;
  std::string dst;   // the register written
  std::string a;     // the register read
  std::string word;  // the memory word
  int32_t imm = 0;
  int32_t imm2 = 0;
  Compare compare = Compare::equal;
  int target = -1;
  int reconverge = -1;
  std::string phase;   // the kernel's phase comment it belongs to, e.g. "PHASE 1: load"
  std::string source;  // the source text it stands for, e.g. "atomicCAS(state, 0, 1)"
};

using Program = std::vector<Instruction>;

Instruction set(const std::string& dst, int32_t imm);
Instruction add(const std::string& dst, const std::string& a, int32_t imm);
Instruction load(const std::string& dst, const std::string& word);
Instruction store(const std::string& word, const std::string& a);
Instruction atomic_cas(const std::string& dst, const std::string& word, int32_t compare, int32_t value);
Instruction atomic_exch(const std::string& word, int32_t value);
Instruction branch_if(const std::string& a, Compare compare, int32_t imm, int target, int reconverge);
Instruction exit_kernel();

// The instruction with its phase and source text.
Instruction from(const std::string& phase, const std::string& source, Instruction instruction);

// The instruction as the model reads it: "old = atomicCAS(state, 0, 1)",
// "if (old != 0) go to pc 0, reconverge at pc 2".
std::string to_text(const Instruction& instruction);

// Registers (threadIdx.x first) and memory words in the order the program first names them.
std::vector<std::string> register_names(const Program& program);
std::vector<std::string> word_names(const Program& program);

// Throws std::invalid_argument when the program cannot run: a branch target or reconvergence pc
// outside it, a reconvergence pc not after the branch, or a last instruction other than exit.
void check_program(const Program& program);

}  // namespace gridlock::simt
