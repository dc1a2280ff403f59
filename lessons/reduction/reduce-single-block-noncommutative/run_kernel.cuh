// R2's launches: the order-keeping kernel and, for comparison, R1's commutative-pattern kernel on
// the same input, unrecorded as they are checked and timed; and the recorded run.
#pragma once

#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "record_steps.cuh"
#include "reduction/common/matrix.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/reduce-single-block/kernels.cuh"

namespace r2 {

// The documented size: one block of 1024 threads over 10^6 elements.
constexpr int kDocumentedBlock = 1024;
constexpr int kDocumentedN = 1000000;

// One launch of the order-keeping kernel on `in`; returns its answer.
template <typename Op>
typename Op::T in_order_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    reduce_single_block_in_order<B, false, Op><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// One launch of R1's kernel (the halving tree, which reorders the operands) on `in`.
template <typename Op>
typename Op::T halving_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    r1::reduce_single_block<B, false, Op><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// The recorded run: one launch of the Record=true instantiation with the matrix product on the
// first seed's input, then the two comparisons on the same input.
inline RecordedRun record_on_gpu(gridlock::LessonRun& run,
                                 gridlock::TreeRecording<gridlock::reduction::Mat2>& rec) {
  namespace red = gridlock::reduction;
  const auto& o = run.options();
  RecordedRun r;
  r.input = red::input_for<red::MatMul>(o.n, o.seed);
  gridlock::DeviceBuffer<red::Mat2> in(r.input), out(1);
  out.poison();
  run.clock().origin_ns();
  gridlock::with_block_size(o.block, [&](auto B) {
    reduce_single_block_in_order<B, true, red::MatMul>
        <<<1, B.value>>>(in.get(), int(o.n), out.get(), rec.device_view());
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  r.result = out.download_one();
  r.halving = halving_on_gpu<red::MatMul>(in, int(o.n), o.block);
  r.zero_padded = in_order_on_gpu<red::MatMulZeroPadding>(in, int(o.n), o.block);
  return r;
}

}  // namespace r2
