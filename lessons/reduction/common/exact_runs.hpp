// How many of a lesson's repeated runs, each on fresh random input, give exactly the CPU's answer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "reduction/common/reference.hpp"

namespace gridlock::reduction {

struct ExactRuns {
  int exact = 0;
  int runs = 0;
  std::string first_miss;  // "seed 7: GPU 12, CPU 13"; empty when every run was exact
  bool all() const { return exact == runs; }
  // "20/20 runs exact", with the first miss when there was one.
  std::string text() const {
    return std::to_string(exact) + "/" + std::to_string(runs) + " runs exact" +
           (first_miss.empty() ? "" : " (first miss: " + first_miss + ")");
  }
};

// "n=6000, 8 blocks of 128": a launch configuration as the claims' measurements name it.
inline std::string config_text(int64_t n, int grid, int block) {
  return "n=" + std::to_string(n) + ", " + std::to_string(grid) + " blocks of " + std::to_string(block);
}

// Runs `reduce_on_gpu(input)` on o.runs inputs of n elements (seeds o.seed, o.seed + 1, ...)
// and compares each answer with the CPU's.
template <typename Op, typename ReduceOnGpu>
ExactRuns exact_runs(const LessonOptions& o, int64_t n, ReduceOnGpu reduce_on_gpu) {
  ExactRuns result;
  result.runs = o.runs;
  for (int run = 0; run < o.runs; ++run) {
    const std::vector<typename Op::T> input = input_for<Op>(n, o.seed + run);
    const typename Op::T gpu = reduce_on_gpu(input), cpu = cpu_reduce<Op>(input);
    if (gpu == cpu)
      ++result.exact;
    else if (result.first_miss.empty())
      result.first_miss =
          "seed " + std::to_string(o.seed + run) + ": GPU " + value_text(gpu) + ", CPU " + value_text(cpu);
  }
  return result;
}

}  // namespace gridlock::reduction
