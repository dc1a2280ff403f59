// Kernels timed side by side in rounds: each round times every kernel once (a median over its
// launches), so that a clock still ramping up, or anything else that drifts during the run, falls
// on all of them alike rather than on whichever was timed first. A ratio between two of them is
// then measured once per round, with a spread (common/noise.hpp).
#pragma once

#include <algorithm>
#include <vector>

#include "common/noise.hpp"
#include "trace/trace.hpp"

namespace gridlock {

struct RoundTimings {
  std::vector<trace::Timing> timing;           // per kernel: its median round
  std::vector<std::vector<double>> rounds_ns;  // per kernel: each round's median, in round order

  // Kernel a's time over kernel b's, round by round (below 1: a is faster).
  MeasuredRatio ratio(size_t a, size_t b) const {
    std::vector<double> r;
    for (size_t i = 0; i < rounds_ns[a].size(); ++i) r.push_back(rounds_ns[a][i] / rounds_ns[b][i]);
    return measured_ratio(r);
  }
};

// `time_one(k)` times kernel k once and returns its Timing; kernels 0 .. kernels-1, `rounds` times.
template <typename TimeOne>
RoundTimings time_in_rounds(size_t kernels, int rounds, TimeOne time_one) {
  std::vector<std::vector<trace::Timing>> all(kernels);
  for (int round = 0; round < rounds; ++round)
    for (size_t k = 0; k < kernels; ++k) all[k].push_back(time_one(k));
  RoundTimings out;
  for (const std::vector<trace::Timing>& per_round : all) {
    std::vector<double> ns;
    for (const trace::Timing& t : per_round) ns.push_back(t.median_ns);
    std::vector<trace::Timing> sorted = per_round;
    std::sort(sorted.begin(), sorted.end(),
              [](const trace::Timing& a, const trace::Timing& b) { return a.median_ns < b.median_ns; });
    out.timing.push_back(sorted[sorted.size() / 2]);
    out.rounds_ns.push_back(ns);
  }
  return out;
}

}  // namespace gridlock
