// reduce-multi-block-noncommutative (R5): runs the order-keeping multi-block reduction on this GPU
// with a truly non-commutative operator (2x2 matrices mod 2^32), with the documented guard, the
// corrected one and split in two launches, beside R4's commutative pattern; puts each documented
// claim to the test at the teaching and the documented configuration, records one launch block by
// block, and with --bench times the forms at the documented size.
#include <climits>
#include <cstdio>
#include <string>
#include <vector>

#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "reduction/common/bench_table.cuh"
#include "reduction/common/matrix.cuh"
#include "reduction/common/trace_parts.hpp"
#include "run_kernel.cuh"

namespace r5 {

// R5's documented claims, declared once (TECHNIQUES.md, row R5).

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R5.order-kept",
    "Cutting the input into contiguous chunks, one per block, reducing each in order (R2's routine) and "
    "having "
    "the last block reduce the partials in block order keeps the operand order across blocks."};
inline constexpr gridlock::ClaimSpec kCommutativePattern{
    "R5.commutative-pattern",
    "The multi-block reduction for commutative operators (R4: grid-stride slices, halving trees) does not "
    "keep "
    "the order: with a matrix product it gives a different answer."};
inline constexpr gridlock::ClaimSpec kLastBlockOnly{
    "R5.last-block-only", "lastBlock lets through only the last block to reach it."};
inline constexpr gridlock::ClaimSpec kTwoLaunches{
    "R5.two-launches",
    "To avoid the guard, the kernel can be split into two launches: the chunks, then R2's kernel over the "
    "partials."};

// R5 benchmark: at the documented 10^8 matrices, this lesson's kernel (documented guard), its
// split form and R4's commutative pattern with the same operator, at the documented 24 blocks and
// at twice the SM count, on one input, in one run; each median is also a fact for the README.

inline void bench_forms(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int64_t n = kDocumentedN;
  const std::vector<red::Mat2> input = red::input_for<red::MatMul>(n, run.options().seed);
  const red::Mat2 expected = red::cpu_reduce<red::MatMul>(input);
  const gridlock::DeviceBuffer<red::Mat2> in(input);
  gridlock::DeviceBuffer<unsigned> tickets(1);
  const int twice = 2 * run.device().sm_count;
  gridlock::DeviceBuffer<red::Mat2> out(static_cast<size_t>(twice));
  std::printf("\nAt n=%lld 2x2 matrices, blocks of %d threads, same input, same run (median us):\n",
              static_cast<long long>(n), kDocumentedBlock);
  std::printf("  %-44s %12s %12s\n", "kernel", "grid 24", "grid 2 x SMs");
  struct Entry {
    Form form;
    const char* name;
    const char* key;  // of the facts
  };
  const Entry forms[] = {{Form::documented, "reduce_chunks_in_order<1024>", "in_order"},
                         {Form::split, "reduce_chunks<1024> + R2's kernel", "split"},
                         {Form::commutative, "R4's reduce_with_last_block<1024>", "commutative"}};
  namespace tr = gridlock::trace;
  tr::Trace& t = run.trace();
  tr::set_fact(t, "bench.n", tr::setting_fact(t, "bench_n", double(n)));
  const int grids = red::grid_series(t, {kDocumentedGrid, twice}, "blocks in each grid of the benchmark");
  tr::set_fact(t, "bench.twice_grid", tr::series_value_fact(t, grids, 1, false));
  for (const Entry& entry : forms) {
    const Form form = entry.form;
    const char* name = entry.name;
    double medians[2];
    for (int k = 0; k < 2; ++k) {
      const int grid = k == 0 ? kDocumentedGrid : twice;
      out.poison();
      const gridlock::trace::Timing timing = gridlock::time_kernel(
          std::string(name) + ", grid " + std::to_string(grid), n, n * 16, red::repetitions_for(n), [&] {
            launch_form<kDocumentedBlock, red::MatMul>(form, in.get(), out.get(), tickets.get(), int(n),
                                                       grid);
          });
      if (form != Form::commutative && out.download_one() != expected)
        run.check_failed(std::string(name) + " at grid " + std::to_string(grid) +
                         " differs from the CPU's product");
      t.timings.push_back(timing);
      tr::set_fact(t, std::string("bench.") + entry.key + (k == 0 ? ".grid24" : ".twice"),
                   tr::timing_median_fact(t, int(t.timings.size()) - 1, tr::FactUnit::us, 2));
      medians[k] = timing.median_ns / 1e3;
    }
    std::printf("  %-44s %12.1f %12.1f\n", name, medians[0], medians[1]);
  }
}

}  // namespace r5

