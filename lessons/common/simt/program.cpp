// Building, reading and checking programs of the SIMT model.
#include "simt/program.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridlock::simt {

Instruction set(const std::string& dst, int32_t imm) {
  Instruction i;
  i.op = Opcode::set;
  i.dst = dst;
  i.imm = imm;
  return i;
}

Instruction add(const std::string& dst, const std::string& a, int32_t imm) {
  Instruction i = set(dst, imm);
  i.op = Opcode::add;
  i.a = a;
  return i;
}

Instruction load(const std::string& dst, const std::string& word) {
  Instruction i;
  i.op = Opcode::load;
  i.dst = dst;
  i.word = word;
  return i;
}

Instruction store(const std::string& word, const std::string& a) {
  Instruction i;
  i.op = Opcode::store;
  i.word = word;
  i.a = a;
  return i;
}

Instruction atomic_cas(const std::string& dst, const std::string& word, int32_t compare, int32_t value) {
  Instruction i = load(dst, word);
  i.op = Opcode::atomic_cas;
  i.imm = compare;
  i.imm2 = value;
  return i;
}

Instruction atomic_exch(const std::string& word, int32_t value) {
  Instruction i;
  i.op = Opcode::atomic_exch;
  i.word = word;
  i.imm = value;
  return i;
}

Instruction branch_if(const std::string& a, Compare compare, int32_t imm, int target, int reconverge) {
  Instruction i;
  i.op = Opcode::branch_if;
  i.a = a;
  i.compare = compare;
  i.imm = imm;
  i.target = target;
  i.reconverge = reconverge;
  return i;
}

Instruction exit_kernel() { return Instruction{}; }

Instruction from(const std::string& phase, const std::string& source, Instruction instruction) {
  instruction.phase = phase;
  instruction.source = source;
  return instruction;
}

std::string to_text(const Instruction& i) {
  const std::string imm = std::to_string(i.imm);
  switch (i.op) {
    case Opcode::set:
      return i.dst + " = " + imm;
    case Opcode::add:
      return i.dst + " = " + i.a + (i.imm < 0 ? " - " + std::to_string(-int64_t{i.imm}) : " + " + imm);
    case Opcode::load:
      return i.dst + " = " + i.word;
    case Opcode::store:
      return i.word + " = " + i.a;
    case Opcode::atomic_cas:
      return i.dst + " = atomicCAS(" + i.word + ", " + imm + ", " + std::to_string(i.imm2) + ")";
    case Opcode::atomic_exch:
      return "atomicExch(" + i.word + ", " + imm + ")";
    case Opcode::branch_if:
      return "if (" + i.a + (i.compare == Compare::equal ? " == " : " != ") + imm + ") go to pc " +
             std::to_string(i.target) + ", reconverge at pc " + std::to_string(i.reconverge);
    case Opcode::exit:
      return "exit";
  }
  return "";
}

namespace {

void add_name(std::vector<std::string>& names, const std::string& name) {
  if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

std::vector<std::string> register_names(const Program& program) {
  std::vector<std::string> names = {kLaneIndex};
  for (const Instruction& i : program) {
    add_name(names, i.a);
    add_name(names, i.dst);
  }
  return names;
}

std::vector<std::string> word_names(const Program& program) {
  std::vector<std::string> names;
  for (const Instruction& i : program) add_name(names, i.word);
  return names;
}

void check_program(const Program& program) {
  const int size = static_cast<int>(program.size());
  if (program.empty() || program.back().op != Opcode::exit)
    throw std::invalid_argument("the program must end with exit");
  for (int pc = 0; pc < size; ++pc) {
    const Instruction& i = program[static_cast<size_t>(pc)];
    if (i.op != Opcode::branch_if) continue;
    const std::string where = "pc " + std::to_string(pc) + " (" + to_text(i) + "): ";
    if (i.target < 0 || i.target >= size)
      throw std::invalid_argument(where + "the target is outside the program");
    if (i.reconverge <= pc || i.reconverge >= size)
      throw std::invalid_argument(where +
                                  "the reconvergence pc must lie after the branch, inside the program");
  }
}

}  // namespace gridlock::simt
