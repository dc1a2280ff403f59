// RF benchmark: at 100,000,000 ints and at 2^28, a sweep of configurations picks the fastest, then
// that configuration, cub::DeviceReduce::Sum and the memory system's limits are timed again on the
// same input in the same run; the verdicts on the two performance targets follow.
#pragma once

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "claims.hpp"
#include "common/device.hpp"
#include "common/exit_codes.hpp"
#include "common/fresh_runs.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/noise.hpp"
#include "common/units.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/memory_system.cuh"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "run_kernel.cuh"

namespace rf {

namespace red = gridlock::reduction;

constexpr int64_t kDocumentedN = 100000000, kLargeN = int64_t(1) << 28;

struct SizeResult {
  int64_t n = 0;
  Config best;
  gridlock::trace::Timing fast, cub, read_only, copy;  // the round with the median ratio
  std::vector<double> round_ratios;                    // CUB's time / the kernel's, per round, sorted
  std::vector<double> round_gbs;                       // the kernel's GB/s, per round, as measured
  int timing = -1;  // where `fast` is in the trace's timings; cub, read_only and copy follow it
  double ratio_to_cub() const { return round_ratios[round_ratios.size() / 2]; }  // > 1: ahead of CUB
};

// Rounds of (the kernel, then CUB), each a median of many launches: the spread of the ratio from
// round to round says how far one round's ratio may be trusted.
constexpr int kRounds = 5;

inline gridlock::trace::Timing time_config(const Config& c, int sm_count, const int* in, int64_t n,
                                           Workspace& ws, int repetitions) {
  return gridlock::time_kernel(c.name(), n, n * int64_t(sizeof(int)), repetitions,
                               [&] { launch(c, c.grid(sm_count), in, int(n), ws); });
}

// The configurations the sweep tries: every block size, loads in flight and blocks per SM that
// keep the SMs full.
inline std::vector<Config> sweep_configs() {
  std::vector<Config> configs;
  for (int block : {256, 512, 1024})
    for (int in_flight : {2, 4, 8})
      for (int per_sm : {1, 2, 4, 8})
        if (block * per_sm >= 1024 && block * per_sm <= 4096) configs.push_back({block, in_flight, per_sm});
  return configs;
}

inline Config fastest_config(int sm_count, const int* in, int64_t n, Workspace& ws) {
  Config best;
  double best_ns = 0;
  for (const Config& c : sweep_configs()) {
    const double ns = time_config(c, sm_count, in, n, ws, 10).median_ns;
    if (best_ns == 0 || ns < best_ns) best = c, best_ns = ns;
  }
  return best;
}

// One size: the sweep, then the fastest configuration, CUB, the read-only kernel and the copy,
// timed one after the other; every result checked against the CPU's sum (a difference is named in
// *failure).
inline SizeResult time_size(int sm_count, uint64_t seed, int64_t n, std::string* failure) {
  const std::vector<int> host = red::input_for<red::Sum>(n, seed);
  const int expected = red::cpu_reduce<red::Sum>(host);
  const gridlock::DeviceBuffer<int> in(host);
  Workspace ws(8 * sm_count);
  gridlock::DeviceBuffer<int> cub_out(1);
  SizeResult r;
  r.n = n;
  r.best = fastest_config(sm_count, in.get(), n, ws);
  std::vector<std::pair<gridlock::trace::Timing, gridlock::trace::Timing>> rounds;
  for (int k = 0; k < kRounds; ++k) {
    rounds.push_back({time_config(r.best, sm_count, in.get(), n, ws, red::repetitions_for(n)),
                      red::time_cub_sum(in.get(), cub_out.get(), n)});
    r.round_gbs.push_back(rounds.back().first.gbytes_per_s());
  }
  auto ratio = [](const auto& round) { return round.second.median_ns / round.first.median_ns; };
  std::sort(rounds.begin(), rounds.end(), [&](const auto& a, const auto& b) { return ratio(a) < ratio(b); });
  for (const auto& round : rounds) r.round_ratios.push_back(ratio(round));
  std::tie(r.fast, r.cub) = rounds[rounds.size() / 2];
  r.read_only = red::time_read_only(in.get(), n, sm_count);
  r.copy = red::time_device_copy(in.get(), n);
  if (ws.result() != expected || cub_out.download_one() != expected)
    *failure = "bench at n=" + std::to_string(n) + ": a result differs from the CPU sum";
  return r;
}

inline SizeResult time_size(gridlock::LessonRun& run, int64_t n) {
  std::string failure;
  SizeResult r = time_size(run.device().sm_count, run.options().seed, n, &failure);
  if (!failure.empty()) run.check_failed(failure);
  r.timing = int(run.trace().timings.size());
  for (const auto* t : {&r.fast, &r.cub, &r.read_only, &r.copy}) run.trace().timings.push_back(*t);
  return r;
}

// Run to run (common/fresh_runs.hpp): the benchmark is run again in kRuns - 1 fresh processes of
// this lesson (--bench-run), each printing one line per size, "bench-run N VS_CUB OF_PEAK": the
// median of its rounds of CUB's time over the kernel's, and of the kernel's GB/s over the peak.
constexpr int kRuns = 5;

inline double of_peak_median(const SizeResult& r, double peak) {
  std::vector<double> of_peak;
  for (double gbs : r.round_gbs) of_peak.push_back(gbs / peak);
  return gridlock::measured_ratio(of_peak).median;
}

// The child's side: prints its lines and returns the exit code.
inline int bench_run(uint64_t seed) {
  std::string why;
  const std::optional<gridlock::trace::Device> device = gridlock::open_device(&why);
  if (!device) return gridlock::kExitNoDevice;
  const double peak = red::peak_bandwidth_gbs();
  for (int64_t n : {kDocumentedN, kLargeN}) {
    std::string failure;
    const SizeResult r = time_size(device->sm_count, seed, n, &failure);
    if (!failure.empty()) return gridlock::kExitCheckFailed;
    std::printf("bench-run %lld %.9f %.9f\n", static_cast<long long>(n), r.ratio_to_cub(),
                of_peak_median(r, peak));
  }
  return gridlock::kExitOk;
}

// Per size, the runs' medians (a: CUB's time over the kernel's; b: of the peak): this run's first,
// then the fresh runs'.
inline std::map<int64_t, gridlock::RunSamples> runs_of_sizes(const std::vector<SizeResult>& here, double peak,
                                                             uint64_t seed) {
  std::map<int64_t, gridlock::RunSamples> runs;
  for (const SizeResult& r : here) {
    runs[r.n].a.push_back(r.ratio_to_cub());
    runs[r.n].b.push_back(of_peak_median(r, peak));
  }
  std::printf("bench: %d more runs, each in a fresh process\n", kRuns - 1);
  std::fflush(stdout);
  gridlock::add_fresh_run_samples(runs, kRuns - 1, "--bench-run --seed " + std::to_string(seed),
                                  "bench-run ");
  return runs;
}

// Every ratio is one of bandwidths (GB/s), so the copy's row counts its reads and its writes.
inline void print_results(const std::vector<SizeResult>& results, double peak_gbs) {
  std::printf("\nreduce-fast against CUB and the memory system (peak %.0f GB/s), same input, same run:\n",
              peak_gbs);
  std::printf("  %11s %-48s %9s %8s %7s %12s %7s\n", "n", "kernel", "us", "GB/s", "x CUB", "% read-only",
              "% peak");
  for (const SizeResult& r : results)
    for (const gridlock::trace::Timing* t : {&r.fast, &r.cub, &r.read_only, &r.copy})
      std::printf("  %11lld %-48s %9.1f %8.0f %7.3f %12.1f %7.1f\n", static_cast<long long>(r.n),
                  t->name.c_str(), t->median_ns / 1e3, t->gbytes_per_s(),
                  t->gbytes_per_s() / r.cub.gbytes_per_s(),
                  100 * t->gbytes_per_s() / r.read_only.gbytes_per_s(), 100 * t->gbytes_per_s() / peak_gbs);
}

inline std::string result_text(const SizeResult& r, double peak_gbs) {
  char rate[64];
  std::snprintf(rate, sizeof rate, " (%.0f GB/s, %.1f%% of peak)", r.fast.gbytes_per_s(),
                100 * r.fast.gbytes_per_s() / peak_gbs);
  return "n=" + std::to_string(r.n) + ": " + r.best.name() + " " +
         gridlock::microseconds(r.fast.median_ns, 1) + rate + " vs CUB " +
         gridlock::microseconds(r.cub.median_ns, 1) + ": " + gridlock::times_as_fast(r.ratio_to_cub(), 3) +
         " as fast (median of " + std::to_string(kRounds) + " rounds, " +
         gridlock::times_as_fast(r.round_ratios.front(), 3) + "\xE2\x80\x93" +
         gridlock::times_as_fast(r.round_ratios.back(), 3) + ")";
}

// Facts the README quotes, for the size named `which` ("documented" or "large"): the bandwidths
// and their ratios with their origin (the timings of the round with the median ratio), the
// rounds' range (a series of the rounds' ratios), and the shares of the peak: each timing's GB/s
// over the device's stated figure, which the run keeps as its parameter peak_gbs.
inline void add_bench_facts(gridlock::trace::Trace& t, const std::string& which, const SizeResult& r,
                            double peak) {
  namespace tr = gridlock::trace;
  const int fast = r.timing, cub = r.timing + 1, read_only = r.timing + 2;
  const std::string k = "bench." + which + ".";
  t.facts[k + "config"] = r.best.name();
  tr::set_fact(t, k + "fast.gbs", tr::timing_rate_fact(t, fast, 0));
  tr::set_fact(t, k + "cub.gbs", tr::timing_rate_fact(t, cub, 0));
  tr::set_fact(t, k + "read_only.gbs", tr::timing_rate_fact(t, read_only, 0));
  tr::set_fact(t, k + "vs_cub", tr::timing_ratio_fact(t, fast, cub, 3));
  const int rounds =
      tr::add_series(t, {"CUB's time over the kernel's, each round, at " + std::to_string(r.n) + " ints",
                         "\xC3\x97", r.round_ratios});
  tr::FactValue range = tr::series_range_fact(t, rounds);
  range.decimals = 3;
  tr::set_fact(t, k + "vs_cub.rounds", range);
  tr::set_fact(t, k + "read_only_vs_cub", tr::timing_ratio_fact(t, read_only, cub, 3));
  tr::set_fact(t, k + "vs_read_only", tr::timing_ratio_fact(t, fast, read_only, 1, tr::FactUnit::percent));
  tr::set_fact(t, "peak.gbs", tr::setting_fact(t, "peak_gbs", peak));
  tr::set_fact(t, k + "fast.of_peak", tr::timing_share_fact(t, fast, "peak_gbs", 1));
  tr::set_fact(t, k + "cub.of_peak", tr::timing_share_fact(t, cub, "peak_gbs", 1));
  tr::set_fact(t, k + "read_only.of_peak", tr::timing_share_fact(t, read_only, "peak_gbs", 1));
}

inline void bench_against_cub(gridlock::LessonRun& run) {
  const double peak = red::peak_bandwidth_gbs();
  std::vector<SizeResult> results;
  for (int64_t n : {kDocumentedN, kLargeN}) results.push_back(time_size(run, n));
  print_results(results, peak);
  const SizeResult &documented = results[0], &large = results[1];
  add_bench_facts(run.trace(), "documented", documented, peak);
  add_bench_facts(run.trace(), "large", large, peak);
  const std::map<int64_t, gridlock::RunSamples> runs = runs_of_sizes(results, peak, run.options().seed);
  // Each size decides on its own: below the target outside the runs' spread contradicts the claim;
  // within the spread decides nothing.
  constexpr double kTargetVsCub = 1.02, kTargetOfPeak = 0.92;
  std::string ahead;
  bool below = false;
  std::string noisy;
  for (const SizeResult* r : {&documented, &large}) {
    const gridlock::MeasuredRatio m = gridlock::measured_ratio(runs.at(r->n).a);
    ahead += (ahead.empty() ? "n=" : "; n=") + std::to_string(r->n) + ": " + gridlock::ratio_with_spread(m) +
             " as fast over " + std::to_string(m.rounds) + " runs; this run " + result_text(*r, peak);
    below |= m.median < kTargetVsCub && !gridlock::within_noise(m, kTargetVsCub);
    if (gridlock::within_noise(m, kTargetVsCub))
      noisy += (noisy.empty() ? "n=" : "; n=") + std::to_string(r->n) + " " +
               "within noise: " + gridlock::ratio_with_spread(m) + " against " +
               gridlock::times_as_fast(kTargetVsCub, 2) + " (" + std::to_string(m.rounds) + " runs)";
  }
  const std::string how =
      "each run the median of " + std::to_string(kRounds) + " rounds, each the median of " +
      std::to_string(red::repetitions_for(kDocumentedN)) +
      " launches after warm-up timed with CUDA events, the configuration picked by a sweep before the timed "
      "launches; " +
      std::to_string(kRuns) + " runs, this one and fresh processes, \xC2\xB1 half their range";
  if (!below && !noisy.empty())
    run.claim_not_observable(kAheadOfCub, noisy + "; " + ahead);
  else
    run.claim(kAheadOfCub, !below, ahead, how);
  const gridlock::MeasuredRatio of_peak = gridlock::measured_ratio(runs.at(large.n).b);
  char measured[320];
  std::snprintf(
      measured, sizeof measured,
      "%.1f%% \xC2\xB1 %.1f of the stated %.0f GB/s at 2^28 (the median of %d runs, \xC2\xB1 half their "
      "range); in this run the read-only streaming kernel reached %.1f%%, a device-to-device copy %.1f%% "
      "(read + write)",
      100 * of_peak.median, 100 * of_peak.spread, peak, of_peak.rounds,
      100 * large.read_only.gbytes_per_s() / peak, 100 * large.copy.gbytes_per_s() / peak);
  if (gridlock::within_noise(of_peak, kTargetOfPeak))
    run.claim_not_observable(
        kNearPeak, "within noise: the runs' spread covers the 92% target; " + std::string(measured));
  else
    run.claim(
        kNearPeak, of_peak.median >= kTargetOfPeak, measured,
        "the stated peak counts every clock of the bus; a kernel that only reads is the practical ceiling");
}

}  // namespace rf
