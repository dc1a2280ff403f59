// GRIDLOCK_WATCHDOG_MS: a shorter watchdog limit for tests.
#include "watchdog_limit.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gridlock {

namespace {
constexpr long long kLongestSetting = 24LL * 3600 * 1000;
}

std::chrono::milliseconds watchdog_limit(std::chrono::milliseconds limit, const char* setting) {
  if (setting == nullptr) return limit;
  const std::string text = setting;
  const bool digits =
      !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
  const long long ms = digits ? std::stoll(text) : 0;
  if (ms < 1 || ms > kLongestSetting) {
    std::fprintf(stderr, "warning: %s=\"%s\" is not a number of milliseconds from 1 to %lld; ignored\n",
                 kWatchdogVariable, setting, kLongestSetting);
    return limit;
  }
  return std::min(limit, std::chrono::milliseconds(ms));
}

std::chrono::milliseconds watchdog_limit(std::chrono::milliseconds limit) {
  return watchdog_limit(limit, std::getenv(kWatchdogVariable));
}

}  // namespace gridlock
