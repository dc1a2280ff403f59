// Host helpers of the R1 lesson: inputs, the CPU reference, and one plain launch.
#pragma once

#include <type_traits>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/random_input.hpp"
#include "kernels.cuh"

namespace {

using gridlock::DeviceBuffer;
using gridlock::LessonRun;

template <typename Op>
typename Op::T cpu_reduce(const std::vector<typename Op::T>& v, size_t count) {
  typename Op::T acc = Op::identity();
  for (size_t i = 0; i < count; ++i) acc = Op()(acc, v[i]);
  return acc;
}

template <typename Op>
std::vector<typename Op::T> input_for(int64_t n, uint64_t seed) {
  if constexpr (std::is_same_v<typename Op::T, unsigned>)
    return gridlock::random_odd_uints(n, seed);
  else
    return gridlock::random_ints(n, seed);
}

// One plain (unrecorded) launch; returns the kernel's answer.
template <typename Op, bool StridedLoad = true>
typename Op::T reduce_on_gpu(const DeviceBuffer<typename Op::T>& in, int n, int block) {
  DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    r1::reduce_single_block<B, false, Op, StridedLoad><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

}  // namespace
