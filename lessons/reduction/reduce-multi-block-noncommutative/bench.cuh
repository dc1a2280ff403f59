// R5 benchmark: at the documented 10^8 matrices, this lesson's kernel (documented guard), its
// split form and R4's commutative pattern with the same operator, at the documented 24 blocks and
// at twice the SM count, on one input, in one run; each median is also a fact for the README.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/trace_parts.hpp"
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
  struct Entry {
    Form form;
    const char* name;
    const char* key;  // of the facts
  };
  const Entry forms[] = {{Form::documented, "reduce_chunks_in_order<1024>", "in_order"},
                         {Form::split, "reduce_chunks<1024> + R2's kernel", "split"},
                         {Form::commutative, "R4's reduce_with_last_block<1024>", "commutative"}};
  namespace tr = gridlock::trace;
  tr::Trace& t = run.trace();
  tr::set_fact(t, "bench.n", tr::setting_fact(t, "bench_n", double(n)));
  const int grids = red::grid_series(t, {kDocumentedGrid, twice}, "blocks in each grid of the benchmark");
  tr::set_fact(t, "bench.twice_grid", tr::series_value_fact(t, grids, 1, false));
  for (const Entry& entry : forms) {
    const Form form = entry.form;
    const char* name = entry.name;
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
      t.timings.push_back(timing);
      tr::set_fact(t, std::string("bench.") + entry.key + (k == 0 ? ".grid24" : ".twice"),
                   tr::timing_median_fact(t, int(t.timings.size()) - 1, tr::FactUnit::us, 2));
      medians[k] = timing.median_ns / 1e3;
    }
    std::printf("  %-44s %12.1f %12.1f\n", name, medians[0], medians[1]);
  }
}

}  // namespace r5
