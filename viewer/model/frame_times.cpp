// Frame-time statistics.
#include "model/frame_times.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace gridlock::viewer {

double FrameTimes::quantile(double q) const {
  if (ms_.empty()) return 0.0;
  std::vector<double> sorted = ms_;
  std::sort(sorted.begin(), sorted.end());
  return sorted[static_cast<std::size_t>(std::clamp(q, 0.0, 1.0) * static_cast<double>(sorted.size() - 1))];
}

double FrameTimes::mean() const {
  return ms_.empty() ? 0.0 : std::accumulate(ms_.begin(), ms_.end(), 0.0) / static_cast<double>(ms_.size());
}

std::string FrameTimes::json() const {
  char text[128];
  std::snprintf(text, sizeof text, "{\"frames\": %zu, \"median_ms\": %.3f, \"p95_ms\": %.3f}", ms_.size(),
                quantile(0.5), quantile(0.95));
  return text;
}

}  // namespace gridlock::viewer
