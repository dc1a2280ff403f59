// The model's programs held against the compiler's: a lesson's kernel compiled to PTX with
// -lineinfo names, for every instruction, the source line it came from (and the lines it was
// inlined at). A model program is the real kernel's when each of its loads, stores, atomics,
// fences and barriers is a PTX instruction of the same kind, space and memory order at the line it
// names, in the same order (a loop's closing part may come first: compilers rotate loops).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "explore/kernels.hpp"

namespace gridlock::explore {

struct PtxInstruction {
  std::string text;                                // "atom.global.cas.b32 %r10, [%rd1], %r20, %r9;"
  std::vector<std::pair<std::string, int>> lines;  // file and line, innermost first, then where inlined
  bool predicated = false;                         // "@%p1 bra ...": it may not happen
  // The instructions control may go to next: the next one, a branch's target, none after ret.
  std::vector<size_t> next;
};

// The instructions of the first .entry in `ptx`, each with its lines and where control goes
// next. Throws std::runtime_error when the text holds no entry or a branch names no label.
std::vector<PtxInstruction> read_ptx(const std::string& ptx);

// A translation unit that instantiates the kernel's plain form, for nvcc -ptx -I lessons/.
std::string ptx_unit(const ModelKernel& kernel);

// What does not match, one sentence a problem; empty when the program is the PTX's.
std::vector<std::string> compare_with_ptx(const Program& program, const std::vector<PtxInstruction>& ptx);

}  // namespace gridlock::explore
