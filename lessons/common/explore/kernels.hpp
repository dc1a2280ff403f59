// The lessons' kernels as the model runs them: thread 0 of every block, instruction by instruction,
// each instruction naming the line of the real kernel it stands for (a test reads those lines).
#pragma once

#include <string>
#include <vector>

#include "explore/explorer.hpp"

namespace gridlock::explore {

struct ModelKernel {
  std::string name;     // "documented-lock"
  std::string lesson;   // the lesson whose kernel it is: "critical-section"
  std::string summary;  // one line: what it is
  Program program;
  OutcomeOf outcome;
  // The real kernel it stands for, for a test that compiles it to PTX: the header that defines
  // it (relative to lessons/) and its plain instantiation.
  std::string header;    // "locks/racy-counter/kernels.cuh"
  std::string instance;  // "l1::count_blocks_without_lock<false>"
};

// The kernels the model runs, by name: racy-counter, racy-counter-atomic, documented-lock,
// ordered-lock, documented-guard, acquire-guard.
std::vector<std::string> model_kernel_names();

// The kernel `name` for a grid of `blocks` blocks; throws std::invalid_argument for a name not in
// model_kernel_names() or fewer than one block.
ModelKernel model_kernel(const std::string& name, int blocks);

}  // namespace gridlock::explore
