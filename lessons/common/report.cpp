// The lesson's printed summary.
#include "report.hpp"

#include <cstdio>

namespace gridlock {

namespace {

const char* verdict_tag(trace::Verdict v) {
  switch (v) {
    case trace::Verdict::confirmed:
      return "CONFIRMED   ";
    case trace::Verdict::contradicted:
      return "CONTRADICTED";
    case trace::Verdict::not_observable:
      return "NOT OBSERVED";
  }
  return "?";
}

}  // namespace

void print_report(const trace::Trace& t) {
  const trace::Device& d = t.producer.devices.front();
  std::printf("\n%s (%s) on %s: compute capability %d.%d, %d SMs, driver %d, runtime %d\n",
              t.lesson_id.c_str(), t.technique.c_str(), d.name.c_str(), d.cc_major, d.cc_minor, d.sm_count,
              d.driver_version, d.runtime_version);
  for (size_t k = 1; k < t.producer.devices.size(); ++k) {
    const trace::Device& other = t.producer.devices[k];
    std::printf("  and GPU %zu, %s: compute capability %d.%d, %d SMs\n", k, other.name.c_str(),
                other.cc_major, other.cc_minor, other.sm_count);
  }
  std::printf("\nWhat the documentation claims, and what this GPU did:\n");
  for (const trace::Claim& c : t.claims) {
    std::printf("  [%s] %s: %s\n", verdict_tag(c.verdict), c.id.c_str(), c.statement.c_str());
    if (!c.measurement.empty()) std::printf("      measured: %s\n", c.measurement.c_str());
    if (!c.reason.empty()) std::printf("      note: %s\n", c.reason.c_str());
  }
  if (!t.timings.empty()) {
    // A lesson that times otherwise says how in its "timing.method" fact.
    const auto method = t.facts.find("timing.method");
    std::printf("\nTimings (%s, median of the repetitions; GB/s counts input bytes once):\n",
                method == t.facts.end() ? "CUDA events" : method->second.c_str());
    std::printf("  %-34s %12s %12s %12s %10s\n", "kernel", "elements", "median us", "min..max us", "GB/s");
    for (const trace::Timing& m : t.timings)
      std::printf("  %-34s %12lld %12.2f %5.1f..%-6.1f %10.1f\n", m.name.c_str(),
                  static_cast<long long>(m.elements), m.median_ns / 1e3, m.min_ns / 1e3, m.max_ns / 1e3,
                  m.gbytes_per_s());
  }
  std::printf("\n%s\n", t.exit_code == 0 ? "Result: every check of the lesson's own result passed."
                                         : "Result: a check of the lesson's own result FAILED.");
}

}  // namespace gridlock
