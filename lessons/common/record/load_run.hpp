// The input elements one thread folded, as a recorder notes them in registers while the thread
// loads: first, first + stride, ..., count of them. Shared by the device hooks and the host.
#pragma once

namespace gridlock {

// `evenly` is 0 when the thread's loads were not evenly spaced (then only first and count are
// meaningful).
struct LoadRun {
  int first, stride, count, evenly;
};

}  // namespace gridlock
