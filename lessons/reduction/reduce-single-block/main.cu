// reduce-single-block (R1): runs the single-block reduction on this GPU, puts each documented
// claim to the test, records one run step by step, and with --bench times it against CUB.
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/exact_runs.hpp"

namespace r1 {

// R1's documented claims, declared once (TECHNIQUES.md, row R1).

inline constexpr gridlock::ClaimSpec kSum{"R1.sum",
                                          "One block (strided load, then a halving tree with one "
                                          "__syncthreads() per level) returns the right sum."};
inline constexpr gridlock::ClaimSpec kDropFirstLoop{
    "R1.drop-first-loop", "When the input has exactly blockSize elements, the first loop can be dropped."};
inline constexpr gridlock::ClaimSpec kOtherOperators{
    "R1.other-operators",
    "The same code works for any other commutative, associative operator: multiplication, minimum, maximum."};
inline constexpr gridlock::ClaimSpec kSmallInputs{
    "R1.small-inputs",
    "A single block is the practical choice when the input is small (a few thousand elements)."};

// R1's plain launch: the unrecorded kernel, as it is timed and checked.

// One launch on `in`; returns the kernel's answer.
template <typename Op, bool StridedLoad = true>
typename Op::T reduce_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    reduce_single_block<B, false, Op, StridedLoad><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// The same, from a host vector.
template <typename Op, bool StridedLoad = true>
typename Op::T reduce_on_gpu(const std::vector<typename Op::T>& input, int block) {
  return reduce_on_gpu<Op, StridedLoad>(gridlock::DeviceBuffer<typename Op::T>(input), int(input.size()),
                                        block);
}

// R1 benchmark: the plain kernel against cub::DeviceReduce::Sum on the same input, in one run,
// over a sweep of sizes; and the verdict on "a single block suits small inputs".

inline void bench_against_cub(gridlock::LessonRun& run) {
  const int block = run.options().block;
  const std::vector<gridlock::reduction::SizeTiming> results = gridlock::reduction::time_against_cub(
      run, {run.options().n, 100000, 1000000, 10000000, 100000000},
      "reduce_single_block<" + std::to_string(block) + ">", [&](const int* in, int* out, int64_t n) {
        gridlock::with_block_size(block, [&](auto B) {
          reduce_single_block<B, false, gridlock::reduction::Sum><<<1, B.value>>>(in, int(n), out, {});
        });
      });
  gridlock::reduction::print_cub_table(results, "One block");
  // "Practical" read as: at least half as fast as CUB at the smallest size, and far behind it
  // (under a tenth as fast) once the input is large.
  const gridlock::reduction::SizeTiming& small = results.front();
  const gridlock::reduction::SizeTiming& large = results.back();
  run.claim(kSmallInputs, small.as_fast_as_cub() >= 0.5 && large.as_fast_as_cub() < 0.1,
            "one block vs cub::DeviceReduce::Sum: " + gridlock::reduction::cub_table_text(results),
            "read as: at least half as fast as CUB at the smallest size and under a tenth as fast at the "
            "largest; "
            "inputs under the L2 size are timed warm, as they are when a reduction is one step of a larger "
            "program");
}

}  // namespace r1

// The recording launches through the launch function above.
#include "record_steps.cuh"

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
