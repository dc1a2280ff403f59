// The exit codes every lesson uses (DESIGN.md, "Lessons").
#pragma once

namespace gridlock {

enum ExitCode : int {
  kExitOk = 0,           // ran, and every check of the lesson's own result passed
  kExitCheckFailed = 1,  // a check of the lesson itself failed (wrong result, CUDA error)
  kExitUsage = 2,        // bad command line
  kExitNoDevice = 77,    // no usable CUDA device, or fewer than the run needs; ctest reports a skip
};

}  // namespace gridlock
