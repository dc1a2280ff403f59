// reduce-last-block (R4): runs the one-launch multi-block reduction on this GPU with the documented
// last-block guard and the corrected one, puts each documented claim to the test at the teaching
// and the documented configuration over many runs (which block merged, whether it read every
// partial as written), records one launch block by block, and with --bench times it.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "common/exit_codes.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "reduction/common/exact_runs.hpp"
#include "reduction/common/grid_sweep.cuh"
#include "reduction/reduce-two-kernels/run_kernel.cuh"
#include "run_kernel.cuh"

namespace r4 {

// R4's documented claims, declared once (TECHNIQUES.md, rows R4 and G1).

inline constexpr gridlock::ClaimSpec kSum{
    "R4.sum",
    "One launch gives the right sum: every block writes its partial, and the block that finishes last merges "
    "them (the last-block guard)."};
inline constexpr gridlock::ClaimSpec kLastBlockOnly{
    "R4.last-block-only",
    "The guard lets exactly one block through, the last one to reach it: it merges after every block has "
    "written its partial."};
inline constexpr gridlock::ClaimSpec kFence{"R4.fence",
                                            "__threadfence() before the ticket makes each block's partial "
                                            "visible to all blocks, so the merging block "
                                            "reads every partial as it was written."};

// R4 benchmark: the one launch (with the ticket counter's reset) over grid sizes up to one block's
// threads, beside R3's two launches and cub::DeviceReduce::Sum, at the documented 10^8 elements,
// on one input, in one run.

inline void bench_one_launch(gridlock::LessonRun& run) {
  namespace red = gridlock::reduction;
  const int sms = run.device().sm_count;
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm,
      reduce_with_last_block<kDocumentedBlock, false, red::Sum, gridlock::interblock::Guard::syncthreads_or>,
      kDocumentedBlock, 0));
  const int fill = std::min(sms * per_sm, kDocumentedBlock);
  std::vector<int> grids = red::sweep_grids(sms, kDocumentedN, kDocumentedBlock, kDocumentedBlock);
  grids.push_back(fill);
  grids.push_back(kDocumentedBlock);
  std::sort(grids.begin(), grids.end());
  grids.erase(std::unique(grids.begin(), grids.end()), grids.end());
  const std::vector<int> input = red::input_for<red::Sum>(kDocumentedN, run.options().seed);
  gridlock::DeviceBuffer<unsigned> tickets(1);
  const red::GridSweep one = red::time_grid_sweep(
      run, input, grids, "reduce_with_last_block<1024>", [&](const int* in, int* out, int64_t n, int grid) {
        launch_one<kDocumentedBlock, red::Sum, gridlock::interblock::Guard::syncthreads_or>(
            in, out, tickets.get(), int(n), grid);
      });
  const red::GridSweep two = red::time_grid_sweep(
      run, input, grids, "reduce_partials<1024> twice", [](const int* in, int* out, int64_t n, int grid) {
        r3::launch_both<kDocumentedBlock, red::Sum>(in, out, int(n), grid);
      });
  red::print_sweep(one, sms);
  red::print_sweep(two, sms);
  red::add_sweep_facts(run.trace(), "sweep.", one, fill);
  red::add_sweep_facts(run.trace(), "two_launches.", two, fill);
}

}  // namespace r4

// The recording, with the same launches.
#include "record_steps.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;

void check_sum(LessonRun& run) {
  const auto& o = run.options();
  std::string measured;
  bool documented_exact = true;
  for (const std::string& variant : red::kGuardVariants) {
    std::string sizes;
    bool all = true;
    for (const auto& [n, grid, block] : {std::tuple<int64_t, int, int>{o.n, o.grid, o.block},
                                         {r4::kCheckN, r4::kDocumentedGrid, r4::kDocumentedBlock}}) {
      const int g = grid, b = block;
      const red::ExactRuns sum = red::exact_runs<red::Sum>(o, n, [&](const std::vector<int>& input) {
        return r4::last_block_on_gpu<red::Sum>(variant, input, g, b);
      });
      sizes += (sizes.empty() ? "" : ", ") + red::config_text(n, grid, block) + ": " + sum.text();
      all = all && sum.all();
    }
    measured += (measured.empty() ? "" : "; ") + red::guard_name(variant) + ": " + sizes;
    if (variant == "documented") documented_exact = all;
    if (!all && variant != "documented") run.check_failed("the corrected guard gave a wrong sum");
  }
  run.claim(r4::kSum, documented_exact, measured + " (one launch each, fresh random input per run)");
}

