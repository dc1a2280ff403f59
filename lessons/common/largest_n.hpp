// --n's limit for a lesson whose code holds more input than the shared limit (kMaxElements in
// cli.hpp, where int counts of bytes stop fitting). Such a lesson raises it for itself before
// run_lesson parses its options; --help and --describe-options then give the raised limit.
#pragma once

#include <cstdint>

namespace gridlock {

// Raises --n's limit to `largest` for this process (never lowers it).
void raise_largest_n(int64_t largest);

// --n's limit: kMaxElements unless the lesson raised it.
int64_t largest_n();

}  // namespace gridlock
