// reduce-two-kernels (R3): runs the two-launch multi-block reduction on this GPU, puts each
// documented claim to the test at the teaching and the documented configuration, records both
// launches block by block on one clock, and with --bench sweeps the grid size against CUB.
#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "common/lesson.hpp"
#include "common/units.hpp"
#include "lesson_info.hpp"
#include "reduction/common/exact_runs.hpp"
#include "reduction/common/grid_sweep.cuh"
#include "run_kernel.cuh"

namespace r3 {

// R3's documented claims, declared once (TECHNIQUES.md, row R3).

inline constexpr gridlock::ClaimSpec kSum{
    "R3.sum",
    "Per-block partial sums (a grid-stride loop, then a halving tree in shared memory) and a second launch "
    "of "
    "the same kernel with one block over the partials return the right sum."};
inline constexpr gridlock::ClaimSpec kBoundary{
    "R3.kernel-boundary",
    "Launching the second kernel makes a grid-wide synchronisation point: it reads the partials only after "
    "every block of the first launch has written its own."};
inline constexpr gridlock::ClaimSpec kMoreBlocks{
    "R3.more-blocks",
    "Launching more blocks than it takes to keep every SM busy, up to as many threads as elements, is "
    "counter-productive: it adds no computing power and gives up the efficient first loop."};
inline constexpr gridlock::ClaimSpec kSmTimesTwo{
    "R3.sm-times-two",
    "The grid size depends on the hardware (24 in the example); twice the number of SMs is usually a good "
    "choice."};

// R3 benchmark: both launches over a sweep of grid sizes at the documented 10^8 elements, against
// cub::DeviceReduce::Sum on the same input, in one run; the verdicts on "more blocks than fill the
// SMs is counter-productive" and "twice the SM count is usually good".

// How many blocks of the documented kernel fit on the GPU at once: SMs x resident blocks per SM.
inline int blocks_that_fill(int sm_count) {
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, reduce_partials<kDocumentedBlock, false, gridlock::reduction::Sum>, kDocumentedBlock, 0));
  return sm_count * per_sm;
}

inline void claim_more_blocks(gridlock::LessonRun& run, const gridlock::reduction::GridSweep& sweep,
                              int fill) {
  const double at_fill = sweep.at(fill).timing.median_ns;
  const gridlock::reduction::GridTiming& per_element = sweep.rows.back();
  double fastest_beyond = 1e300;
  for (const auto& r : sweep.rows)
    if (r.grid > fill) fastest_beyond = std::min(fastest_beyond, r.timing.median_ns);
  const std::string read = "read as: no grid beyond the " + std::to_string(fill) +
                           " blocks that fill the GPU is more than 3% faster "
                           "than " +
                           std::to_string(fill) + ", and one thread per element (" +
                           std::to_string(per_element.grid) +
                           " blocks) is over 5% slower; here the fastest beyond is " +
                           gridlock::times_as_fast(at_fill / fastest_beyond, 2) + " as fast as " +
                           std::to_string(fill) + " and one thread per element " +
                           gridlock::times_as_fast(at_fill / per_element.timing.median_ns, 2) + " as fast";
  run.claim(kMoreBlocks, fastest_beyond >= 0.97 * at_fill && per_element.timing.median_ns > 1.05 * at_fill,
            gridlock::reduction::sweep_text(sweep), read);
}

inline void claim_sm_times_two(gridlock::LessonRun& run, const gridlock::reduction::GridSweep& sweep,
                               int sm_count) {
  const auto& best = sweep.best();
  const double twice = sweep.at(2 * sm_count).timing.median_ns,
               documented = sweep.at(kDocumentedGrid).timing.median_ns;
  const std::string text = "grid " + std::to_string(2 * sm_count) + " (2 \xC3\x97 " +
                           std::to_string(sm_count) + " SMs): " + gridlock::microseconds(twice, 1) + ", " +
                           gridlock::times_as_fast(best.timing.median_ns / twice, 2) +
                           " as fast as the best (grid " + std::to_string(best.grid) + ", " +
                           gridlock::microseconds(best.timing.median_ns, 1) +
                           "); the documented 24: " + gridlock::microseconds(documented, 1) + ", " +
                           gridlock::times_as_fast(best.timing.median_ns / documented, 2) + " as fast";
  run.claim(kSmTimesTwo, twice <= 1.10 * best.timing.median_ns, text,
            "read as: within 10% of the best grid of the sweep; 24 suits a GPU with 12 SMs");
}

