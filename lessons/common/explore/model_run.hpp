// One run of the explorer as words name it ("documented-lock --blocks 3 --sms 2 --no-fills"), for
// the command line and for the README blocks that quote its outcomes.
#pragma once

#include <string>
#include <vector>

#include "explore/kernels.hpp"

namespace gridlock::explore {

struct ModelRun {
  std::string kernel;
  int blocks = 2;
  int sms = 0;    // 0: one SM a block
  int lanes = 0;  // threads a block; 0: the kernel's default
  bool lockstep = false;
  bool fall_through_first = false;  // in lockstep, the path that falls through runs first
  bool fills = true, late_writes = true, in_order_atomics = false;
  Bounds bounds;
  bool witness = false;  // the command line prints each outcome's run

  Placement placement() const;
  // "2 blocks of 4 threads on 2 SMs, in lockstep", and the rules left out or added: "lines filled
  // by loads only; atomics after the SM's writes" ("" when every rule holds).
  std::string where() const;
  std::string rules() const;
};

// The words of a run or a key script as written in one string ("documented-lock --blocks 3").
std::vector<std::string> words_of(const std::string& text);

// Reads KERNEL [--blocks N] [--sms M] [--lanes L] [--lockstep [--fall-through-first]] [--no-fills]
// [--no-late-writes]
// [--in-order-atomics] [--depth D] [--max-states S] [--witness]; throws std::invalid_argument
// saying what is wrong.
ModelRun parse_model_run(const std::vector<std::string>& words);

// Explores the run to the end (complete or stopped at a bound).
Explorer explore_to_end(const ModelRun& run);

}  // namespace gridlock::explore
