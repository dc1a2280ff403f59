// RM's sweep: at each size, reduce-fast on one GPU (and on half the input: the ideal), the two-GPU
// sum as first written and with each change that makes it faster, and (where NCCL was found) the
// same shares combined by ncclAllReduce and by ncclReduce. Every sum is checked against the CPU's,
// and every time is taken the same way: on the host's steady_clock, from before the first launch
// on either GPU to the sum readable on the host.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/noise.hpp"
#include "common/units.hpp"
#include "common/watchdog.hpp"
#include "record_steps.cuh"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "setup.cuh"
#include "without_event.cuh"

namespace rm {

// The sweep's columns, in the order each round times them. The two-GPU forms climb a ladder: each
// adds one change to the form before it.
enum Column : int {
  kOneGpu = 0,      // reduce-fast over all n, the sum copied to the host
  kOneGpuToHost,    // the same, its last block writing the sum into mapped host memory
  kIdeal,           // reduce-fast over n/2 on one GPU, into host memory: what two GPUs cannot beat
  kAsFirstWritten,  // both launches, then GPU 1's copy and event, GPU 0's wait and addition
  kGpu1First,       // GPU 1's kernel launched before GPU 0's
  kPartialToPeer,   // GPU 1's last block writes its partial into GPU 0's memory: no copy
  kTotalToHost,     // the addition writes the total into mapped host memory: no copy back
  kGraph,           // the previous form captured once as a CUDA graph, launched with one call
  kFlag,            // no event: GPU 0 polls a flag that a kernel behind GPU 1's raises
  kFused,           // no event, no second kernel: the kernels' last blocks hand the partial over
  kAllReduce,       // the shares combined by ncclAllReduce
  kReduce,          // the shares combined by ncclReduce
  kColumns
};

// The column the lesson's claims judge: the event-based form at the top of the ladder.
inline constexpr Column kTechnique = kGraph;

struct ColumnSpec {
  const char* name;
  Form form;  // for the two-GPU forms
};

inline const ColumnSpec& column(Column c) {
  static const ColumnSpec specs[kColumns] = {
      {"one GPU", {}},
      {"one GPU, sum into host memory", {}},
      {"ideal: one GPU, half the ints", {}},
      {"two GPUs: as first written", {}},
      {"two GPUs: + GPU 1 first", {true}},
      {"two GPUs: + partial into GPU 0", {true, true}},
      {"two GPUs: + total into host memory", {true, true, true}},
      {"two GPUs: + one CUDA graph", {true, true, true, true}},
      {"two GPUs: flag instead of event", {true, true, true, false}},
      {"two GPUs: hand-off in the last blocks", {true, true, true, false}},
      {"two GPUs: ncclAllReduce", {}},
      {"two GPUs: ncclReduce", {}},
  };
  return specs[c];
}

struct SweepRow {
  int64_t n = 0;
  gridlock::trace::Timing t[kColumns];  // an empty one (no repetitions) was not run
  std::string not_run[kColumns];        // why, where a column could not run
  bool ran(Column c) const { return t[c].repetitions > 0; }
};

// The sweep's sizes: 10^6, 10^7, 10^8 and 2 * 2^largest_log2 ints in all, none above the last.
inline std::vector<int64_t> sweep_sizes(int largest_log2) {
  const int64_t top = int64_t(2) << largest_log2;
  std::vector<int64_t> sizes;
  for (int64_t n : {int64_t(1000000), int64_t(10000000), int64_t(100000000), top})
    if (n <= top) sizes.push_back(n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

inline gridlock::trace::Timing timing_of(const std::string& name, int64_t n, std::vector<double> ns) {
  std::sort(ns.begin(), ns.end());
  gridlock::trace::Timing t;
  t.name = name;
  t.elements = n;
  t.bytes = n * int64_t(sizeof(int));
  t.repetitions = int(ns.size());
  t.median_ns = ns[ns.size() / 2];
  t.min_ns = ns.front();
  t.max_ns = ns.back();
  return t;
}

inline constexpr int kWarmUps = 20, kRepetitions = 200;

// Times sum() on the host clock, kRepetitions times after kWarmUps: prepare() runs before each
// (outside the time), sum() enqueues and returns the sum as the host reads it, settle() runs after
// each (outside the time). Every sum must equal `expected`.
inline gridlock::trace::Timing time_on_host(const std::string& name, int64_t n, int expected, bool* wrong,
                                            const std::function<void()>& prepare,
                                            const std::function<int()>& sum,
                                            const std::function<void()>& settle) {
  using clock = std::chrono::steady_clock;
  std::vector<double> ns;
  for (int k = -kWarmUps; k < kRepetitions; ++k) {
    prepare();
    const clock::time_point begin = clock::now();
    const int got = sum();
    const clock::time_point end = clock::now();
    settle();
    if (got != expected) *wrong = true;
    if (k >= 0)
      ns.push_back(double(std::chrono::duration_cast<std::chrono::nanoseconds>(end - begin).count()));
  }
  return timing_of(name, n, ns);
}

struct BenchSetup {
  rf::Config config;
  int grid[2] = {0, 0};
  Route route = Route::peer;
  double gpu0_share = 0.5;  // of every input (balance_shares)
#if GRIDLOCK_HAVE_NCCL
  NcclComms* nccl = nullptr;
#endif
};

// One size's buffers: the input whole on GPU 0 (the one-GPU columns) and in halves on both GPUs.
struct SizeSetup {
  int64_t n;
  int expected, half_expected;  // the sums of all n ints and of the first n/2 (the ideal column's)
  int poison;                   // neither sum: what a run overwrites before it runs
  gridlock::DeviceBuffer<int> whole;
  rf::Workspace whole_ws;
  TwoGpus g;
  SizeSetup(const BenchSetup& b, const std::vector<int>& input)
      : n(int64_t(input.size())),
        expected(gridlock::reduction::cpu_reduce<gridlock::reduction::Sum>(input)),
        half_expected(gridlock::reduction::cpu_reduce<gridlock::reduction::Sum>(input, input.size() / 2)),
        poison(expected ^ 0x5A5A5A5A),
        whole(input),
        whole_ws(b.grid[0]),
        g(input, b.grid[0], b.grid[1], b.route, b.gpu0_share) {
    while (poison == expected || poison == half_expected) ++poison;
  }
};

// Times one column once (kRepetitions runs) at this size into row.t[c], or says in row.not_run[c]
// why it could not run.
inline void time_column(const BenchSetup& b, SizeSetup& z, Column c, SweepRow& row, bool* wrong,
                        gridlock::Watchdog& watchdog) {
  TwoGpus& g = z.g;
  const std::string name = column(c).name;
  // Without peer access the partial goes through the host in every form (the shipped variant
  // through-host takes that route on purpose); the forms that need the peer write say so.
  Form form = column(c).form;
  if (g.route() != Route::peer) {
    if (c == kPartialToPeer || c == kFlag || c == kFused) {
      row.not_run[c] = "it needs peer access, and this run's partial goes through the host";
      return;
    }
    form.partial_to_peer = false;
  }
  cudaStream_t s0 = g.part(0).stream.get();
  auto prepare = [&] { g.poison(z.poison); };
  auto settle = [&] {
    for (int d = 0; d < 2; ++d)
      gs::on_device(d, [&] { CUDA_CHECK(cudaStreamSynchronize(g.part(d).stream.get())); });
  };
  Share<false> s[2];
  g.shares(s);
  const Crossing x = g.crossing();
  unsigned* words = g.handoff_words();
  const HandoffWords w{g.received_slot(),      words,    words + 1, g.host_total(),
                       watchdog.device_flag(), words + 2};
  switch (c) {
    case kOneGpu:
    case kOneGpuToHost:
    case kIdeal: {
      const Share<false> one{0, s0, z.whole.get(), int(c == kIdeal ? z.n / 2 : z.n), b.grid[0], &z.whole_ws};
      const bool to_host = c != kOneGpu;
      row.t[c] = time_on_host(
          name, one.n, c == kIdeal ? z.half_expected : z.expected, wrong, prepare,
          [&] {
            gs::on_device(0,
                          [&] { launch_share(b.config, one, to_host ? g.host_total() : z.whole_ws.out()); });
            return g.read_sum(to_host ? nullptr : z.whole_ws.out());
          },
          settle);
      break;
    }
    case kGraph:
      try {
        const SumGraph<false> graph(b.config, s, x, form);
        row.t[c] = time_on_host(
            name, z.n, z.expected, wrong, prepare,
            [&] {
              graph.launch(s0);
              return g.read_total(form);
            },
            settle);
      } catch (const gridlock::CudaError& e) {
        row.not_run[c] = e.what();
      }
      break;
    case kFlag:
    case kFused:
      row.t[c] = time_on_host(
          name, z.n, z.expected, wrong, prepare,
          [&] {
            (c == kFlag ? sum_with_flag<false> : sum_fused<false>)(b.config, s, w);
            return g.read_sum(nullptr);
          },
          settle);
      if (g.poll_gave_up()) row.not_run[c] = "GPU 0's poll gave up: the watchdog fired";
      break;
    case kAllReduce:
    case kReduce: {
#if GRIDLOCK_HAVE_NCCL
      if (!b.nccl) break;
      int* results[2] = {g.part(0).nccl_result.get(), g.part(1).nccl_result.get()};
      row.t[c] = time_on_host(
          name, z.n, z.expected, wrong, prepare,
          [&] {
            sum_with_nccl<false>(b.config, s, b.nccl->get(), results, c == kAllReduce);
            return g.read_sum(results[0]);
          },
          settle);
#endif
      break;
    }
    default:
      row.t[c] = time_on_host(
          name, z.n, z.expected, wrong, prepare,
          [&] {
            sum_on_two<false>(b.config, s, x, form);
            return g.read_total(form);
          },
          settle);
  }
}

// reduce-fast over all n ints on GPU 0 with CUDA-event timing: the one-GPU machine's sweep.
inline gridlock::trace::Timing time_one_gpu(gridlock::LessonRun& run, const rf::Config& c,
                                            const std::vector<int>& input, int expected) {
  const int64_t n = int64_t(input.size());
  const int grid = c.grid(run.device().sm_count);
  const gridlock::DeviceBuffer<int> in(input);
  rf::Workspace ws(grid);
  const gridlock::trace::Timing t =
      gridlock::time_kernel("reduce-fast on one GPU", n, n * int64_t(sizeof(int)), kRepetitions,
                            [&] { rf::launch(c, grid, in.get(), int(n), ws); });
  if (ws.result() != expected)
    run.check_failed("bench at n=" + std::to_string(n) + ": one GPU's sum is wrong");
  return t;
}

// How many times as fast the lesson's two-GPU sum is as one GPU (the faster of its two endings),
// and as each of NCCL's.
inline double speed_up(const SweepRow& r) {
  return std::min(r.t[kOneGpu].median_ns, r.t[kOneGpuToHost].median_ns) / r.t[kTechnique].median_ns;
}
inline double ahead_of_all_reduce(const SweepRow& r) {
  return r.t[kAllReduce].median_ns / r.t[kTechnique].median_ns;
}
inline double ahead_of_reduce(const SweepRow& r) {
  return r.t[kReduce].median_ns / r.t[kTechnique].median_ns;
}

// One size of the sweep measured in rounds, each round timing every column in the same order: a
// ratio's run-to-run spread is that of its rounds (common/noise.hpp).
struct SweepSize {
  std::vector<SweepRow> rounds;
  gridlock::MeasuredRatio ratio(double (*of)(const SweepRow&)) const {
    std::vector<double> each;
    for (const SweepRow& r : rounds) each.push_back(of(r));
    return gridlock::measured_ratio(each);
  }
  // The round whose speed-up over one GPU is the median: the times the table and the trace show.
  const SweepRow& median_round() const { return rounds[ratio(speed_up).median_round]; }
};

// One recorded run of the sum as first written and one of the lesson's form, each broken down into
// where its time went (the recording reads %globaltimer in one-thread kernels around the crossing
// and the addition, so its times run a little over the sweep's).
inline void record_breakdowns(gridlock::LessonRun& run, const BenchSetup& b, SizeSetup& z) {
  const Clocks clocks = measure_clocks(2);
  const std::pair<const char*, Form> forms[] = {{"first", Form{}}, {"lesson", lesson_form(b.route)}};
  std::printf("\nWhere the time went at n=%lld (one recorded run each):\n", static_cast<long long>(z.n));
  for (const auto& [key, form] : forms) {
    RecordedRun r;
    record_event_path(run, b.config, z.g, clocks, form, r);
    if (r.total != z.expected) run.check_failed("the recorded breakdown's sum differs from the CPU's");
    const std::string text = "n=" + std::to_string(z.n) + ", " +
                             (form.graph ? "the lesson's form" : "the sum as first written") + ": " +
                             breakdown_text(breakdown_of(r), clocks.gpu1.uncertainty_ns);
    std::printf("  %s\n", text.c_str());
    run.trace().facts[std::string("bench.breakdown.") + key] = text;
  }
}

inline SweepSize sweep_size(gridlock::LessonRun& run, const BenchSetup& b, int64_t n, int rounds,
                            bool breakdown) {
  SizeSetup z(b, gridlock::reduction::input_for<gridlock::reduction::Sum>(n, run.options().seed));
  gridlock::Watchdog watchdog(std::chrono::seconds(60));
  SweepSize size;
  bool wrong = false;
  for (int k = 0; k < rounds; ++k) {
    SweepRow row;
    row.n = n;
    for (int c = 0; c < kColumns; ++c) {
      bool column_wrong = false;
      time_column(b, z, Column(c), row, &column_wrong, watchdog);
      if (column_wrong) row.not_run[c] = "a sum differed from the CPU's";
      wrong = wrong || column_wrong;
    }
    size.rounds.push_back(row);
  }
  watchdog.disarm();
  if (breakdown) record_breakdowns(run, b, z);
  if (wrong) run.check_failed("bench at n=" + std::to_string(n) + ": a sum differs from the CPU's");
  const SweepRow& shown = size.median_round();
  for (const gridlock::trace::Timing& t : shown.t)
    if (t.repetitions) run.trace().timings.push_back(t);
  return size;
}

// What each change of the ladder bought at one size: each form's median and its difference from
// the form before it, then the ideal.
inline std::string ladder_text(const SweepRow& r) {
  std::string text =
      "n=" + std::to_string(r.n) + ": as first written " + us_tenths(r.t[kAsFirstWritten].median_ns);
  const char* changes[] = {"GPU 1 first", "partial into GPU 0", "total into host memory", "one CUDA graph"};
  for (int c = kGpu1First; c <= kGraph; ++c) {
    if (!r.ran(Column(c))) continue;
    int before = c - 1;
    while (before > kAsFirstWritten && !r.ran(Column(before))) --before;
    const double change = r.t[c].median_ns - r.t[before].median_ns;
    text += std::string("; ") + changes[c - kGpu1First] + " " + us_tenths(r.t[c].median_ns) + " (" +
            (change < 0 ? "\xE2\x88\x92" : "+") + us_tenths(change < 0 ? -change : change) + ")";
  }
  return text + "; the ideal, one GPU over half the ints, " + us_tenths(r.t[kIdeal].median_ns);
}

// The forms without the event against the lesson's, at one size: each one's median and how many
// times as fast as the lesson's form it was (with its rounds' spread).
inline double flag_against_lesson(const SweepRow& r) {
  return r.t[kTechnique].median_ns / r.t[kFlag].median_ns;
}
inline double fused_against_lesson(const SweepRow& r) {
  return r.t[kTechnique].median_ns / r.t[kFused].median_ns;
}
inline std::string without_event_text(const SweepSize& size) {
  const SweepRow& r = size.median_round();
  if (!r.ran(kFlag) || !r.ran(kFused))
    return "n=" + std::to_string(r.n) + ": not run (they need the partial written into GPU 0's memory)";
  return "n=" + std::to_string(r.n) + ": the lesson's form " + us_tenths(r.t[kTechnique].median_ns) +
         "; flag " + us_tenths(r.t[kFlag].median_ns) + " (" +
         gridlock::ratio_with_spread(size.ratio(flag_against_lesson)) +
         " as fast); hand-off in the last blocks " + us_tenths(r.t[kFused].median_ns) + " (" +
         gridlock::ratio_with_spread(size.ratio(fused_against_lesson)) + " as fast)";
}

inline void print_sweep(const std::vector<SweepRow>& rows) {
  std::printf(
      "\nOne sum over n ints, same input, same run; host clock from before the first launch to the sum "
      "readable on the host, median of %d after %d warm-ups (time | times as fast as one GPU):\n",
      kRepetitions, kWarmUps);
  std::printf("  %-36s", "n");
  for (const SweepRow& r : rows) std::printf(" %22lld", static_cast<long long>(r.n));
  std::printf("\n");
  for (int c = 0; c < kColumns; ++c) {
    std::printf("  %-36s", column(Column(c)).name);
    for (const SweepRow& r : rows) {
      if (!r.ran(Column(c))) {
        std::printf(" %22s", "(not run)");
        continue;
      }
      const double one = std::min(r.t[kOneGpu].median_ns, r.t[kOneGpuToHost].median_ns);
      const std::string cell = gridlock::microseconds(r.t[c].median_ns, 1) + " | " +
                               gridlock::times_as_fast(one / r.t[c].median_ns, 2);
      std::printf(" %22s", cell.c_str());
    }
    std::printf("\n");
  }
  for (const SweepRow& r : rows)
    for (int c = 0; c < kColumns; ++c)
      if (!r.not_run[c].empty())
        std::printf("  n=%lld, %s: %s\n", static_cast<long long>(r.n), column(Column(c)).name,
                    r.not_run[c].c_str());
}

}  // namespace rm
