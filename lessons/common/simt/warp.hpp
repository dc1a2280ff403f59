// The data of one warp in the model: every lane's registers, the words of global memory it
// shares with nobody else (the model has one warp), and which lanes have left the kernel. Every
// change of a value is a Transfer, so a trace can show where each value came from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "simt/lanes.hpp"
#include "simt/program.hpp"

namespace gridlock::simt {

// Where a value lives: a memory word, one lane's copy of a register, or a constant of the program.
struct Place {
  enum class Kind { word, reg, constant };
  Kind kind = Kind::constant;
  int index = 0;  // word: into Warp::words; reg: into Warp::registers; constant: the value itself
  int lane = -1;  // reg: whose copy
};

// One value moved by one lane: dst = a (copy), or dst = a + b (add).
struct Transfer {
  enum class Kind { copy, add };
  Kind kind = Kind::copy;
  Place dst;
  Place a;
  Place b;
  int lane = 0;
};

struct Warp {
  explicit Warp(const Program& program);

  std::vector<std::string> register_names;
  std::vector<std::array<int32_t, kLanes>> registers;  // [register][lane]
  std::vector<std::string> word_names;
  std::vector<int32_t> words;  // global memory, all 0 at the start
  uint32_t exited = 0;         // lanes that have left the kernel

  int register_index(const std::string& name) const;
  int word_index(const std::string& name) const;
  int32_t value(const Place& place) const;
  // Everything the warp holds, as numbers: two warps are in the same state when these are equal.
  std::vector<int64_t> state() const;
};

// Carries out the transfer on the warp.
void apply(const Transfer& transfer, Warp& warp);

// Runs a data instruction (not a branch, not exit) on the active lanes, lane 0 first, each
// lane's transfers applied before the next lane starts; returns them in that order.
std::vector<Transfer> execute(const Instruction& instruction, uint32_t active, Warp& warp);

// Whether `lane` takes the branch.
bool takes_branch(const Instruction& branch, const Warp& warp, int lane);

}  // namespace gridlock::simt