// The recording, with the same launches.
#include "record_steps.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;
using red::Mat2;

// What one configuration's runs gave, each on fresh input: how many equalled the CPU's product.
struct Counts {
  int64_t n = 0;
  int grid = 0, block = 0, runs = 0;
  int documented = 0, acquire = 0, split = 0, commutative_differs = 0;
  std::string example;
  std::string size() const {
    return "n=" + std::to_string(n) + ", " + std::to_string(grid) + " blocks of " + std::to_string(block);
  }
  std::string of(int count) const { return std::to_string(count) + "/" + std::to_string(runs); }
};

Counts count_runs(const gridlock::LessonOptions& o, int64_t n, int grid, int block) {
  Counts c;
  c.n = n, c.grid = grid, c.block = block, c.runs = o.runs;
  for (int k = 0; k < o.runs; ++k) {
    const std::vector<Mat2> input = red::input_for<red::MatMul>(n, o.seed + k);
    const gridlock::DeviceBuffer<Mat2> in(input);
    const Mat2 cpu = red::cpu_reduce<red::MatMul>(input);
    const Mat2 documented = r5::on_gpu<red::MatMul>(r5::Form::documented, in, grid, block);
    const Mat2 commutative = r5::on_gpu<red::MatMul>(r5::Form::commutative, in, grid, block);
    c.documented += documented == cpu;
    c.acquire += r5::on_gpu<red::MatMul>(r5::Form::acquire, in, grid, block) == cpu;
    c.split += r5::on_gpu<red::MatMul>(r5::Form::split, in, grid, block) == cpu;
    c.commutative_differs += commutative != cpu;
    if (k == 0)
      c.example = "seed " + std::to_string(o.seed) + ", " + c.size() + ": CPU " + red::to_text(cpu) +
                  ", chunks in order " + red::to_text(documented) + ", R4's pattern " +
                  red::to_text(commutative);
  }
  return c;
}

void check_order(LessonRun& run) {
  const auto& o = run.options();
  const Counts teaching = count_runs(o, o.n, o.grid, o.block);
  const Counts documented = count_runs(o, r5::kCheckN, r5::kDocumentedGrid, r5::kDocumentedBlock);
  bool kept = true, split = true, differs = true;
  std::string kept_text, split_text, differs_text;
  for (const Counts* c : {&teaching, &documented}) {
    kept = kept && c->documented == o.runs;
    split = split && c->split == o.runs;
    differs = differs && c->commutative_differs == o.runs;
    if (c->acquire != o.runs) run.check_failed("the corrected guard gave a wrong product at " + c->size());
    const std::string sep = kept_text.empty() ? "" : "; ";
    kept_text += sep + c->size() + ": " + c->of(c->documented) + " runs (documented guard), " +
                 c->of(c->acquire) + " (with the acquire fence)";
    split_text += sep + c->size() + ": " + c->of(c->split);
    differs_text += sep + c->size() + ": " + c->of(c->commutative_differs);
  }
  if (!kept) run.check_failed("the order-keeping reduction differs from the CPU's product");
  run.claim(r5::kOrderKept, kept,
            "equal to the CPU's left-to-right product in " + kept_text + " (" + teaching.example + ")",
            "2x2 matrices of u32 multiplied modulo 2^32: associative, exact, and not commutative");
  run.claim(
      r5::kCommutativePattern, differs,
      "R4's kernel with the same operator and input differs from the ordered product in " + differs_text);
  run.claim(r5::kTwoLaunches, split, "equal to the CPU's product in " + split_text + " runs");
}

