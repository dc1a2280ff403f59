// Frame-to-frame times of a benchmark run, and the statistics the benchmarks report: the desktop's
// --bench-frames (headless.cpp) and a page's bench= address (web/web_main.cpp) keep them alike.
#pragma once

#include <string>
#include <vector>

namespace gridlock::viewer {

class FrameTimes {
 public:
  void add(double ms) { ms_.push_back(ms); }
  std::size_t count() const { return ms_.size(); }
  bool empty() const { return ms_.empty(); }
  // The time at or below which a share `q` (0 to 1) of the frames took, by rank; 0 when empty.
  double quantile(double q) const;
  double mean() const;
  double min() const { return quantile(0.0); }
  double max() const { return quantile(1.0); }
  // {"frames": N, "median_ms": M, "p95_ms": P}
  std::string json() const;

 private:
  std::vector<double> ms_;
};

}  // namespace gridlock::viewer
