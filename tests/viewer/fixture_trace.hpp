// Traces built in code for the viewer tests: a halving-tree reduction like R1, at any size.
#pragma once

#include <cstdint>

#include "trace/trace.hpp"

namespace gridlock::viewer::testing {

// A single-block halving-tree reduction of n seeded values by `threads` threads (a power of
// two): step 0 the strided load, one step per tree level (snapshot of r, combines, live range),
// a last step writing the result. Produced by a model (it says so), with one claim of each
// verdict, one timing and per-warp events, so every panel has something to show.
trace::Trace make_halving_trace(int threads, int n, std::uint32_t seed);

}  // namespace gridlock::viewer::testing
