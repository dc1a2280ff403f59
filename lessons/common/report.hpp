// The lesson's printed summary: device, claims with verdicts, timings side by side.
#pragma once

#include "trace/trace.hpp"

namespace gridlock {

void print_report(const trace::Trace& trace);

}  // namespace gridlock
