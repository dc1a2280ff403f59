// The instructions as text, and the checks a program must pass before it runs.
#include "explore/program.hpp"

#include <stdexcept>

namespace gridlock::explore {
namespace {

std::string reg(const Program& p, int r) { return p.registers[static_cast<size_t>(r)]; }

std::string word(const Program& p, const Instruction& in) {
  const Word& w = p.words[static_cast<size_t>(in.word)];
  return in.index < 0 ? w.name : w.name + "[" + reg(p, in.index) + "]";
}

std::string ordered(const Instruction& in, const char* what) {
  const char* order = in.order == Order::acquire   ? ", acquire"
                      : in.order == Order::release ? ", release"
                                                   : "";
  return std::string(" (") + what + order + ")";
}

}  // namespace

std::string to_text(const Program& p, const Instruction& in) {
  switch (in.op) {
    case Op::set:
      return reg(p, in.dst) + " = " + std::to_string(in.imm);
    case Op::add:
      return reg(p, in.dst) + " = " + reg(p, in.a) + " + " +
             (in.b >= 0 ? reg(p, in.b) : std::to_string(in.imm));
    case Op::load:
      return reg(p, in.dst) + " = " + word(p, in) + ordered(in, "load");
    case Op::store:
      return word(p, in) + " = " + reg(p, in.a) + ordered(in, "store");
    case Op::atomic_add:
      return reg(p, in.dst) + " = atomicAdd(" + word(p, in) + ", " + std::to_string(in.imm) + ")";
    case Op::atomic_cas:
      return reg(p, in.dst) + " = atomicCAS(" + word(p, in) + ", " + std::to_string(in.imm) + ", " +
             std::to_string(in.imm2) + ")" + (in.order == Order::acquire ? " (acquire)" : "");
    case Op::atomic_exch:
      return "atomicExch(" + word(p, in) + ", " + std::to_string(in.imm) + ")" +
             (in.order == Order::release ? " (release)" : "");
    case Op::fence:
      return "__threadfence()";
    case Op::branch_if:
      return "if (" + reg(p, in.a) + (in.equal ? " == " : " != ") + std::to_string(in.imm) + ") go to line " +
             std::to_string(p.code[static_cast<size_t>(in.target)].line);
    case Op::exit:
      return "exit";
  }
  return "?";
}

void check_program(const Program& p) {
  const int registers = static_cast<int>(p.registers.size()), words = static_cast<int>(p.words.size());
  const int size = static_cast<int>(p.code.size());
  if (size == 0 || p.code.back().op != Op::exit)
    throw std::invalid_argument(p.name + ": the last instruction is not exit");
  if (p.block_register >= registers)
    throw std::invalid_argument(p.name + ": the block register is not a register");
  for (int i = 0; i < size; ++i) {
    const Instruction& in = p.code[static_cast<size_t>(i)];
    const auto bad = [&](const char* what) {
      throw std::invalid_argument(p.name + ": instruction " + std::to_string(i) + " names " + what +
                                  " outside the program");
    };
    for (int r : {in.dst, in.a, in.b, in.index})
      if (r >= registers) bad("a register");
    const bool memory = in.op == Op::load || in.op == Op::store || in.op == Op::atomic_add ||
                        in.op == Op::atomic_cas || in.op == Op::atomic_exch;
    if (memory && (in.word < 0 || in.word >= words)) bad("a word");
    if ((in.op == Op::set || in.op == Op::add || in.op == Op::load || in.op == Op::atomic_add ||
         in.op == Op::atomic_cas) &&
        in.dst < 0)
      bad("no register to write, or one");
    if ((in.op == Op::add || in.op == Op::store || in.op == Op::branch_if) && in.a < 0)
      bad("no register to read, or one");
    if (in.op == Op::branch_if && (in.target < 0 || in.target >= size)) bad("a branch target");
  }
}

}  // namespace gridlock::explore
