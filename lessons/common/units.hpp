// How the lessons write a duration or a ratio into their traces' facts, notes and claims: one rule
// each, in one place. A number is rounded (printf's %.*f), never truncated: 1999 ns is "2.0 µs",
// not "1 µs".
#pragma once

#include <cstdio>
#include <string>

namespace gridlock {

// A duration given in ns, in microseconds with `decimals` decimals: "4.2 µs", "1.23 µs".
inline std::string microseconds(double ns, int decimals) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f \xC2\xB5s", decimals, ns / 1e3);
  return text;
}

// How many times as fast something is as what it is compared with, from a ratio of speeds (or of
// times the other way up): "1.51×", above 1 faster. Every ratio in the lessons' words reads this
// way round, so a chart, a claim and a README never show one measurement as 1.6× and 0.6×.
inline std::string times_as_fast(double ratio, int decimals) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f\xC3\x97", decimals, ratio);
  return text;
}

}  // namespace gridlock
