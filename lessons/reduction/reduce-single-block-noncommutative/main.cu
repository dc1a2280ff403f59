// reduce-single-block-noncommutative (R2): runs the order-keeping single-block reduction on this
// GPU with a truly non-commutative operator (2x2 matrices mod 2^32) beside R1's halving tree,
// puts each documented claim to the test at the teaching and the documented size, records one run
// step by step, and with --bench times the two patterns against each other.
#include <cstdio>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/exact_runs.hpp"
#include "reduction/common/matrix.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/reduce-single-block/kernels.cuh"

namespace r2 {

// R2's documented claims, declared once (TECHNIQUES.md, row R2).

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R2.order-kept",
    "Loading into the upper half, compressing adjacent pairs into the lower half and then the interleaved "
    "tree keep the operands in order, so the reduction is right for an associative operator that does not "
    "commute (a matrix product)."};
inline constexpr gridlock::ClaimSpec kCommutativePattern{
    "R2.commutative-pattern",
    "Only a commutative operator may be combined in another pattern: R1's halving tree with a matrix "
    "product gives a different answer."};
inline constexpr gridlock::ClaimSpec kIdentityPadding{
    "R2.identity-padding",
    "With a matrix product, the 0 that pads a short load must be replaced by the operator's neutral element, "
    "the identity matrix."};
inline constexpr gridlock::ClaimSpec kSum{
    "R2.sum", "Written with integer addition, as the example is for simplicity, it returns the right sum."};
inline constexpr gridlock::ClaimSpec kCommutativeFaster{
    "R2.commutative-faster",
    "When the operator also commutes, combining in another pattern gives a better memory access pattern: "
    "R1's tree is faster than the order-keeping one."};

// R2's launches: the order-keeping kernel and, for comparison, R1's commutative-pattern kernel on
// the same input, unrecorded as they are checked and timed; and the recorded run.

// The documented size: one block of 1024 threads over 10^6 elements.
constexpr int kDocumentedBlock = 1024;
constexpr int kDocumentedN = 1000000;

// One launch of the order-keeping kernel on `in`; returns its answer.
template <typename Op>
typename Op::T in_order_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    reduce_single_block_in_order<B, false, Op><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// One launch of R1's kernel (the halving tree, which reorders the operands) on `in`.
template <typename Op>
typename Op::T halving_on_gpu(const gridlock::DeviceBuffer<typename Op::T>& in, int n, int block) {
  gridlock::DeviceBuffer<typename Op::T> out(1);
  out.poison();
  gridlock::with_block_size(block, [&](auto B) {
    r1::reduce_single_block<B, false, Op><<<1, B.value>>>(in.get(), n, out.get(), {});
  });
  CUDA_CHECK_LAUNCH();
  return out.download_one();
}