// Recorded launches at the documented grid and block, o.runs per form of the guard: how many
// blocks went past it, and which.
void check_guard(LessonRun& run) {
  const auto& o = run.options();
  const gridlock::DeviceBuffer<Mat2> in(red::input_for<red::MatMul>(r5::kGuardN, o.seed));
  std::string measured;
  bool once = true;
  for (const std::string& variant : red::kGuardVariants) {
    std::vector<double> mergers;
    int single = 0;
    int64_t margin = INT64_MAX;
    for (int k = 0; k < o.runs; ++k) {
      gridlock::TreeRecording<Mat2> rec(
          r5::recording_shape(r5::kDocumentedGrid, r5::kDocumentedBlock, r5::kGuardN));
      gridlock::RunClock clock;
      r5::record_on_gpu(clock, variant, in, rec);
      const red::MergeSeen seen = r5::merge_seen(rec, r5::kGuardN);
      single += seen.mergers == 1 && seen.after_every_store();
      if (seen.merger >= 0) mergers.push_back(seen.merger), margin = std::min(margin, seen.margin_ns);
    }
    const std::string name = red::guard_name(variant);
    const int series = gridlock::trace::add_series(
        run.trace(), {"merging block, " + name + ", n=" + std::to_string(r5::kGuardN) + ", " +
                          std::to_string(r5::kDocumentedGrid) + " blocks",
                      "block", mergers, false, 0});
    const std::string merged_most = red::add_merger_facts(run.trace(), variant + ".mergers", series);
    measured += (measured.empty() ? "" : "; ") + name + ": " + std::to_string(single) + "/" +
                std::to_string(o.runs) + " runs, at least " + red::microseconds(margin) +
                " after the last store; " + merged_most;
    once = once && single == o.runs;
  }
  if (!once) run.check_failed("a run did not have exactly one merging block");
  run.claim(r5::kLastBlockOnly, once,
            "exactly one block went past the guard, after every block had stored its partial: " + measured +
                " (recorded launches, n=" + std::to_string(r5::kGuardN) + ", " +
                std::to_string(r5::kDocumentedGrid) + " blocks of " + std::to_string(r5::kDocumentedBlock) +
                ")");
}

r5::RecordedRun record(LessonRun& run, gridlock::TreeRecording<Mat2>& rec) {
  const auto& o = run.options();
  r5::RecordedRun r;
  r.input = red::input_for<red::MatMul>(o.n, o.seed);
  const gridlock::DeviceBuffer<Mat2> in(r.input);
  r.result = r5::record_on_gpu(run.clock(), o.variant, in, rec);
  r.split = r5::on_gpu<red::MatMul>(r5::Form::split, in, o.grid, o.block);
  r.commutative = r5::on_gpu<red::MatMul>(r5::Form::commutative, in, o.grid, o.block);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/600, /*block=*/64, /*grid=*/4, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  defaults.variants = red::kGuardVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    // Each block and then the last one run R2's in-order routine; the guard picks the last block.
    for (const char* phase : {"PHASE 1: each block reduces its chunk in order",
                              "PHASE 3: the last block reduces the partials in order"})
      run.light(phase, "reduce-single-block-noncommutative/kernels.cuh", "routine");
    run.light("PHASE 2: take a ticket; the last block goes on", "interblock/common/last_block.cuh", "guard");
    const auto& o = run.options();
    check_order(run);
    check_guard(run);
    gridlock::TreeRecording<Mat2> rec(r5::recording_shape(o.grid, o.block, int(o.n)));
    const r5::RecordedRun recorded = record(run, rec);
    r5::record_steps(run, rec, o.variant, recorded);
    if (o.bench) r5::bench_forms(run);
  });
}
