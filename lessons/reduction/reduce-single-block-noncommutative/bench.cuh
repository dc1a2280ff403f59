// R2 benchmark: R1's halving tree against the order-keeping kernel, same commutative operator
// (integer sum), same input, same run; and the verdict on "another pattern is faster when the
// operator commutes".
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "reduction/common/bench_table.cuh"
#include "run_kernel.cuh"

namespace r2 {

inline void bench_patterns(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int block = kDocumentedBlock;
  std::string measured;
  bool faster = true;
  std::printf("\nOne block of %d threads, integer sum, same input, same run:\n", block);
  std::printf("  %12s %16s %16s\n", "n", "R1's tree us", "in order us");
  for (const int n : {10000, kDocumentedN}) {
    const gridlock::DeviceBuffer<int> in(red::input_for<red::Sum>(n, run.options().seed));
    gridlock::DeviceBuffer<int> out(1);
    const std::string size = "<" + std::to_string(block) + ">";
    const auto halving =
        gridlock::time_kernel("reduce_single_block" + size, n, n * 4, red::repetitions_for(n), [&] {
          r1::reduce_single_block<kDocumentedBlock, false, red::Sum>
              <<<1, block>>>(in.get(), n, out.get(), {});
        });
    const auto in_order =
        gridlock::time_kernel("reduce_single_block_in_order" + size, n, n * 4, red::repetitions_for(n), [&] {
          reduce_single_block_in_order<kDocumentedBlock, false, red::Sum>
              <<<1, block>>>(in.get(), n, out.get(), {});
        });
    run.trace().timings.push_back(halving);
    run.trace().timings.push_back(in_order);
    std::printf("  %12d %16.2f %16.2f\n", n, halving.median_ns / 1e3, in_order.median_ns / 1e3);
    measured += (measured.empty() ? "" : "; ") +
                ("n=" + std::to_string(n) + ": R1's tree " + gridlock::microseconds(halving.median_ns, 1) +
                 ", in order " + gridlock::microseconds(in_order.median_ns, 1) + " (the tree " +
                 gridlock::times_as_fast(in_order.median_ns / halving.median_ns, 2) + " as fast)");
    faster = faster && halving.median_ns < in_order.median_ns;
  }
  run.claim(kCommutativeFaster, faster, measured,
            "read as: R1's kernel takes less time than the order-keeping one at both sizes (median of the "
            "launches, CUDA events)");
}

}  // namespace r2
