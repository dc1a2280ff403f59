// The model's machine: its state, the moves a state allows, and what each move does.
#include "explore/memory_model.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridlock::explore {

int Placement::sms() const {
  return sm_of_block.empty() ? 0 : 1 + *std::max_element(sm_of_block.begin(), sm_of_block.end());
}

Placement spread(int blocks, int sms) {
  Placement p;
  for (int b = 0; b < blocks; ++b) p.sm_of_block.push_back(b % std::max(sms, 1));
  return p;
}

Machine::Machine(Program program, Placement placement)
    : program_(std::move(program)), placement_(std::move(placement)) {
  check_program(program_);
  if (placement_.blocks() < 1) throw std::invalid_argument("the model needs at least one block");
  for (int sm : placement_.sm_of_block)
    if (sm < 0) throw std::invalid_argument("an SM number is negative");
  thread_size_ = 1 + static_cast<int>(program_.registers.size());
  for (const Word& w : program_.words) {
    first_element_.push_back(elements_);
    elements_ += w.count;
  }
  loaded_.assign(static_cast<size_t>(elements_), false);
  for (const Instruction& in : program_.code)
    if (in.op == Op::load) {
      const Word& w = program_.words[static_cast<size_t>(in.word)];
      for (int i = 0; i < w.count; ++i) loaded_[static_cast<size_t>(element_of(in.word, i))] = true;
    }
}

std::string Machine::element_name(int element) const {
  for (size_t w = program_.words.size(); w-- > 0;)
    if (element >= first_element_[w]) {
      const Word& word = program_.words[w];
      return word.count == 1 ? word.name
                             : word.name + "[" + std::to_string(element - first_element_[w]) + "]";
    }
  return "?";
}

State Machine::initial() const {
  State s(static_cast<size_t>(threads_size() + elements_ * (1 + 2 * placement_.sms())), kNone);
  for (int b = 0; b < placement_.blocks(); ++b) {
    s[static_cast<size_t>(b * thread_size_)] = 0;
    for (size_t r = 0; r < program_.registers.size(); ++r)
      s[static_cast<size_t>(b * thread_size_ + 1) + r] = 0;
    if (program_.block_register >= 0)
      s[static_cast<size_t>(b * thread_size_ + 1 + program_.block_register)] = b;
  }
  for (size_t w = 0; w < program_.words.size(); ++w)
    for (int i = 0; i < program_.words[w].count; ++i)
      s[memory_at(element_of(static_cast<int>(w), i))] = program_.words[w].initial;
  return s;
}

bool Machine::ended(const State& s) const {
  for (int b = 0; b < placement_.blocks(); ++b)
    if (pc(s, b) != kExited) return false;
  for (int sm = 0; sm < placement_.sms(); ++sm)
    for (int e = 0; e < elements_; ++e)
      if (pending(s, sm, e) != kNone) return false;
  return true;
}

// An instruction that touches no memory: it commutes with every other move.
bool is_local(Op op) { return op == Op::set || op == Op::add || op == Op::branch_if || op == Op::exit; }

std::vector<Move> Machine::moves(const State& s, bool reduce) const {
  // A thread about to run a local instruction runs it first: every order of it and the other
  // moves leads to the same states, so one order is enough (and the search stays small).
  for (int b = 0; reduce && b < placement_.blocks(); ++b)
    if (pc(s, b) != kExited && is_local(program_.code[static_cast<size_t>(pc(s, b))].op))
      return {{Move::Kind::step, b, 0}};
  std::vector<Move> out;
  std::vector<bool> sm_running(static_cast<size_t>(placement_.sms()), false);
  for (int b = 0; b < placement_.blocks(); ++b)
    if (pc(s, b) != kExited) {
      out.push_back({Move::Kind::step, b, 0});
      sm_running[static_cast<size_t>(placement_.sm_of_block[static_cast<size_t>(b)])] = true;
    }
  for (int sm = 0; sm < placement_.sms(); ++sm)
    for (int e = 0; e < elements_; ++e)
      if (pending(s, sm, e) != kNone) out.push_back({Move::Kind::land, sm, e});
  if (!placement_.fills) return out;
  for (int sm = 0; sm < placement_.sms(); ++sm) {
    if (!sm_running[static_cast<size_t>(sm)]) continue;  // no load of it is left to read a line
    for (int e = 0; e < elements_; ++e)
      if (loaded_[static_cast<size_t>(e)] && cached(s, sm, e) != memory(s, e) && pending(s, sm, e) == kNone)
        out.push_back({Move::Kind::fill, sm, e});
  }
  return out;
}

int Machine::element_at(const State& s, int block, const Instruction& in) const {
  const int index = in.index < 0 ? 0 : reg(s, block, in.index);
  const int count = program_.words[static_cast<size_t>(in.word)].count;
  if (index < 0 || index >= count)
    throw std::out_of_range(program_.name + ": index " + std::to_string(index) + " outside " +
                            program_.words[static_cast<size_t>(in.word)].name);
  return element_of(in.word, index);
}

