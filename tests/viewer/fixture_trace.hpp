// Traces built in code for the viewer tests: a halving-tree reduction like R1, at any size.
#pragma once

#include <cstdint>

#include "trace/trace.hpp"

namespace gridlock::viewer::testing {

// A single-block halving-tree reduction of n seeded values by `threads` threads (a power of
// two), in format version 2: step 0 the strided load (each thread folds in[t], in[t + threads],
// ... into acc[t], then copies it to r[t]: recorded as operations), one step per tree level
// (snapshot of r, its add operations, live range), a last step copying r[0] to out. Produced by
// a model (it says so, and it has a clock and a notice), with one claim of each verdict, one
// timing, facts, per-warp "work" and "barrier" slices joined by a flow, a counter on the block
// track, and an instant, so every panel has something to show. It passes trace::check_truth.
trace::Trace make_halving_trace(int threads, int n, std::uint32_t seed);

}  // namespace gridlock::viewer::testing
