// What every GPU test program shares: skip (exit 77) without a usable GPU, turn a CUDA error
// into a failure with its message, and exit 0 pass / 1 fail.
#pragma once

#include <cstdio>
#include <string>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/exit_codes.hpp"

namespace gridlock::test {

// Prints "PASS what" or "FAIL what" and returns ok.
inline bool expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", what.c_str());
  return ok;
}

// Runs body() (true: every check passed) and returns the test's exit code.
template <typename Body>
int run_gpu_test(Body body) {
  std::string why;
  if (!open_device(&why)) {
    std::printf("skipped: no usable CUDA device (%s)\n", why.c_str());
    return kExitNoDevice;
  }
  try {
    return body() ? kExitOk : kExitCheckFailed;
  } catch (const CudaError& e) {
    std::printf("FAIL CUDA error: %s\n", e.what());
    return kExitCheckFailed;
  }
}

}  // namespace gridlock::test
