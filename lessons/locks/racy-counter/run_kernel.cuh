// L1's plain launches: the unrecorded kernels, as they are measured.
#pragma once

#include <string>

#include "common/device_buffer.hpp"
#include "kernels.cuh"

namespace l1 {

// The variants the lesson records: the documented unlocked counter, and the atomicAdd baseline.
inline const std::vector<std::string> kVariants = {"racy", "atomic"};
inline bool is_atomic(const std::string& variant) { return variant == "atomic"; }

// One launch on a zeroed counter; returns what the counter holds afterwards.
inline int count_on_gpu(bool atomic, int grid, int block, gridlock::DeviceBuffer<int>& count) {
  count.fill_bytes(0);
  if (atomic)
    count_blocks_with_atomic<false><<<grid, block>>>(count.get(), {});
  else
    count_blocks_without_lock<false><<<grid, block>>>(count.get(), {});
  CUDA_CHECK_LAUNCH();
  return count.download_one();
}

}  // namespace l1
