// A trace's timings (trace::Timing: a kernel timed over repeated launches) as the rows of a bar
// chart of effective bandwidth: grouped by problem size, each entry's GB/s (bytes it must move
// over its median time) with the spread of its repetitions, its ratio to the baseline timed at
// the same size (the CUB call), and the lines the trace gives to measure against (the device's
// peak bandwidth, the read-only streaming kernel). No GL, no ImGui.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "format.hpp"  // format_ratio, the bars' ratio labels
#include "trace/trace.hpp"

namespace gridlock::viewer {

// What an entry is to its group: a measured kernel, the baseline the others are compared with
// (its name starts with kBaselinePrefix), or the memory system's limit (kReadOnlyPrefix).
enum class TimingRole { measured, baseline, read_only };

inline constexpr const char* kBaselinePrefix = "cub::";
inline constexpr const char* kReadOnlyPrefix = "read-only";
// The fact that states the device's peak memory bandwidth in GB/s: the run's parameter peak_gbs
// ("3352"), or in traces recorded before, text alone ("3352 GB/s").
inline constexpr const char* kPeakFact = "peak.gbs";

struct TimingBar {
  int timing = -1;            // its index in the trace's timings (what a fact's origin names)
  std::string name;           // the timing's whole name
  std::string kernel;         // before " | ": "R3 reduce-two-kernels"
  std::string configuration;  // after it: "132 x 1024"; empty when the name has no " | "
  TimingRole role = TimingRole::measured;
  int64_t bytes = 0;
  int repetitions = 0;
  double median_ns = 0, min_ns = 0, max_ns = 0;
  // GB/s is bytes / ns. Only where the entry moves bytes in a positive, finite median time.
  bool has_rate = false;
  double gbs = 0;                      // at the median time
  double gbs_slow = 0;                 // at the slowest repetition (max_ns): the whisker's left end
  double gbs_fast = 0;                 // at the fastest (min_ns): its right end
  std::optional<double> vs_baseline;   // gbs over the group baseline's: above 1 is ahead of it
  std::optional<double> of_read_only;  // gbs over the read-only kernel's at this size
  std::optional<double> of_peak;       // gbs over the stated peak
};

// A labelled vertical line on the GB/s axis.
struct ReferenceLine {
  std::string label;  // "peak 3352 GB/s"
  double gbs = 0;
};

// The entries timed at one problem size, in the trace's order.
struct TimingGroup {
  int64_t elements = 0;
  std::string title;  // "100,000,000 elements", "2^28 = 268,435,456 elements"
  std::vector<TimingBar> bars;
  int baseline = -1;                       // the first bar whose role is baseline; -1: none
  std::optional<ReferenceLine> read_only;  // the read-only kernel's GB/s at this size
};

struct TimingsChart {
  std::vector<TimingGroup> groups;    // in the order their sizes first appear in the trace
  std::optional<ReferenceLine> peak;  // from the kPeakFact fact, for every group
  std::string baseline_name;          // the first baseline's kernel, for the legend; empty: none
  double axis_max_gbs = 0;            // a round end for the GB/s axis past every bar, whisker and line
  double tick_gbs = 0;                // the spacing of the axis' ticks
  int entries = 0;
  bool empty() const { return groups.empty(); }
};

// Whether a trace has timings to chart.
bool has_timings(const trace::Trace& trace);

TimingsChart make_timings_chart(const trace::Trace& trace);

// A problem size for a heading: digits grouped in threes, and a power of two from 2^10 on also
// as one: "100,000,000", "2^28 = 268,435,456".
std::string size_text(int64_t elements);

// GB/s as a label: no decimals from 100 on, one from 10, else two: "2920 GB/s", "6.88 GB/s".
std::string format_gbs(double gbs);

// A bandwidth fact's number: "3352 GB/s" -> 3352; nothing for text that is not a positive
// number followed by "GB/s".
std::optional<double> parse_gbs(const std::string& text);

}  // namespace gridlock::viewer