void Machine::land_all(State& s, int sm) const {
  for (int e = 0; e < elements_; ++e)
    if (pending(s, sm, e) != kNone) {
      s[memory_at(e)] = pending(s, sm, e);
      s[pending_at(sm, e)] = kNone;
    }
}

void Machine::drop_lines(State& s, int sm) const {
  for (int e = 0; e < elements_; ++e) s[cache_at(sm, e)] = kNone;
}

void Machine::step(State& s, int block, std::string* what) const {
  const size_t base = static_cast<size_t>(block * thread_size_);
  const int at = s[base];
  const Instruction& in = program_.code[static_cast<size_t>(at)];
  const int sm = placement_.sm_of_block[static_cast<size_t>(block)];
  const auto r = [&](int i) -> int32_t& { return s[base + 1 + static_cast<size_t>(i)]; };
  // Wrapping int arithmetic, as on the GPU.
  const auto wrap = [](int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); };
  std::string said;
  int next = at + 1;
  const bool atomic = in.op == Op::atomic_add || in.op == Op::atomic_cas || in.op == Op::atomic_exch;
  if (atomic && placement_.in_order_atomics) land_all(s, sm);
  switch (in.op) {
    case Op::set:
      r(in.dst) = in.imm;
      break;
    case Op::add:
      r(in.dst) = wrap(int64_t(r(in.a)) + (in.b >= 0 ? int64_t(r(in.b)) : int64_t(in.imm)));
      break;
    case Op::load: {
      const int e = element_at(s, block, in);
      if (pending(s, sm, e) != kNone) {
        r(in.dst) = pending(s, sm, e);
        said = "its SM's own pending write";
      } else if (cached(s, sm, e) != kNone) {
        r(in.dst) = cached(s, sm, e);
        said = cached(s, sm, e) == memory(s, e) ? "its SM's cached line" : "its SM's cached line, stale";
      } else {
        r(in.dst) = memory(s, e);
        s[cache_at(sm, e)] = memory(s, e);
        said = "memory";
      }
      said = "reads " + std::to_string(r(in.dst)) + " from " + said;
      break;
    }
    case Op::store: {
      const int e = element_at(s, block, in);
      if (in.order == Order::release) land_all(s, sm);
      if (in.order == Order::release || !placement_.late_writes)
        s[memory_at(e)] = r(in.a);
      else
        s[pending_at(sm, e)] = r(in.a);
      if (cached(s, sm, e) != kNone) s[cache_at(sm, e)] = r(in.a);
      said = "writes " + std::to_string(r(in.a)) +
             (s[pending_at(sm, e)] != kNone ? ", pending on its SM" : " to memory");
      break;
    }
    case Op::atomic_add: {
      const int e = element_at(s, block, in);
      r(in.dst) = memory(s, e);
      s[memory_at(e)] = wrap(int64_t(memory(s, e)) + in.imm);
      said = "gets " + std::to_string(r(in.dst));
      break;
    }
    case Op::atomic_cas: {
      const int e = element_at(s, block, in);
      const int32_t old = memory(s, e);
      r(in.dst) = old;
      if (old == in.imm) s[memory_at(e)] = in.imm2;
      if (old == in.imm && in.order == Order::acquire) drop_lines(s, sm);
      said = old == in.imm ? "succeeds" : "fails (reads " + std::to_string(old) + ")";
      break;
    }
    case Op::atomic_exch: {
      const int e = element_at(s, block, in);
      if (in.order == Order::release) land_all(s, sm);
      s[memory_at(e)] = in.imm;
      break;
    }
    case Op::fence:
      land_all(s, sm);
      drop_lines(s, sm);
      break;
    case Op::branch_if:
      if ((r(in.a) == in.imm) == in.equal) next = in.target;
      break;
    case Op::exit:
      next = kExited;
      break;
  }
  s[base] = next;
  if (what) {
    *what = "block " + std::to_string(block) + " (SM " + std::to_string(sm) + "), line " +
            std::to_string(in.line) + ": " + to_text(program_, in);
    if (!said.empty()) *what += ": " + said;
  }
}

State Machine::apply(const State& state, const Move& move, std::string* what) const {
  State s = state;
  switch (move.kind) {
    case Move::Kind::step:
      step(s, move.who, what);
      break;
    case Move::Kind::land:
      s[memory_at(move.element)] = pending(s, move.who, move.element);
      s[pending_at(move.who, move.element)] = kNone;
      if (what)
        *what = "SM " + std::to_string(move.who) + "'s write of " + element_name(move.element) + " = " +
                std::to_string(memory(s, move.element)) + " lands in memory";
      break;
    case Move::Kind::fill:
      s[cache_at(move.who, move.element)] = memory(s, move.element);
      if (what)
        *what = "SM " + std::to_string(move.who) + " fills its line of " + element_name(move.element) +
                " from memory (" + std::to_string(memory(s, move.element)) + ")";
      break;
  }
  return s;
}

}  // namespace gridlock::explore
