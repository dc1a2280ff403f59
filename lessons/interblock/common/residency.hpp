// How many blocks of a kernel the GPU holds at once: blocks per SM (the occupancy calculator) times
// the SMs. A grid larger than this runs in waves: its later blocks start only when earlier ones
// have finished.
#pragma once

#include "common/cuda_check.hpp"

namespace gridlock::interblock {

template <typename Kernel>
int resident_blocks(Kernel kernel, int block, int sm_count, size_t dynamic_shared = 0) {
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, dynamic_shared));
  return per_sm * sm_count;
}

}  // namespace gridlock::interblock
