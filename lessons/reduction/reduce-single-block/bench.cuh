// R1 benchmark: the plain kernel against cub::DeviceReduce::Sum on the same input, in one run,
// over a sweep of sizes; and the verdict on "a single block suits small inputs".
#pragma once

#include <string>
#include <vector>

#include "claims.hpp"
#include "common/lesson.hpp"
#include "reduction/common/bench_table.cuh"
#include "run_kernel.cuh"

namespace r1 {

inline void bench_against_cub(gridlock::LessonRun& run) {
  const int block = run.options().block;
  const std::vector<gridlock::reduction::SizeTiming> results = gridlock::reduction::time_against_cub(
      run, {run.options().n, 100000, 1000000, 10000000, 100000000},
      "reduce_single_block<" + std::to_string(block) + ">", [&](const int* in, int* out, int64_t n) {
        gridlock::with_block_size(block, [&](auto B) {
          reduce_single_block<B, false, gridlock::reduction::Sum><<<1, B.value>>>(in, int(n), out, {});
        });
      });
  gridlock::reduction::print_cub_table(results, "One block");
  // "Practical" read as: at least half as fast as CUB at the smallest size, and far behind it
  // (under a tenth as fast) once the input is large.
  const gridlock::reduction::SizeTiming& small = results.front();
  const gridlock::reduction::SizeTiming& large = results.back();
  run.claim(kSmallInputs, small.as_fast_as_cub() >= 0.5 && large.as_fast_as_cub() < 0.1,
            "one block vs cub::DeviceReduce::Sum: " + gridlock::reduction::cub_table_text(results),
            "read as: at least half as fast as CUB at the smallest size and under a tenth as fast at the "
            "largest; "
            "inputs under the L2 size are timed warm, as they are when a reduction is one step of a larger "
            "program");
}

}  // namespace r1
