// A warp's registers and memory, and the data instructions that change them, lane by lane.
#include "simt/warp.hpp"

#include <algorithm>
#include <stdexcept>

namespace gridlock::simt {
namespace {

int index_of(const std::vector<std::string>& names, const std::string& name, const char* what) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw std::invalid_argument(std::string("no ") + what + " named " + name);
  return static_cast<int>(it - names.begin());
}

Place constant(int32_t value) { return {Place::Kind::constant, value, -1}; }

}  // namespace

Warp::Warp(const Program& program)
    : register_names(simt::register_names(program)),
      registers(register_names.size()),
      word_names(simt::word_names(program)),
      words(word_names.size(), 0) {
  for (int lane = 0; lane < kLanes; ++lane) registers[0][static_cast<size_t>(lane)] = lane;
}

int Warp::register_index(const std::string& name) const { return index_of(register_names, name, "register"); }

int Warp::word_index(const std::string& name) const { return index_of(word_names, name, "memory word"); }

int32_t Warp::value(const Place& place) const {
  switch (place.kind) {
    case Place::Kind::word:
      return words.at(static_cast<size_t>(place.index));
    case Place::Kind::reg:
      return registers.at(static_cast<size_t>(place.index)).at(static_cast<size_t>(place.lane));
    case Place::Kind::constant:
      return place.index;
  }
  return 0;
}

std::vector<int64_t> Warp::state() const {
  std::vector<int64_t> numbers(words.begin(), words.end());
  for (const auto& reg : registers) numbers.insert(numbers.end(), reg.begin(), reg.end());
  numbers.push_back(exited);
  return numbers;
}

void apply(const Transfer& t, Warp& warp) {
  uint32_t result = static_cast<uint32_t>(warp.value(t.a));
  if (t.kind == Transfer::Kind::add) result += static_cast<uint32_t>(warp.value(t.b));  // wraps
  const auto value = static_cast<int32_t>(result);
  switch (t.dst.kind) {
    case Place::Kind::word:
      warp.words.at(static_cast<size_t>(t.dst.index)) = value;
      return;
    case Place::Kind::reg:
      warp.registers.at(static_cast<size_t>(t.dst.index)).at(static_cast<size_t>(t.dst.lane)) = value;
      return;
    case Place::Kind::constant:
      throw std::logic_error("a transfer cannot write a constant");
  }
}

namespace {

// The transfers of one lane, each applied as it is made: an atomic's write depends on what it read.
void run_lane(const Instruction& i, int lane, Warp& warp, std::vector<Transfer>& done) {
  auto reg = [&](const std::string& name) {
    return Place{Place::Kind::reg, warp.register_index(name), lane};
  };
  const Place word = i.word.empty() ? Place{} : Place{Place::Kind::word, warp.word_index(i.word), -1};
  auto move = [&](const Transfer& t) {
    apply(t, warp);
    done.push_back(t);
  };
  switch (i.op) {
    case Opcode::set:
      return move({Transfer::Kind::copy, reg(i.dst), constant(i.imm), {}, lane});
    case Opcode::add:
      return move({Transfer::Kind::add, reg(i.dst), reg(i.a), constant(i.imm), lane});
    case Opcode::load:
      return move({Transfer::Kind::copy, reg(i.dst), word, {}, lane});
    case Opcode::store:
      return move({Transfer::Kind::copy, word, reg(i.a), {}, lane});
    case Opcode::atomic_cas:
      move({Transfer::Kind::copy, reg(i.dst), word, {}, lane});
      if (warp.value(reg(i.dst)) == i.imm) move({Transfer::Kind::copy, word, constant(i.imm2), {}, lane});
      return;
    case Opcode::atomic_exch:
      return move({Transfer::Kind::copy, word, constant(i.imm), {}, lane});
    case Opcode::branch_if:
    case Opcode::exit:
      throw std::logic_error("execute() runs data instructions only; the scheduler runs " + to_text(i));
  }
}

}  // namespace

std::vector<Transfer> execute(const Instruction& instruction, uint32_t active, Warp& warp) {
  std::vector<Transfer> done;
  for (int lane : lanes_of(active)) run_lane(instruction, lane, warp, done);
  return done;
}

bool takes_branch(const Instruction& branch, const Warp& warp, int lane) {
  const int32_t value = warp.value({Place::Kind::reg, warp.register_index(branch.a), lane});
  return (value == branch.imm) == (branch.compare == Compare::equal);
}

}  // namespace gridlock::simt
