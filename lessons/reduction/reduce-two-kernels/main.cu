// reduce-two-kernels (R3): runs the two-launch multi-block reduction on this GPU, puts each
// documented claim to the test at the teaching and the documented configuration, records both
// launches block by block on one clock, and with --bench sweeps the grid size against CUB.
#include <string>
#include <tuple>
#include <vector>

#include "bench.cuh"
#include "claims.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/exact_runs.hpp"
#include "run_kernel.cuh"

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