inline void bench_grid_sweep(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int sms = run.device().sm_count, fill = blocks_that_fill(sms);
  std::vector<int> grids = red::sweep_grids(sms, kDocumentedN, kDocumentedBlock);
  grids.push_back(fill);
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  const std::vector<int> input = red::input_for<red::Sum>(kDocumentedN, run.options().seed);
  const red::GridSweep sweep = red::time_grid_sweep(
      run, input, grids, "reduce_partials<1024> twice", [](const int* in, int* out, int64_t n, int grid) {
        launch_both<kDocumentedBlock, red::Sum>(in, out, int(n), grid);
      });
  red::print_sweep(sweep, sms);
  claim_more_blocks(run, sweep, fill);
  claim_sm_times_two(run, sweep, sms);
  red::add_sweep_facts(run.trace(), "sweep.", sweep, fill);
  // The SM count the sweep's grids are multiples of, a constant of the run.
  gridlock::trace::set_fact(run.trace(), "sm_count",
                            gridlock::trace::setting_fact(run.trace(), "sm_count", double(sms)));
}

}  // namespace r3

// The recording, with the same launches.
#include "record_steps.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;

void check_sum(LessonRun& run) {
  const auto& o = run.options();
  std::string measured;
  bool all = true;
  for (const auto& [n, grid, block] : {std::tuple<int64_t, int, int>{o.n, o.grid, o.block},
                                       {r3::kCheckN, r3::kDocumentedGrid, r3::kDocumentedBlock}}) {
    const int g = grid, b = block;
    const red::ExactRuns sum = red::exact_runs<red::Sum>(
        o, n, [&](const std::vector<int>& input) { return r3::two_launches_on_gpu<red::Sum>(input, g, b); });
    measured += (measured.empty() ? "" : "; ") + red::config_text(n, grid, block) + ": " + sum.text();
    all = all && sum.all();
  }
  run.claim(r3::kSum, all,
            measured + " (fresh random input per run; the documented 10^8 elements with --bench)");
  if (!all) run.check_failed("the sum differs from the CPU reference");
}

// Records o.runs pairs of launches at the documented configuration and measures, on the GPU's
// clock, how long after the first launch's last store the second launch began.
void check_boundary(LessonRun& run) {
  const auto& o = run.options();
  const std::vector<int> input = red::input_for<red::Sum>(r3::kCheckN, o.seed);
  const int expected = red::cpu_reduce<red::Sum>(input);
  // One value a run, in µs: from the first launch's last store to the second launch's start.
  gridlock::trace::Series gaps{"time from the last partial's store to the second launch's start, each run, " +
                                   red::config_text(r3::kCheckN, r3::kDocumentedGrid, r3::kDocumentedBlock),
                               "\xC2\xB5s",
                               {}};
  int after = 0, exact = 0;
  for (int k = 0; k < o.runs; ++k) {
    gridlock::TreeRecording<int> first(r3::recording_shape(r3::kDocumentedGrid, r3::kDocumentedBlock));
    gridlock::TreeRecording<int> second(r3::recording_shape(1, r3::kDocumentedBlock));
    gridlock::RunClock clock;
    exact += r3::record_on_gpu(clock, input, first, second) == expected;
    const int64_t gap = r3::boundary_gap(first, second, first.steps() - 1);
    after += gap > 0;
    gaps.values.push_back(double(gap) / 1e3);
  }
  gridlock::trace::FactValue range =
      gridlock::trace::series_range_fact(run.trace(), gridlock::trace::add_series(run.trace(), gaps));
  range.decimals = 2;
  gridlock::trace::set_fact(run.trace(), "boundary.documented_gaps", range);
  const std::string gap_range = run.trace().facts.at("boundary.documented_gaps") + " \xC2\xB5s";
  run.claim(
      r3::kBoundary, after == o.runs && exact == o.runs,
      "in " + std::to_string(after) + "/" + std::to_string(o.runs) + " recorded runs at " +
          red::config_text(r3::kCheckN, r3::kDocumentedGrid, r3::kDocumentedBlock) +
          ", every block of the second launch started after every block of the first had stored its "
          "partial, " +
          gap_range +
          " after the last store; the second launch read the partials the first wrote "
          "(" +
          std::to_string(exact) + "/" + std::to_string(o.runs) + " sums exact)",
      "times from %globaltimer, one clock for every SM: the last store's time is read after the store is "
      "issued, the second launch's at its first instruction");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/6000, /*block=*/128, /*grid=*/8, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    check_sum(run);
    check_boundary(run);
    gridlock::TreeRecording<int> first(r3::recording_shape(o.grid, o.block)),
        second(r3::recording_shape(1, o.block));
    const std::vector<int> input = red::input_for<red::Sum>(o.n, o.seed);
    const int result = r3::record_on_gpu(run.clock(), input, first, second);
    r3::record_steps(run, first, second, input, result);
    if (o.bench) {
      r3::bench_grid_sweep(run);
    } else {
      const char* why = "a performance claim: run with --bench to time a sweep of grid sizes against CUB";
      run.claim_not_observable(r3::kMoreBlocks, why);
      run.claim_not_observable(r3::kSmTimesTwo, why);
    }
  });
}
