// reduce-single-block (R1): runs the single-block reduction on this GPU, puts each documented
// claim to the test, records one run step by step, and with --bench times it against CUB.
#include <algorithm>
#include <string>
#include <vector>

#include "bench.cuh"
#include "common/lesson.hpp"
#include "kernel_source.hpp"
#include "record_steps.cuh"
#include "run_kernel.cuh"

namespace {

// How many of `runs` fresh random inputs the kernel reduces exactly as the CPU does.
template <typename Op, bool StridedLoad = true>
int exact_runs(const gridlock::LessonOptions& o, int64_t n, std::string* first_miss) {
  int exact = 0;
  for (int run = 0; run < o.runs; ++run) {
    std::vector<typename Op::T> host = input_for<Op>(n, o.seed + run);
    typename Op::T gpu = reduce_on_gpu<Op, StridedLoad>(DeviceBuffer<typename Op::T>(host), int(n), o.block);
    typename Op::T cpu = cpu_reduce<Op>(host, host.size());
    if (gpu == cpu) ++exact;
    else if (first_miss->empty())
      *first_miss = "seed " + std::to_string(o.seed + run) + ": GPU " + std::to_string(gpu) +
                    ", CPU " + std::to_string(cpu);
  }
  return exact;
}

std::string runs_text(int exact, int runs) {
  return std::to_string(exact) + "/" + std::to_string(runs) + " runs exact";
}

void check_sum(LessonRun& run) {
  const auto& o = run.options();
  std::string miss;
  int exact = exact_runs<r1::Sum>(o, o.n, &miss);
  std::string where = " (fresh random input per run, n=" + std::to_string(o.n) +
                      ", block=" + std::to_string(o.block) + ")";
  run.claim("R1.sum",
            "One block (strided load, then a halving tree with one __syncthreads() per level) "
            "returns the right sum.",
            exact == o.runs, runs_text(exact, o.runs) + where + (miss.empty() ? "" : "; first miss: " + miss));
  if (exact != o.runs) run.check_failed("the sum differs from the CPU reference: " + miss);
}

void check_drop_first_loop(LessonRun& run) {
  const auto& o = run.options();
  std::string miss;
  int exact = exact_runs<r1::Sum, false>(o, o.block, &miss);
  std::string measured = "without the loop at n == block (" + std::to_string(o.block) + "): " +
                         runs_text(exact, o.runs) + (miss.empty() ? "" : " (" + miss + ")");
  if (o.n > o.block) {
    std::vector<int> host = input_for<r1::Sum>(o.n, o.seed);
    int gpu = reduce_on_gpu<r1::Sum, false>(DeviceBuffer<int>(host), int(o.n), o.block);
    measured += "; the same kernel at n=" + std::to_string(o.n) + " returned " + std::to_string(gpu) +
                ", the sum of the first " + std::to_string(o.block) + " elements is " +
                std::to_string(cpu_reduce<r1::Sum>(host, o.block)) + " and the full sum " +
                std::to_string(cpu_reduce<r1::Sum>(host, host.size()));
  }
  run.claim("R1.drop-first-loop", "When the input has exactly blockSize elements, the first loop can be dropped.",
            exact == o.runs, measured, "only then: with more elements the shortcut silently ignores the rest");
}

void check_other_operators(LessonRun& run) {
  const auto& o = run.options();
  std::string miss;
  int min_exact = exact_runs<r1::Min>(o, o.n, &miss);
  int max_exact = exact_runs<r1::Max>(o, o.n, &miss);
  int product_exact = exact_runs<r1::Product>(o, o.n, &miss);
  bool all = min_exact == o.runs && max_exact == o.runs && product_exact == o.runs;
  run.claim("R1.other-operators",
            "The same code works for any other commutative, associative operator: multiplication, minimum, maximum.",
            all,
            "min " + runs_text(min_exact, o.runs) + ", max " + runs_text(max_exact, o.runs) +
                ", product mod 2^32 of odd values " + runs_text(product_exact, o.runs) +
                (miss.empty() ? "" : "; first miss: " + miss),
            "the product is taken modulo 2^32 so that it is exactly associative; a float product is not");
  if (!all) run.check_failed("an operator's result differs from the CPU reference: " + miss);
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonInfo info{
      {"reduce-single-block", "Single-block reduction, commutative operator",
       /*defaults=*/{"", 10000, 1024, 1, 1, 20, false}, /*max_block=*/1024, /*min_block=*/64},
      "R1",
      {kKernelSourcePath, kKernelSourceText}};
  return gridlock::run_lesson(argc, argv, info, [](LessonRun& run) {
    if (run.options().grid != 1)
      std::printf("note: this technique uses one block; --grid %d is ignored\n", run.options().grid);
    check_sum(run);
    check_drop_first_loop(run);
    check_other_operators(run);
    record_steps(run);
    if (run.options().bench)
      bench_against_cub(run);
    else
      run.claim_not_observable("R1.small-inputs",
                               "A single block is the practical choice when the input is small (a few thousand elements).",
                               "a performance claim: run with --bench to time it against cub::DeviceReduce::Sum");
  });
}
