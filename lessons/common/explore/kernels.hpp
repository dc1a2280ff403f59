// The lessons' kernels as the model runs them: a few threads of every block, instruction by
// instruction, each instruction naming the line of the real kernel it stands for (a test reads
// those lines).
#pragma once

#include <string>
#include <vector>

#include "explore/explorer.hpp"

namespace gridlock::explore {

// A change to one line of a lesson's source: the form a lesson describes but does not build (the
// work queue without its closing barrier), compiled from a copy for the model's PTX test.
struct SourceEdit {
  std::string file;  // relative to lessons/
  int line = 0;
  std::string from, to;
};

struct ModelKernel {
  std::string name;     // "documented-lock"
  std::string lesson;   // the lesson whose kernel it is: "critical-section"
  std::string summary;  // one line: what it is
  Program program;
  OutcomeOf outcome;
  // The real kernel it stands for, for a test that compiles it to PTX: the header that defines
  // it (relative to lessons/) and its plain instantiation.
  std::string header;                  // "locks/racy-counter/kernels.cuh"
  std::string instance;                // "l1::count_blocks_without_lock<false>"
  std::vector<SourceEdit> edits = {};  // none: the source as it is
  // The threads a block the model runs: the choices it takes, and the one it runs.
  std::vector<int> lane_choices = {1};
  int lanes = 1;
};

// The kernels the model runs, by name: racy-counter, racy-counter-atomic, documented-lock,
// ordered-lock, documented-guard, acquire-guard, lock-in-every-thread, lock-inside-the-loop,
// warp-sum-documented, warp-sum-syncwarp, work-queue, work-queue-no-barrier.
std::vector<std::string> model_kernel_names();

// The kernel `name` for a grid of `blocks` blocks of `lanes` threads (0: the kernel's default);
// throws std::invalid_argument for a name not in model_kernel_names(), fewer than one block, or
// a number of lanes the kernel does not take.
ModelKernel model_kernel(const std::string& name, int blocks, int lanes = 0);

}  // namespace gridlock::explore
