// R3 benchmark: both launches over a sweep of grid sizes at the documented 10^8 elements, against
// cub::DeviceReduce::Sum on the same input, in one run; the verdicts on "more blocks than fill the
// SMs is counter-productive" and "twice the SM count is usually good".
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "reduction/common/grid_sweep.cuh"
#include "run_kernel.cuh"

namespace r3 {

// How many blocks of the documented kernel fit on the GPU at once: SMs x resident blocks per SM.
inline int blocks_that_fill(int sm_count) {
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, reduce_partials<kDocumentedBlock, false, gridlock::reduction::Sum>, kDocumentedBlock, 0));
  return sm_count * per_sm;
}

inline void claim_more_blocks(gridlock::LessonRun& run, const gridlock::reduction::GridSweep& sweep,
                              int fill) {
  const double at_fill = sweep.at(fill).timing.median_ns;
  const gridlock::reduction::GridTiming& per_element = sweep.rows.back();
  double fastest_beyond = 1e300;
  for (const auto& r : sweep.rows)
    if (r.grid > fill) fastest_beyond = std::min(fastest_beyond, r.timing.median_ns);
  const std::string read = "read as: no grid beyond the " + std::to_string(fill) +
                           " blocks that fill the GPU is more than 3% faster "
                           "than " +
                           std::to_string(fill) + ", and one thread per element (" +
                           std::to_string(per_element.grid) +
                           " blocks) is over 5% slower; here the fastest beyond is " +
                           gridlock::times_as_fast(at_fill / fastest_beyond, 2) + " as fast as " +
                           std::to_string(fill) + " and one thread per element " +
                           gridlock::times_as_fast(at_fill / per_element.timing.median_ns, 2) + " as fast";
  run.claim(kMoreBlocks, fastest_beyond >= 0.97 * at_fill && per_element.timing.median_ns > 1.05 * at_fill,
            gridlock::reduction::sweep_text(sweep), read);
}

inline void claim_sm_times_two(gridlock::LessonRun& run, const gridlock::reduction::GridSweep& sweep,
                               int sm_count) {
  const auto& best = sweep.best();
  const double twice = sweep.at(2 * sm_count).timing.median_ns,
               documented = sweep.at(kDocumentedGrid).timing.median_ns;
  const std::string text = "grid " + std::to_string(2 * sm_count) + " (2 \xC3\x97 " +
                           std::to_string(sm_count) + " SMs): " + gridlock::microseconds(twice, 1) + ", " +
                           gridlock::times_as_fast(best.timing.median_ns / twice, 2) +
                           " as fast as the best (grid " + std::to_string(best.grid) + ", " +
                           gridlock::microseconds(best.timing.median_ns, 1) +
                           "); the documented 24: " + gridlock::microseconds(documented, 1) + ", " +
                           gridlock::times_as_fast(best.timing.median_ns / documented, 2) + " as fast";
  run.claim(kSmTimesTwo, twice <= 1.10 * best.timing.median_ns, text,
            "read as: within 10% of the best grid of the sweep; 24 suits a GPU with 12 SMs");
}

inline void bench_grid_sweep(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int sms = run.device().sm_count, fill = blocks_that_fill(sms);
  std::vector<int> grids = red::sweep_grids(sms, kDocumentedN, kDocumentedBlock);
  grids.push_back(fill);
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  const std::vector<int> input = red::input_for<red::Sum>(kDocumentedN, run.options().seed);
  const red::GridSweep sweep = red::time_grid_sweep(
      run, input, grids, "reduce_partials<1024> twice", [](const int* in, int* out, int64_t n, int grid) {
        launch_both<kDocumentedBlock, red::Sum>(in, out, int(n), grid);
      });
  red::print_sweep(sweep, sms);
  claim_more_blocks(run, sweep, fill);
  claim_sm_times_two(run, sweep, sms);
  red::add_sweep_facts(run.trace(), "sweep.", sweep, fill);
  // The SM count the sweep's grids are multiples of, a constant of the run.
  gridlock::trace::set_fact(run.trace(), "sm_count",
                            gridlock::trace::setting_fact(run.trace(), "sm_count", double(sms)));
}

}  // namespace r3
