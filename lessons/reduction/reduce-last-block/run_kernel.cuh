// R4's launches: the one launch of the plain kernel with either form of the guard, as it is
// checked and timed, and the recorded launch.
#pragma once

#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/guard_variants.hpp"
#include "reduction/common/operators.cuh"

namespace r4 {

// The documented configuration: 24 blocks of 1024 threads; 10^8 elements, timed with --bench.
// Without it, the claims are checked at kCheckN elements, so that the default run stays short.
constexpr int kDocumentedBlock = 1024, kDocumentedGrid = 24;
constexpr int kDocumentedN = 100000000, kCheckN = 1 << 20;

// The ticket counter zeroed, as the guard assumes, then the launch; out holds grid items.
template <int B, typename Op, gridlock::interblock::Guard Form>
void launch_one(const typename Op::T* in, typename Op::T* out, unsigned* tickets, int n, int grid) {
  CUDA_CHECK(cudaMemsetAsync(tickets, 0, sizeof(unsigned)));
  reduce_with_last_block<B, false, Op, Form><<<grid, B>>>(in, n, out, tickets, {});
}

// One launch with the variant's guard on a host input; returns the answer.
template <typename Op>
typename Op::T last_block_on_gpu(const std::string& variant, const std::vector<typename Op::T>& input,
                                 int grid, int block) {
  const gridlock::DeviceBuffer<typename Op::T> in(input);
  gridlock::DeviceBuffer<typename Op::T> out(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> tickets(1);
  out.poison();
  gridlock::reduction::with_guard(variant, [&](auto form) {
    gridlock::with_block_size(block, [&](auto B) {
      launch_one<B, Op, decltype(form)::value>(in.get(), out.get(), tickets.get(), int(input.size()), grid);
    });
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

inline gridlock::TreeRecording<int>::Shape recording_shape(int grid, int block) {
  const int steps = gridlock::with_block_size(block, [](auto B) { return recorded_steps<B>(); });
  return {grid, block, steps, 0, /*registers=*/true};
}

// The recorded launch with the variant's guard, on `clock` (its origin read just before);
// returns the sum.
inline int record_on_gpu(gridlock::RunClock& clock, const std::string& variant, const std::vector<int>& input,
                         gridlock::TreeRecording<int>& rec) {
  const int grid = rec.grid();
  const gridlock::DeviceBuffer<int> in(input);
  gridlock::DeviceBuffer<int> out(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>{0u});
  out.poison();
  clock.origin_ns();
  gridlock::reduction::with_guard(variant, [&](auto form) {
    gridlock::with_block_size(rec.block_size(), [&](auto B) {
      reduce_with_last_block<B, true, gridlock::reduction::Sum, decltype(form)::value>
          <<<grid, B.value>>>(in.get(), int(input.size()), out.get(), tickets.get(), rec.device_view());
    });
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  return out.download_one();
}

}  // namespace r4
