// R1's plain launch: the unrecorded kernel, as it is timed and checked.
#pragma once

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "kernels.cuh"

namespace r1 {

// One launch on `in`; returns the kernel's answer.
template <typename Op, bool StridedLoad = true>
typename Op::T reduce_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    reduce_single_block<B, false, Op, StridedLoad><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// The same, from a host vector.
template <typename Op, bool StridedLoad = true>
typename Op::T reduce_on_gpu(const std::vector<typename Op::T>& input, int block) {
  return reduce_on_gpu<Op, StridedLoad>(gridlock::DeviceBuffer<typename Op::T>(input), int(input.size()),
                                        block);
}

}  // namespace r1
