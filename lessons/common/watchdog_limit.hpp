// The watchdog's time limit, which a test may shorten through the environment.
#pragma once

#include <chrono>

namespace gridlock {

// The variable that shortens every watchdog of a run: GRIDLOCK_WATCHDOG_MS=50 makes each Watchdog
// fire after at most 50 ms, so a test can check that a lesson whose spin is cut short still ends
// in time and writes a trace that says so.
inline constexpr const char* kWatchdogVariable = "GRIDLOCK_WATCHDOG_MS";

// `limit`, or the setting (a whole number of milliseconds, 1 to 86400000) when that is shorter.
// A setting that is not such a number is ignored with a warning on stderr. nullptr: not set.
std::chrono::milliseconds watchdog_limit(std::chrono::milliseconds limit, const char* setting);

// watchdog_limit(limit, getenv(kWatchdogVariable)).
std::chrono::milliseconds watchdog_limit(std::chrono::milliseconds limit);

}  // namespace gridlock
