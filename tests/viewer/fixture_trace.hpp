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

// A block counter like the racy-counter lesson's, modelled: `blocks` blocks on `sms` SMs (an SM
// track each, the blocks nested in them), each reading a counter and writing it back plus one,
// four blocks at a time. `atomic` false: the racy kernel (overlapping reads lose updates; a flow
// joins each stale read to the write it overwrote); true: atomicAdd (every write counts). Steps
// hold `per_step` writes each, in the order they were issued, then one step "after the kernel"
// with the counter's snapshot and no events. A memory track carries the counter's values; a
// series holds the final count of `runs` modelled runs, with the block count as its reference.
// Passes trace::check_truth.
trace::Trace make_counter_trace(int blocks, int sms, bool atomic, int per_step, int runs = 60);

}  // namespace gridlock::viewer::testing
