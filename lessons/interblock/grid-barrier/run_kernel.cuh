// G0's launches: the spin-barrier kernel in an ordinary launch, bounded by the watchdog, and the
// grid-sync kernel in a cooperative launch, which the runtime may refuse; and the residency limit
// each one has on this GPU.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "interblock/common/residency.hpp"
#include "kernels.cuh"
#include "locks/common/bounded_launch.hpp"

namespace g0 {

// The variants: the spin barrier on a grid that fits, on one block more than fits, and the
// cooperative launch's grid sync on the largest grid it accepts.
inline const std::vector<std::string> kVariants = {"spin-fits", "spin-too-large", "cooperative"};

// How long a spin barrier may wait: a barrier of resident blocks takes microseconds.
constexpr std::chrono::milliseconds kSpinLimit{200};

// The largest grids of `block` threads this GPU holds at once, per kernel.
inline int spin_limit_blocks(int block, int sm_count) {
  return gridlock::interblock::resident_blocks(exchange_with_spin_barrier<false>, block, sm_count);
}
inline int cooperative_limit_blocks(int block, int sm_count) {
  return gridlock::interblock::resident_blocks(exchange_with_grid_sync<false>, block, sm_count);
}

// What one launch did: how many blocks read their neighbour's value right, whether the watchdog had
// to stop it, or the error a cooperative launch was refused with.
struct Exchange {
  int right = 0;
  bool stopped = false;
  cudaError_t refused = cudaSuccess;
  float ms = 0;
};

inline int right_reads(const gridlock::DeviceBuffer<int>& seen) {
  const std::vector<int> got = seen.download();
  int right = 0;
  for (size_t b = 0; b < got.size(); ++b) right += got[b] == value_of(int((b + 1) % got.size()));
  return right;
}

// One ordinary launch of the spin-barrier kernel (recorded or plain), bounded by the watchdog.
template <bool Record>
Exchange spin_exchange(int grid, int block, gridlock::EventRecorder<Record> rec) {
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  gridlock::DeviceBuffer<unsigned> arrived(std::vector<unsigned>{0u});
  seen.poison();
  Exchange e;
  const gridlock::locks::BoundedRun run =
      gridlock::locks::bounded_launch(kSpinLimit, [&](const volatile int* abort) {
        exchange_with_spin_barrier<Record>
            <<<grid, block>>>(values.get(), seen.get(), arrived.get(), abort, rec);
      });
  e.stopped = run.stopped;
  e.ms = run.ms;
  e.right = right_reads(seen);
  return e;
}

// One cooperative launch of the grid-sync kernel (recorded or plain); a refused launch runs nothing.
template <bool Record>
Exchange cooperative_exchange(int grid, int block, gridlock::EventRecorder<Record> rec) {
  gridlock::DeviceBuffer<int> values(static_cast<size_t>(grid)), seen(static_cast<size_t>(grid));
  seen.poison();
  int* values_ptr = values.get();
  int* seen_ptr = seen.get();
  void* args[] = {&values_ptr, &seen_ptr, &rec};
  Exchange e;
  e.refused = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(exchange_with_grid_sync<Record>),
                                          grid, block, args, 0, nullptr);
  if (e.refused != cudaSuccess) {
    (void)cudaGetLastError();  // the refusal is not sticky: clear it
    return e;
  }
  CUDA_CHECK_LAUNCH();
  e.right = right_reads(seen);
  return e;
}

}  // namespace g0
