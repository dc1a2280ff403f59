// The one clock of a lesson run: %globaltimer, with its origin read on the current GPU just before the
// first recorded launch, so every recording of the run (two launches of R3, eight kernels of S1)
// shares t = 0. Also measures the clock's resolution, which the trace states.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "trace/trace.hpp"

namespace gridlock {

class RunClock {
 public:
  // The origin, read on the device the first time it is asked for.
  unsigned long long origin_ns();
  // Nanoseconds since the origin.
  int64_t since_origin(unsigned long long t_ns) { return static_cast<int64_t>(t_ns - origin_ns()); }
  // The smallest step %globaltimer advances by on this GPU, measured once.
  int64_t resolution_ns();
  // What the trace says about its clock.
  trace::Clock description();
  // What the times were read from, for a lesson that puts other clocks on this one by measured
  // offsets (the host's steady_clock, a second GPU's %globaltimer); "%globaltimer" by default.
  void set_source(std::string source) { source_ = std::move(source); }

 private:
  std::string source_ = "%globaltimer";
  bool has_origin_ = false;
  unsigned long long origin_ = 0;
  int64_t resolution_ = -1;
};

}  // namespace gridlock
