// R3's launches: the two launches of the plain kernel, as they are checked and timed, and the
// recorded pair.
#pragma once

#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"

namespace r3 {

// The documented configuration: 24 blocks of 1024 threads; 10^8 elements, timed with --bench.
// Without it, the claims are checked at kCheckN elements, so that the default run stays short.
constexpr int kDocumentedBlock = 1024, kDocumentedGrid = 24;
constexpr int kDocumentedN = 100000000, kCheckN = 1 << 20;

// Both launches on in[0..n) with `grid` blocks of B; out holds grid items; the sum ends in out[0].
template <int B, typename Op>
void launch_both(const typename Op::T* in, typename Op::T* out, int n, int grid) {
  reduce_partials<B, false, Op><<<grid, B>>>(in, n, out, {});
  reduce_partials<B, false, Op><<<1, B>>>(out, grid, out, {});
}

// The two launches on a host input; returns the answer.
template <typename Op>
typename Op::T two_launches_on_gpu(const std::vector<typename Op::T>& input, int grid, int block) {
  const gridlock::DeviceBuffer<typename Op::T> in(input);
  gridlock::DeviceBuffer<typename Op::T> out(static_cast<size_t>(grid));
  out.poison();
  gridlock::with_block_size(
      block, [&](auto B) { launch_both<B, Op>(in.get(), out.get(), int(input.size()), grid); });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// The shape of one launch's recording.
inline gridlock::TreeRecording<int>::Shape recording_shape(int grid, int block) {
  const int steps = gridlock::with_block_size(block, [](auto B) { return recorded_steps<B>(); });
  return {grid, block, steps, 0, /*registers=*/true};
}

// The recorded pair: both launches of the Record=true instantiation, one recording each, on one
// clock (its origin read just before the first); returns the sum.
inline int record_on_gpu(gridlock::RunClock& clock, const std::vector<int>& input,
                         gridlock::TreeRecording<int>& first, gridlock::TreeRecording<int>& second) {
  namespace red = gridlock::reduction;
  const int grid = first.grid();
  const gridlock::DeviceBuffer<int> in(input);
  gridlock::DeviceBuffer<int> out(static_cast<size_t>(grid));
  out.poison();
  clock.origin_ns();
  gridlock::with_block_size(first.block_size(), [&](auto B) {
    reduce_partials<B, true, red::Sum>
        <<<grid, B.value>>>(in.get(), int(input.size()), out.get(), first.device_view());
    reduce_partials<B, true, red::Sum><<<1, B.value>>>(out.get(), grid, out.get(), second.device_view());
  });
  CUDA_CHECK_LAUNCH();
  first.download();
  second.download();
  return out.download_one();
}

}  // namespace r3