// The recorded run: one launch of the Record=true instantiation with the matrix product on the
// first seed's input, then the two comparisons on the same input.
inline RecordedRun record_on_gpu(gridlock::LessonRun& run,
                                 gridlock::TreeRecording<gridlock::reduction::Mat2>& rec) {
  namespace red = gridlock::reduction;
  const auto& o = run.options();
  RecordedRun r;
  r.input = red::input_for<red::MatMul>(o.n, o.seed);
  gridlock::DeviceBuffer<red::Mat2> in(r.input), out(1);
  out.poison();
  run.clock().origin_ns();
  gridlock::with_block_size(o.block, [&](auto B) {
    reduce_single_block_in_order<B, true, red::MatMul>
        <<<1, B.value>>>(in.get(), int(o.n), out.get(), rec.device_view());
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  r.result = out.download_one();
  r.halving = halving_on_gpu<red::MatMul>(in, int(o.n), o.block);
  r.zero_padded = in_order_on_gpu<red::MatMulZeroPadding>(in, int(o.n), o.block);
  return r;
}

// R2 benchmark: R1's halving tree against the order-keeping kernel, same commutative operator
// (integer sum), same input, same run; and the verdict on "another pattern is faster when the
// operator commutes".

inline void bench_patterns(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int block = kDocumentedBlock;
  std::string measured;
  bool faster = true;
  std::printf("\nOne block of %d threads, integer sum, same input, same run:\n", block);
  std::printf("  %12s %16s %16s\n", "n", "R1's tree us", "in order us");
  for (const int n : {10000, kDocumentedN}) {
    const gridlock::DeviceBuffer<int> in(red::input_for<red::Sum>(n, run.options().seed));
    gridlock::DeviceBuffer<int> out(1);
    const std::string size = "<" + std::to_string(block) + ">";
    const auto halving =
        gridlock::time_kernel("reduce_single_block" + size, n, n * 4, red::repetitions_for(n), [&] {
          r1::reduce_single_block<kDocumentedBlock, false, red::Sum>
              <<<1, block>>>(in.get(), n, out.get(), {});
        });
    const auto in_order =
        gridlock::time_kernel("reduce_single_block_in_order" + size, n, n * 4, red::repetitions_for(n), [&] {
          reduce_single_block_in_order<kDocumentedBlock, false, red::Sum>
              <<<1, block>>>(in.get(), n, out.get(), {});
        });
    run.trace().timings.push_back(halving);
    run.trace().timings.push_back(in_order);
    std::printf("  %12d %16.2f %16.2f\n", n, halving.median_ns / 1e3, in_order.median_ns / 1e3);
    measured += (measured.empty() ? "" : "; ") +
                ("n=" + std::to_string(n) + ": R1's tree " + gridlock::microseconds(halving.median_ns, 1) +
                 ", in order " + gridlock::microseconds(in_order.median_ns, 1) + " (the tree " +
                 gridlock::times_as_fast(in_order.median_ns / halving.median_ns, 2) + " as fast)");
    faster = faster && halving.median_ns < in_order.median_ns;
  }
  run.claim(kCommutativeFaster, faster, measured,
            "read as: R1's kernel takes less time than the order-keeping one at both sizes (median of the "
            "launches, CUDA events)");
}

}  // namespace r2

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;
using red::Mat2;

// What one size's runs of the matrix product gave, each on fresh input.
struct OrderRuns {
  int64_t n = 0;
  int block = 0, runs = 0;
  int kept = 0;             // the order-keeping kernel gave the CPU's left-to-right product
  int halving_differs = 0;  // R1's halving tree gave something else
  int zero_wrong = 0;       // the order-keeping kernel padded with 0 gave something else
  std::string example;      // the first run's three answers
  bool padded() const { return n % block != 0; }
  std::string size() const { return "n=" + std::to_string(n) + ", block " + std::to_string(block); }
  std::string of(int count) const { return std::to_string(count) + "/" + std::to_string(runs); }
};

OrderRuns order_runs(const gridlock::LessonOptions& o, int64_t n, int block) {
  OrderRuns r;
  r.n = n, r.block = block, r.runs = o.runs;
  for (int k = 0; k < o.runs; ++k) {
    const std::vector<Mat2> input = red::input_for<red::MatMul>(n, o.seed + k);
    const gridlock::DeviceBuffer<Mat2> in(input);
    const Mat2 cpu = red::cpu_reduce<red::MatMul>(input);
    const Mat2 kept = r2::in_order_on_gpu<red::MatMul>(in, int(n), block);
    const Mat2 halving = r2::halving_on_gpu<red::MatMul>(in, int(n), block);
    r.kept += kept == cpu;
    r.halving_differs += halving != cpu;
    r.zero_wrong += r2::in_order_on_gpu<red::MatMulZeroPadding>(in, int(n), block) != cpu;
    if (k == 0)
      r.example = "seed " + std::to_string(o.seed) + ", " + r.size() + ": CPU " + red::to_text(cpu) +
                  ", order-keeping " + red::to_text(kept) + ", R1's tree " + red::to_text(halving);
  }
  return r;
}

void check_order(LessonRun& run) {
  const auto& o = run.options();
  const OrderRuns teaching = order_runs(o, o.n, o.block);
  const OrderRuns documented = order_runs(o, r2::kDocumentedN, r2::kDocumentedBlock);
  const bool kept = teaching.kept == o.runs && documented.kept == o.runs;
  run.claim(r2::kOrderKept, kept,
            teaching.size() + ": " + teaching.of(teaching.kept) +
                " runs equal the CPU's left-to-right product; " + documented.size() +
                " (documented): " + documented.of(documented.kept) + " (" + teaching.example + ")",
            "2x2 matrices of u32 multiplied modulo 2^32: associative, exact, and not commutative");
  if (!kept) run.check_failed("the order-keeping reduction differs from the CPU's product");

  run.claim(
      r2::kCommutativePattern, teaching.halving_differs == o.runs && documented.halving_differs == o.runs,
      "R1's halving tree on the same input with the same operator differs from the ordered product in " +
          teaching.of(teaching.halving_differs) + " runs at " + teaching.size() + " and " +
          documented.of(documented.halving_differs) + " at " + documented.size());

  std::string zero;
  bool holds = kept;
  for (const OrderRuns* r : {&teaching, &documented}) {
    zero += (zero.empty() ? "" : "; ") + r->size() + ": " + r->of(r->zero_wrong) + " runs wrong with 0" +
            (r->padded() ? "" : " (no short load at this size)");
    if (r->padded()) holds = holds && r->zero_wrong == o.runs;
  }
  run.claim(r2::kIdentityPadding, holds, zero + "; with the identity every run was right",
            "a short last load is padded; a product with the zero matrix is the zero matrix, so 0 as padding "
            "wipes out the whole product");
}

void check_sum(LessonRun& run) {
  const auto& o = run.options();
  std::string measured;
  bool all = true;
  for (const std::pair<int64_t, int>& size :
       {std::pair<int64_t, int>{o.n, o.block}, {r2::kDocumentedN, r2::kDocumentedBlock}}) {
    const int64_t n = size.first;
    const int block = size.second;
    const red::ExactRuns sum = red::exact_runs<red::Sum>(o, n, [&](const std::vector<int>& input) {
      return r2::in_order_on_gpu<red::Sum>(gridlock::DeviceBuffer<int>(input), int(n), block);
    });
    measured += (measured.empty() ? "" : "; ") + std::string("n=") + std::to_string(n) + ", block " +
                std::to_string(block) + ": " + sum.text();
    all = all && sum.all();
  }
  run.claim(r2::kSum, all, measured);
  if (!all) run.check_failed("the integer sum differs from the CPU's");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/300, /*block=*/64, /*grid=*/1, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    if (run.options().grid != 1)
      std::printf("note: this technique uses one block; --grid %d is ignored\n", run.options().grid);
    check_order(run);
    check_sum(run);
    gridlock::TreeRecording<Mat2> rec(r2::recording_shape(run.options()));
    const r2::RecordedRun recorded = r2::record_on_gpu(run, rec);
    r2::record_steps(run, rec, recorded);
    if (run.options().bench)
      r2::bench_patterns(run);
    else
      run.claim_not_observable(
          r2::kCommutativeFaster,
          "a performance claim: run with --bench to time both patterns on the same input");
  });
}
