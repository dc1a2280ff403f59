// How the lessons write a duration into their traces' facts, notes and claims: one rule, in one
// place. A number is rounded (printf's %.*f), never truncated: 1999 ns is "2.0 µs", not "1 µs".
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

}  // namespace gridlock
