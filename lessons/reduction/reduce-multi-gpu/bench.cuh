// RM's sweep: at each size, reduce-fast on one GPU, the event-and-copy sum on two, and (where NCCL
// was found) the same shares combined by ncclAllReduce and by ncclReduce; every result checked
// against the CPU's sum, every time a median of CUDA-event timings taken on GPU 0 from a start
// event that GPU 1's stream also waits for to a stop event behind both GPUs' work.
#pragma once

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/noise.hpp"
#include "common/units.hpp"
#include "reduction/common/bench_table.cuh"
#include "setup.cuh"

namespace rm {

struct SweepRow {
  int64_t n = 0;
  gridlock::trace::Timing one, two, all_reduce, reduce;  // NCCL's are empty (0 ns) without NCCL
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

// Times enqueue() (work in both GPUs' streams) from an event on GPU 0's stream, which GPU 1's
// stream waits for, to an event on GPU 0's stream behind a wait for GPU 1's stream.
inline gridlock::trace::Timing time_on_two(const std::string& name, int64_t n, TwoGpus& g,
                                           const std::function<void()>& enqueue) {
  cudaStream_t s0 = g.part(0).stream.get(), s1 = g.part(1).stream.get();
  auto start = gs::on_device(0, [] { return std::make_unique<gs::Event>(); });
  auto stop = gs::on_device(0, [] { return std::make_unique<gs::Event>(); });
  auto done1 = gs::on_device(1, [] { return std::make_unique<gs::Event>(cudaEventDisableTiming); });
  const int reps = gridlock::reduction::repetitions_for(n);
  std::vector<double> ns;
  for (int k = -3; k < reps; ++k) {  // three warm-up runs
    gs::on_device(0, [&] { CUDA_CHECK(cudaEventRecord(start->get(), s0)); });
    gs::on_device(1, [&] { CUDA_CHECK(cudaStreamWaitEvent(s1, start->get(), 0)); });
    enqueue();
    gs::on_device(1, [&] { CUDA_CHECK(cudaEventRecord(done1->get(), s1)); });
    float ms = 0;
    gs::on_device(0, [&] {
      CUDA_CHECK(cudaStreamWaitEvent(s0, done1->get(), 0));
      CUDA_CHECK(cudaEventRecord(stop->get(), s0));
      CUDA_CHECK(cudaEventSynchronize(stop->get()));
      CUDA_CHECK(cudaEventElapsedTime(&ms, start->get(), stop->get()));
    });
    if (k >= 0) ns.push_back(ms * 1e6);
  }
  CUDA_CHECK(cudaGetLastError());
  return timing_of(name, n, ns);
}

// reduce-fast over all n ints on GPU 0, checked against `expected`.
inline gridlock::trace::Timing time_one_gpu(gridlock::LessonRun& run, const rf::Config& c,
                                            const std::vector<int>& input, int expected) {
  const int64_t n = int64_t(input.size());
  const int grid = c.grid(run.device().sm_count);
  const gridlock::DeviceBuffer<int> in(input);
  rf::Workspace ws(grid);
  const gridlock::trace::Timing t = gridlock::time_kernel(
      "reduce-fast on one GPU", n, n * int64_t(sizeof(int)), gridlock::reduction::repetitions_for(n),
      [&] { rf::launch(c, grid, in.get(), int(n), ws); });
  if (ws.result() != expected)
    run.check_failed("bench at n=" + std::to_string(n) + ": one GPU's sum is wrong");
  return t;
}

struct BenchSetup {
  rf::Config config;
  int grid[2] = {0, 0};
  Route route = Route::peer;
#if GRIDLOCK_HAVE_NCCL
  NcclComms* nccl = nullptr;
#endif
};

// One row of the sweep (two GPUs present).
inline SweepRow sweep_row(gridlock::LessonRun& run, const BenchSetup& b, int64_t n) {
  const std::vector<int> input =
      gridlock::reduction::input_for<gridlock::reduction::Sum>(n, run.options().seed);
  const int expected = gridlock::reduction::cpu_reduce<gridlock::reduction::Sum>(input);
  SweepRow row;
  row.n = n;
  row.one = time_one_gpu(run, b.config, input, expected);
  TwoGpus g(input, b.grid[0], b.grid[1], b.route);
  Share<false> s[2];
  g.shares(s);
  const Crossing x = g.crossing();
  row.two = time_on_two("two GPUs: event + copy", n, g, [&] { sum_on_two<false>(b.config, s, x); });
  if (g.wait_for_total() != expected) run.check_failed("bench at n=" + std::to_string(n) + ": two GPUs' sum");
#if GRIDLOCK_HAVE_NCCL
  if (b.nccl) {
    ncclComm_t* comms = b.nccl->get();
    int* results[2] = {g.part(0).nccl_result.get(), g.part(1).nccl_result.get()};
    for (bool all : {true, false}) {
      gridlock::trace::Timing t =
          time_on_two(all ? "two GPUs: ncclAllReduce" : "two GPUs: ncclReduce", n, g,
                      [&] { sum_with_nccl<false>(b.config, s, comms, results, all); });
      const int got = gs::on_device(0, [&] { return g.part(0).nccl_result.download_one(); });
      if (got != expected) run.check_failed("bench at n=" + std::to_string(n) + ": NCCL's sum");
      (all ? row.all_reduce : row.reduce) = t;
    }
  }
#endif
  return row;
}

// How many times as fast the event-and-copy sum is as one GPU, and as each of NCCL's.
inline double speed_up(const SweepRow& r) { return r.one.median_ns / r.two.median_ns; }
inline double ahead_of_all_reduce(const SweepRow& r) { return r.all_reduce.median_ns / r.two.median_ns; }
inline double ahead_of_reduce(const SweepRow& r) { return r.reduce.median_ns / r.two.median_ns; }

// One size of the sweep measured in rounds, each round timing all four in the same order: a
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

inline SweepSize sweep_size(gridlock::LessonRun& run, const BenchSetup& b, int64_t n, int rounds) {
  SweepSize size;
  for (int k = 0; k < rounds; ++k) size.rounds.push_back(sweep_row(run, b, n));
  const SweepRow& shown = size.median_round();
  for (const gridlock::trace::Timing* t : {&shown.one, &shown.two, &shown.all_reduce, &shown.reduce})
    if (t->repetitions) run.trace().timings.push_back(*t);
  return size;
}

inline void print_sweep(const std::vector<SweepRow>& rows) {
  std::printf("\nOne sum over n ints, same input, same run (median us | GB/s | times as fast as one GPU):\n");
  std::printf("  %11s %22s %28s %28s %28s\n", "n", "one GPU", "two GPUs: event + copy", "ncclAllReduce",
              "ncclReduce");
  auto cell = [](const gridlock::trace::Timing& t, const gridlock::trace::Timing& one) {
    char text[64];
    if (!t.repetitions) return std::string("(not run)");
    std::snprintf(text, sizeof text, "%9.1f | %6.0f | ", t.median_ns / 1e3, t.gbytes_per_s());
    return text + gridlock::times_as_fast(one.median_ns / t.median_ns, 2);
  };
  for (const SweepRow& r : rows)
    std::printf("  %11lld %22s %28s %28s %28s\n", static_cast<long long>(r.n), cell(r.one, r.one).c_str(),
                cell(r.two, r.one).c_str(), cell(r.all_reduce, r.one).c_str(), cell(r.reduce, r.one).c_str());
}

}  // namespace rm
