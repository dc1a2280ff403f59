// R5 benchmark: at the documented 10^8 matrices, this lesson's kernel (documented guard), its
// split form and R4's commutative pattern with the same operator, at the documented 24 blocks and
// at twice the SM count, on one input, in one run.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "reduction/common/bench_table.cuh"
#include "run_kernel.cuh"

namespace r5 {

inline void bench_forms(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int64_t n = kDocumentedN;
  const std::vector<red::Mat2> input = red::input_for<red::MatMul>(n, run.options().seed);
  const red::Mat2 expected = red::cpu_reduce<red::MatMul>(input);
  const gridlock::DeviceBuffer<red::Mat2> in(input);
  gridlock::DeviceBuffer<unsigned> tickets(1);
  const int twice = 2 * run.device().sm_count;
  gridlock::DeviceBuffer<red::Mat2> out(static_cast<size_t>(twice));
  std::printf("\nAt n=%lld 2x2 matrices, blocks of %d threads, same input, same run (median us):\n",
              static_cast<long long>(n), kDocumentedBlock);
  std::printf("  %-44s %12s %12s\n", "kernel", "grid 24", "grid 2 x SMs");
  const std::pair<Form, const char*> forms[] = {{Form::documented, "reduce_chunks_in_order<1024>"},
                                                {Form::split, "reduce_chunks<1024> + R2's kernel"},
                                                {Form::commutative, "R4's reduce_with_last_block<1024>"}};
  for (const auto& entry : forms) {
    const Form form = entry.first;
    const char* name = entry.second;
    double medians[2];
    for (int k = 0; k < 2; ++k) {
      const int grid = k == 0 ? kDocumentedGrid : twice;
      out.poison();
      const gridlock::trace::Timing timing = gridlock::time_kernel(
          std::string(name) + ", grid " + std::to_string(grid), n, n * 16, red::repetitions_for(n), [&] {
            launch_form<kDocumentedBlock, red::MatMul>(form, in.get(), out.get(), tickets.get(), int(n),
                                                       grid);
          });
      if (form != Form::commutative && out.download_one() != expected)
        run.check_failed(std::string(name) + " at grid " + std::to_string(grid) +
                         " differs from the CPU's product");
      run.trace().timings.push_back(timing);
      medians[k] = timing.median_ns / 1e3;
    }
    std::printf("  %-44s %12.1f %12.1f\n", name, medians[0], medians[1]);
  }
}

}  // namespace r5
