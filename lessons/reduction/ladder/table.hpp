// The ladder's table: one row per kernel and size, its ratios to CUB, to the read-only streaming
// kernel and to the device's peak bandwidth, as console text, as Markdown and as trace facts.
// Plain C++ (no CUDA), so that it is tested on the CPU.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/noise.hpp"
#include "trace/trace.hpp"

namespace gridlock::ladder {

enum class RowKind { reduction, baseline, memory };  // a lesson's kernel, CUB, a memory-system limit

struct Row {
  std::string key;     // short and stable, for the facts: "r1", "fast", "cub", "read_only", "copy"
  std::string kernel;  // what the table shows: "R1 reduce-single-block"
  std::string config;  // the configuration the sweep picked
  RowKind kind = RowKind::reduction;
  trace::Timing timing;
  bool exact = false;  // reductions: equal to the CPU's sum, wrapping at 32 bits
  Row() = default;
  Row(std::string key, std::string kernel, std::string config, RowKind kind)
      : key(std::move(key)), kernel(std::move(kernel)), config(std::move(config)), kind(kind) {}
};

// Every row of one input size; the CUB row and the read-only row are the references.
struct SizeTable {
  int64_t n = 0;
  std::vector<Row> rows;
  // reduce-fast and CUB timed again side by side, for the targets: reduce-fast's throughput over
  // CUB's, and over the device's peak, one sample per run (MeasuredRatio::rounds counts the runs;
  // 0: not measured).
  MeasuredRatio fast_vs_cub, fast_of_peak;
  const Row& row(const std::string& key) const;  // throws std::out_of_range
  double vs_cub(const Row& r) const;             // throughput ratio: > 1 is ahead of CUB
  double of_read_only(const Row& r) const;       // fraction of the read-only kernel's GB/s
};

struct Ladder {
  double peak_gbs = 0;  // the device's stated peak (memory clock x bus width x 2)
  std::vector<SizeTable> sizes;
  std::vector<std::pair<std::string, std::string>> left_out;  // lesson, reason
  bool all_exact() const;
};

// reduce-fast's targets: at least kTargetVsCub times CUB's throughput at each size, and at least
// kTargetOfPeak of the peak at the largest size. Each is measured in kTargetRuns runs of the
// program (SizeTable: each run the median of kTargetRounds rounds): a target is met or missed
// outside the runs' spread, and within it is decided neither way. Each says what was measured with
// its spread and, when it falls short, by how much.
inline constexpr double kTargetVsCub = 1.02;
inline constexpr double kTargetOfPeak = 0.92;
inline constexpr int kTargetRuns = 5;
inline constexpr int kTargetRounds = 7;
enum class TargetState { met, missed, within_noise };
struct Target {
  std::string key;   // "documented.vs_cub", "large.vs_cub", "large.of_peak"
  std::string text;  // "reduce-fast vs CUB at 2^28 ints: 1.0196× ± 0.0012 as fast over 5 runs (target
                     // 1.02×: short by 0.0004)"
  TargetState state = TargetState::missed;
  int64_t n = 0;        // the size it was measured at
  std::string verdict;  // the text's last words, in its brackets: "target 1.02×: short by 0.0004"
  bool met() const { return state == TargetState::met; }
};
std::vector<Target> targets(const Ladder& ladder);  // empty without a reduce-fast row

// "100,000,000" or "2^28" for a size.
std::string size_name(int64_t n);

// The table as the program prints it, every size after the other.
std::string text_table(const Ladder& ladder);

// The same rows as a Markdown table, with a heading per size and the lessons left out.
std::string markdown_table(const Ladder& ladder);

// Facts by key: "<size>.<row>.<column>" with size "documented" (10^8) or "large" (2^28),
// "peak.gbs", and per target "target.<key>" (its ratio over the runs: "1.0196× ± 0.0012", or for
// the peak the runs' median in percent, "91.18"), "target.<key>.runs", "target.<key>.verdict" and,
// for the peak, "target.<key>.spread" (in points). Every timing goes into the trace's timings, named
// "<kernel> | <config>"; the runs of each target into a series, one value a run.
void add_to_trace(const Ladder& ladder, trace::Trace& t);

}  // namespace gridlock::ladder