// Recorded launches at the documented configuration, o.runs per form of the guard: who merged,
// when, and what it read.
void check_guard(LessonRun& run) {
  const auto& o = run.options();
  const std::vector<int> input = red::input_for<red::Sum>(r4::kCheckN, o.seed);
  std::string once, fresh;
  bool one_merger = true, documented_fresh = true;
  for (const std::string& variant : red::kGuardVariants) {
    std::vector<double> mergers;
    int single = 0, stale_runs = 0;
    int64_t margin = INT64_MAX;
    for (int k = 0; k < o.runs; ++k) {
      gridlock::TreeRecording<int> rec(r4::recording_shape(r4::kDocumentedGrid, r4::kDocumentedBlock));
      gridlock::RunClock clock;
      r4::record_on_gpu(clock, variant, input, rec);
      const red::MergeSeen seen = r4::merge_seen(rec);
      single += seen.mergers == 1 && seen.after_every_store();
      if (seen.merger >= 0) {
        mergers.push_back(seen.merger);
        margin = std::min(margin, seen.margin_ns);
        stale_runs += r4::stale_partials(rec, seen.merger) > 0;
      }
    }
    const std::string name = red::guard_name(variant);
    const int series = gridlock::trace::add_series(
        run.trace(), {"merging block, " + name + ", " +
                          red::config_text(r4::kCheckN, r4::kDocumentedGrid, r4::kDocumentedBlock),
                      "block", mergers, false, 0});
    const std::string merged_most = red::add_merger_facts(run.trace(), variant + ".mergers", series);
    once += (once.empty() ? "" : "; ") + name + ": " + std::to_string(single) + "/" + std::to_string(o.runs) +
            " runs, at least " + red::microseconds(margin) + " after the last store; " + merged_most;
    fresh += (fresh.empty() ? "" : "; ") + name + ": " + std::to_string(o.runs - stale_runs) + "/" +
             std::to_string(o.runs) + " runs";
    one_merger = one_merger && single == o.runs;
    if (single != o.runs) run.check_failed(name + ": a run did not have exactly one merging block");
    if (variant != "documented" && stale_runs > 0)
      run.check_failed(name + ": the merging block read a stale partial");
    if (variant == "documented") documented_fresh = stale_runs == 0;
  }
  const std::string where = " (recorded launches at " +
                            red::config_text(r4::kCheckN, r4::kDocumentedGrid, r4::kDocumentedBlock) + ")";
  run.claim(r4::kLastBlockOnly, one_merger,
            "exactly one block went past the guard, after every block had "
            "stored its partial: " +
                once + where);
  run.claim(
      r4::kFence, documented_fresh,
      "the merging block read every partial as its block had stored it: " + fresh + where,
      "the memory model promises it only with the acquire half as well: the merging block must fence (or "
      "load with acquire) after it knows it is last; the corrected guard does, the documented one does not");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/6000, /*block=*/128, /*grid=*/8, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  defaults.variants = red::kGuardVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    run.light("PHASE 4: take a ticket; the last block goes on", "interblock/common/last_block.cuh", "guard");
    const auto& o = run.options();
    if (o.grid > o.block) {
      std::fprintf(stderr,
                   "reduce-last-block: --grid %d is larger than --block %d: the last block merges one "
                   "partial per thread\n",
                   o.grid, o.block);
      std::exit(gridlock::kExitUsage);
    }
    check_sum(run);
    check_guard(run);
    gridlock::TreeRecording<int> rec(r4::recording_shape(o.grid, o.block));
    const std::vector<int> input = red::input_for<red::Sum>(o.n, o.seed);
    const int result = r4::record_on_gpu(run.clock(), o.variant, input, rec);
    r4::record_steps(run, rec, o.variant, input, result);
    if (o.bench) r4::bench_one_launch(run);
  });
}
