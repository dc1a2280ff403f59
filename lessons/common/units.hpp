// How the lessons write a duration or a ratio into their traces' facts, notes and claims: the
// trace's one rule (trace::number_text, the rule every fact's text is written by). A number is
// rounded (printf's %.*f), never truncated: 1999 ns is "2.0 µs", not "1 µs".
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace gridlock {

// A duration given in ns, in microseconds with `decimals` decimals: "4.2 µs", "1.23 µs".
inline std::string microseconds(double ns, int decimals) {
  return trace::number_text(ns, trace::FactUnit::us, decimals);
}

// How many times as fast something is as what it is compared with, from a ratio of speeds (or of
// times the other way up): "1.51×", above 1 faster. Every ratio in the lessons' words reads this
// way round, so a chart, a claim and a README never show one measurement as 1.6× and 0.6×.
inline std::string times_as_fast(double ratio, int decimals) {
  return trace::number_text(ratio, trace::FactUnit::times, decimals);
}

}  // namespace gridlock
