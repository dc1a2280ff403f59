// reduce-single-block (R1): runs the single-block reduction on this GPU, puts each documented
// claim to the test, records one run step by step, and with --bench times it against CUB.
#include <string>
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

template <typename Op, bool StridedLoad = true>
red::ExactRuns exact_runs(const LessonRun& run, int64_t n) {
  const int block = run.options().block;
  return red::exact_runs<Op>(run.options(), n, [&](const std::vector<typename Op::T>& input) {
    return r1::reduce_on_gpu<Op, StridedLoad>(input, block);
  });
}

void check_sum(LessonRun& run) {
  const auto& o = run.options();
  const red::ExactRuns sum = exact_runs<red::Sum>(run, o.n);
  run.claim(r1::kSum, sum.all(),
            sum.text() + " (fresh random input per run, n=" + std::to_string(o.n) +
                ", block=" + std::to_string(o.block) + ")");
  if (!sum.all()) run.check_failed("the sum differs from the CPU reference: " + sum.first_miss);
}

void check_drop_first_loop(LessonRun& run) {
  const auto& o = run.options();
  const red::ExactRuns at_block = exact_runs<red::Sum, false>(run, o.block);
  std::string measured =
      "without the loop at n == block (" + std::to_string(o.block) + "): " + at_block.text();
  if (o.n > o.block) {
    const std::vector<int> input = red::input_for<red::Sum>(o.n, o.seed);
    const int gpu = r1::reduce_on_gpu<red::Sum, false>(input, o.block);
    measured += "; the same kernel at n=" + std::to_string(o.n) + " returned " + std::to_string(gpu) +
                ", the sum of the first " + std::to_string(o.block) + " elements is " +
                std::to_string(red::cpu_reduce<red::Sum>(input, size_t(o.block))) + " and the full sum " +
                std::to_string(red::cpu_reduce<red::Sum>(input));
  }
  run.claim(r1::kDropFirstLoop, at_block.all(), measured,
            "only then: with more elements the shortcut silently ignores the rest");
}

void check_other_operators(LessonRun& run) {
  const auto& o = run.options();
  const red::ExactRuns min = exact_runs<red::Min>(run, o.n), max = exact_runs<red::Max>(run, o.n),
                       product = exact_runs<red::Product>(run, o.n);
  const bool all = min.all() && max.all() && product.all();
  run.claim(
      r1::kOtherOperators, all,
      "min " + min.text() + ", max " + max.text() + ", product mod 2^32 of odd values " + product.text(),
      "the product is taken modulo 2^32 so that it is exactly associative; a float product is not");
  if (!all) run.check_failed("an operator's result differs from the CPU reference");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/10000, /*block=*/1024, /*grid=*/1, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    if (run.options().grid != 1)
      std::printf("note: this technique uses one block; --grid %d is ignored\n", run.options().grid);
    check_sum(run);
    check_drop_first_loop(run);
    check_other_operators(run);
    r1::record_steps(run);
    if (run.options().bench)
      r1::bench_against_cub(run);
    else
      run.claim_not_observable(
          r1::kSmallInputs,
          "a performance claim: run with --bench to time it against cub::DeviceReduce::Sum");
  });
}
