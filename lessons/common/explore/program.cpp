// The instructions as text, and the checks a program must pass before it runs.
#include "explore/program.hpp"

#include <stdexcept>

namespace gridlock::explore {
namespace {

std::string reg(const Program& p, int r) { return p.registers[static_cast<size_t>(r)]; }

std::string word(const Program& p, const Instruction& in) {
  const Word& w = p.words[static_cast<size_t>(in.word)];
  if (in.index >= 0) return w.name + "[" + reg(p, in.index) + "]";
  return w.count == 1 ? w.name : w.name + "[0]";
}

std::string ordered(const Instruction& in, const char* what) {
  const char* order = in.order == Order::acquire   ? ", acquire"
                      : in.order == Order::release ? ", release"
                                                   : "";
  return std::string(" (") + what + order + ")";
}

const char* compare_text(Compare c) {
  switch (c) {
    case Compare::equal:
      return " == ";
    case Compare::not_equal:
      return " != ";
    case Compare::less:
      return " < ";
    case Compare::greater_equal:
      return " >= ";
    case Compare::always:
      return "";
  }
  return " ? ";
}

}  // namespace

bool holds(Compare compare, int32_t r, int32_t v) {
  switch (compare) {
    case Compare::equal:
      return r == v;
    case Compare::not_equal:
      return r != v;
    case Compare::less:
      return r < v;
    case Compare::greater_equal:
      return r >= v;
    case Compare::always:
      return true;
  }
  return false;
}

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
    case Op::barrier:
      return in.scope == Scope::warp ? "__syncwarp()" : "__syncthreads()";
    case Op::branch_if:
      if (in.compare == Compare::always)
        return "go to line " + std::to_string(p.code[static_cast<size_t>(in.target)].line);
      return "if (" + reg(p, in.a) + compare_text(in.compare) +
             (in.b >= 0 ? reg(p, in.b) : std::to_string(in.imm)) + ") go to line " +
             std::to_string(p.code[static_cast<size_t>(in.target)].line);
    case Op::exit:
      return "exit";
  }
  return "?";
}

std::vector<int> reconvergence_points(const Program& p) {
  // Post-dominator sets by iteration to a fixed point; node `end` (code.size()) is the kernel's end.
  const size_t end = p.code.size();
  const auto successors = [&](size_t i) {
    const Instruction& in = p.code[i];
    if (in.op == Op::exit) return std::vector<size_t>{end};
    if (in.op == Op::branch_if) return std::vector<size_t>{static_cast<size_t>(in.target), i + 1};
    return std::vector<size_t>{i + 1};
  };
  std::vector<std::vector<bool>> post(end + 1, std::vector<bool>(end + 1, true));
  post[end].assign(end + 1, false);
  post[end][end] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = end; i-- > 0;) {
      std::vector<bool> meet(end + 1, true);
      for (size_t s : successors(i))
        for (size_t n = 0; n <= end; ++n) meet[n] = meet[n] && post[s][n];
      meet[i] = true;
      if (meet != post[i]) post[i] = std::move(meet), changed = true;
    }
  }
  std::vector<int> out(end, -1);
  for (size_t i = 0; i < end; ++i) {
    if (p.code[i].op != Op::branch_if) continue;
    // The nearest strict post-dominator: the one that the most others post-dominate.
    size_t best = end, best_size = 0;
    for (size_t d = 0; d <= end; ++d) {
      if (d == i || !post[i][d]) continue;
      size_t size = 0;
      for (size_t n = 0; n <= end; ++n) size += post[d][n];
      if (size > best_size) best = d, best_size = size;
    }
    out[i] = static_cast<int>(best);
  }
  return out;
}

std::vector<std::vector<bool>> live_registers(const Program& p) {
  const size_t n = p.code.size(), registers = p.registers.size();
  std::vector<std::vector<bool>> live(n, std::vector<bool>(registers, false));
  std::vector<bool> at_exit(registers, false);
  for (int r : p.outcome_registers) at_exit[static_cast<size_t>(r)] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = n; i-- > 0;) {
      const Instruction& in = p.code[i];
      std::vector<bool> out(registers, false);
      const auto join = [&](const std::vector<bool>& from) {
        for (size_t r = 0; r < registers; ++r) out[r] = out[r] || from[r];
      };
      if (in.op == Op::exit)
        join(at_exit);
      else if (i + 1 < n)
        join(live[i + 1]);
      if (in.op == Op::branch_if) join(live[static_cast<size_t>(in.target)]);
      if (in.dst >= 0) out[static_cast<size_t>(in.dst)] = false;
      for (int r : {in.a, in.b, in.index})
        if (r >= 0) out[static_cast<size_t>(r)] = true;
      if (out != live[i]) live[i] = std::move(out), changed = true;
    }
  }
  return live;
}

void check_program(const Program& p) {
  const int registers = static_cast<int>(p.registers.size()), words = static_cast<int>(p.words.size());
  const int size = static_cast<int>(p.code.size());
  if (size == 0 || p.code.back().op != Op::exit)
    throw std::invalid_argument(p.name + ": the last instruction is not exit");
  if (p.block_register >= registers || p.lane_register >= registers || p.warp_register >= registers)
    throw std::invalid_argument(p.name + ": the block or lane register is not a register");
  if (p.thread_ids.empty()) throw std::invalid_argument(p.name + ": no thread runs it");
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
    if ((in.op == Op::add || in.op == Op::store ||
         (in.op == Op::branch_if && in.compare != Compare::always)) &&
        in.a < 0)
      bad("no register to read, or one");
    if (in.op == Op::branch_if && (in.target < 0 || in.target >= size)) bad("a branch target");
  }
}

}  // namespace gridlock::explore
