// R5's launches: the one launch with either form of the guard, the split form in two launches and
// R4's commutative pattern with the same operator, unrecorded as they are checked and timed; and
// the recorded launch.
#pragma once

#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/record/tree_recording.hpp"
#include "kernels.cuh"
#include "reduction/common/guard_variants.hpp"
#include "reduction/common/matrix.cuh"
#include "reduction/reduce-last-block/kernels.cuh"

namespace r5 {

// The documented configuration: 24 blocks of 1024 threads; 10^8 elements, timed with --bench.
// Without it the order is checked at kCheckN matrices, and the guard's recorded runs use
// kGuardN (two loads per block), so that the default run stays short.
constexpr int kDocumentedBlock = 1024, kDocumentedGrid = 24;
constexpr int kDocumentedN = 100000000, kCheckN = 1 << 20, kGuardN = 2 * kDocumentedGrid * kDocumentedBlock;

// Which kernel reduces: this lesson's (with one form of the guard, or split in two launches), or
// R4's, which reorders the operands.
enum class Form { documented, acquire, split, commutative };

// The launch (or two) of `form` on in[0..n) with `grid` blocks of B; out holds grid items and the
// answer ends in out[0]; tickets is one zeroed word for the forms with a guard.
template <int B, typename Op>
void launch_form(Form form, const typename Op::T* in, typename Op::T* out, unsigned* tickets, int n,
                 int grid) {
  using gridlock::interblock::Guard;
  if (form != Form::split) CUDA_CHECK(cudaMemsetAsync(tickets, 0, sizeof(unsigned)));
  if (form == Form::documented)
    reduce_chunks_in_order<B, false, Op, Guard::syncthreads_or><<<grid, B>>>(in, n, out, tickets, {});
  if (form == Form::acquire)
    reduce_chunks_in_order<B, false, Op, Guard::acquire><<<grid, B>>>(in, n, out, tickets, {});
  if (form == Form::commutative)
    r4::reduce_with_last_block<B, false, Op, Guard::acquire><<<grid, B>>>(in, n, out, tickets, {});
  if (form == Form::split) {
    reduce_chunks<B, Op><<<grid, B>>>(in, n, out);
    r2::reduce_single_block_in_order<B, false, Op><<<1, B>>>(out, grid, out, {});
  }
}

// `form` on an input already on the GPU; returns the answer.
template <typename Op>
typename Op::T on_gpu(Form form, const gridlock::DeviceBuffer<typename Op::T>& in, int grid, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> tickets(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    launch_form<B, Op>(form, in.get(), out.get(), tickets.get(), int(in.size()), grid);
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

inline gridlock::TreeRecording<gridlock::reduction::Mat2>::Shape recording_shape(int grid, int block, int n) {
  const int steps = gridlock::with_block_size(block, [&](auto B) { return recorded_steps<B>(grid, n); });
  return {grid, block, steps, 0, /*registers=*/true};
}

// The recorded launch with the variant's guard on `in`, on `clock` (its origin read just before);
// returns the answer.
inline gridlock::reduction::Mat2 record_on_gpu(gridlock::RunClock& clock, const std::string& variant,
                                               const gridlock::DeviceBuffer<gridlock::reduction::Mat2>& in,
                                               gridlock::TreeRecording<gridlock::reduction::Mat2>& rec) {
  namespace red = gridlock::reduction;
  const int grid = rec.grid();
  gridlock::DeviceBuffer<red::Mat2> out(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>{0u});
  out.poison();
  clock.origin_ns();
  red::with_guard(variant, [&](auto form) {
    gridlock::with_block_size(rec.block_size(), [&](auto B) {
      reduce_chunks_in_order<B, true, red::MatMul, decltype(form)::value>
          <<<grid, B.value>>>(in.get(), int(in.size()), out.get(), tickets.get(), rec.device_view());
    });
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  return out.download_one();
}

}  // namespace r5
