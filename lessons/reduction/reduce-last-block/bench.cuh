// R4 benchmark: the one launch (with the ticket counter's reset) over grid sizes up to one block's
// threads, beside R3's two launches and cub::DeviceReduce::Sum, at the documented 10^8 elements,
// on one input, in one run.
#pragma once

#include <algorithm>
#include <vector>

#include "common/lesson.hpp"
#include "reduction/common/grid_sweep.cuh"
#include "reduction/reduce-two-kernels/run_kernel.cuh"
#include "run_kernel.cuh"

namespace r4 {

inline void bench_one_launch(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int sms = run.device().sm_count;
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm,
      reduce_with_last_block<kDocumentedBlock, false, red::Sum, gridlock::interblock::Guard::syncthreads_or>,
      kDocumentedBlock, 0));
  const int fill = std::min(sms * per_sm, kDocumentedBlock);
  std::vector<int> grids = red::sweep_grids(sms, kDocumentedN, kDocumentedBlock, kDocumentedBlock);
  grids.push_back(fill);
  grids.push_back(kDocumentedBlock);
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  const std::vector<int> input = red::input_for<red::Sum>(kDocumentedN, run.options().seed);
  gridlock::DeviceBuffer<unsigned> tickets(1);
  const red::GridSweep one = red::time_grid_sweep(
      run, input, grids, "reduce_with_last_block<1024>", [&](const int* in, int* out, int64_t n, int grid) {
        launch_one<kDocumentedBlock, red::Sum, gridlock::interblock::Guard::syncthreads_or>(
            in, out, tickets.get(), int(n), grid);
      });
  const red::GridSweep two = red::time_grid_sweep(
      run, input, grids, "reduce_partials<1024> twice", [](const int* in, int* out, int64_t n, int grid) {
        r3::launch_both<kDocumentedBlock, red::Sum>(in, out, int(n), grid);
      });
  red::print_sweep(one, sms);
  red::print_sweep(two, sms);
  red::add_sweep_facts(run.trace(), "sweep.", one, fill);
  red::add_sweep_facts(run.trace(), "two_launches.", two, fill);
}

}  // namespace r4
