// The watchdog ends a kernel that would spin forever, and stays quiet for one that finishes.
// Exit 0 pass, 1 fail, 77 no usable GPU (ctest: skipped).
#include <chrono>
#include <cstdio>
#include <string>

#include "common/device_buffer.hpp"
#include "common/watchdog.cuh"
#include "common/watchdog.hpp"
#include "gpu_test.hpp"

namespace {

// Spins until `until_flag` is set by another block (never, here) or the watchdog fires.
__global__ void spin_forever(const volatile int* until_flag, const volatile int* abort_flag,
                             unsigned long long* spins) {
  unsigned long long n = 0;
  while (*until_flag == 0) {
    if (gridlock::abort_requested(abort_flag)) break;
    ++n;
  }
  if (threadIdx.x == 0) spins[blockIdx.x] = n;
}

__global__ void finish_at_once(int* out) { out[threadIdx.x] = threadIdx.x; }

}  // namespace

int main() {
  using gridlock::test::expect;
  return gridlock::test::run_gpu_test([] {
    bool ok = true;
    gridlock::DeviceBuffer<int> never(std::vector<int>{0});
    gridlock::DeviceBuffer<unsigned long long> spins(4);
    auto start = std::chrono::steady_clock::now();
    gridlock::Watchdog watchdog(std::chrono::milliseconds(200));
    spin_forever<<<4, 32>>>(never.get(), watchdog.device_flag(), spins.get());
    CUDA_CHECK_LAUNCH();
    watchdog.disarm();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ok &= expect(watchdog.fired(), "a spin that cannot progress is told to stop");
    ok &= expect(seconds > 0.15 && seconds < 5.0,
                 "it stops soon after the 200 ms limit (took " + std::to_string(seconds) + " s)");
    ok &= expect(spins.download_one(0) > 0, "the kernel really spun before it was stopped");

    gridlock::DeviceBuffer<int> out(32);
    gridlock::Watchdog quiet(std::chrono::milliseconds(2000));
    finish_at_once<<<1, 32>>>(out.get());
    CUDA_CHECK_LAUNCH();
    quiet.disarm();
    ok &= expect(!quiet.fired(), "a kernel that finishes is left alone");
    return ok;
  });
}
