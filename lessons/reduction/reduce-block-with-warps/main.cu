// reduce-block-with-warps (R7): runs the single-block reduction built on R6's warp sums, in the
// documented form and the corrected ones, one block at a time and with a block on every part of
// a large input at once; reads compute-sanitizer's racecheck reports on each form; times each
// against R1's tree in the same run; and records one form lane by lane (--variant).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/kernel_timer.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "lesson_info.hpp"
#include "reduction/common/warp_measure.hpp"
#include "reduction/reduce-single-block/kernels.cuh"
#include "run_kernel.cuh"

namespace r7 {

// R7's documented claims, declared once (TECHNIQUES.md, row R7, and R1's closing note).

inline constexpr gridlock::ClaimSpec kSum{
    "R7.sum",
    "One block sums the array: strided partial sums, every warp sums its 32 with the single-warp reduction, "
    "one __syncthreads(), then warp 0 sums the warps' results."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R7.no-barrier",
    "Inside each warp no barrier is needed: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kFaster{
    "R7.faster",
    "A warp-level reduction makes the single-block reduction faster (R1's closing note): fewer "
    "__syncthreads() than a tree with one per level."};

}  // namespace r7

// The recording, with the same launches.
#include "record_steps.cuh"

namespace {

namespace red = gridlock::reduction;
namespace tr = gridlock::trace;
using gridlock::DeviceBuffer;
using gridlock::LessonRun;
using red::FormOutcome;
using red::Sum;

// A block on every part of one large input at once: `blocks` parts of n elements, and the CPU's
// sum of each part.
struct Loaded {
  int blocks = 0;
  std::vector<std::unique_ptr<DeviceBuffer<int>>> inputs;
  std::vector<std::vector<int>> expected;
  std::vector<uint64_t> seeds;
};

Loaded loaded_inputs(int runs, int blocks, int64_t n, uint64_t first_seed) {
  Loaded l;
  l.blocks = blocks;
  for (int k = 0; k < runs; ++k) {
    const std::vector<int> values = red::input_for<Sum>(blocks * n, first_seed + k);
    std::vector<int> sums;
    for (int b = 0; b < blocks; ++b)
      sums.push_back(
          red::cpu_reduce<Sum>(std::vector<int>(values.begin() + b * n, values.begin() + (b + 1) * n)));
    l.inputs.push_back(std::make_unique<DeviceBuffer<int>>(values));
    l.expected.push_back(sums);
    l.seeds.push_back(first_seed + k);
  }
  return l;
}

FormOutcome measure_form(LessonRun& run, const red::WarpForm& form, const Loaded& loaded) {
  const auto& o = run.options();
  FormOutcome out;
  out.form = form;
  for (int k = 0; k < o.runs; ++k) {
    const std::vector<int> input = red::input_for<Sum>(o.n, o.seed + k);
    red::count_misses<int>(out.alone, {r7::sum_on_gpu(form.name, input, o.block)},
                           {red::cpu_reduce<Sum>(input)}, "seed " + std::to_string(o.seed + k), 1);
  }
  DeviceBuffer<int> answers(size_t(loaded.blocks));
  for (size_t k = 0; k < loaded.inputs.size(); ++k) {
    answers.poison();
    r7::launch_blocks<false>(form.name, loaded.blocks, o.block, loaded.inputs[k]->get(), int(o.n),
                             answers.get(), {});
    CUDA_CHECK_LAUNCH();
    red::count_misses(out.loaded, answers.download(), loaded.expected[k],
                      "seed " + std::to_string(loaded.seeds[k]), 1);
  }
  const red::LessonFolder folder = red::lesson_folder(__FILE__, kLesson);
  out.race = red::read_racecheck(folder.here, folder.in_repository, kLesson.id, form.name,
                                 gridlock::sources::kLessonSources);
  return out;
}

// Each form and R1's tree (last), one block on the first seed's input, in this run, in
// red::kTimingRounds rounds; each one's timing is its median round.
gridlock::RoundTimings time_forms(LessonRun& run) {
  const auto& o = run.options();
  const std::vector<int> input = red::input_for<Sum>(o.n, o.seed);
  DeviceBuffer<int> in(input), out(1);
  const size_t r1_tree = r7::kForms.size();
  const gridlock::RoundTimings timings =
      gridlock::time_in_rounds(r1_tree + 1, red::kTimingRounds, [&](size_t k) {
        if (k == r1_tree)
          return gridlock::time_kernel("reduce_single_block<" + std::to_string(o.block) + "> (R1)", o.n,
                                       o.n * 4, 200, [&] {
                                         gridlock::with_block_size(o.block, [&](auto B) {
                                           r1::reduce_single_block<B.value, false, Sum>
                                               <<<1, B.value>>>(in.get(), int(o.n), out.get(), {});
                                         });
                                       });
        const std::string& form = r7::kForms[k].name;
        return gridlock::time_kernel(
            "sum_block_with_warps<" + std::to_string(o.block) + ", " + form + ">", o.n, o.n * 4, 200,
            [&] { r7::launch_blocks<false>(form, 1, o.block, in.get(), int(o.n), out.get(), {}); });
      });
  for (size_t i = 0; i < timings.timing.size(); ++i) {
    tr::Trace& t = run.trace();
    t.timings.push_back(timings.timing[i]);
    tr::set_fact(t, "time." + (i < r1_tree ? r7::kForms[i].name : std::string("r1")),
                 tr::timing_median_fact(t, int(t.timings.size()) - 1, tr::FactUnit::us, 2));
  }
  return timings;
}

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  const int blocks = 2 * run.device().sm_count, loads = std::max(1, o.runs / 20);
  const Loaded loaded = loaded_inputs(loads, blocks, o.n, o.seed + uint64_t(o.runs));
  std::vector<FormOutcome> outcomes;
  for (const red::WarpForm& form : r7::kForms) outcomes.push_back(measure_form(run, form, loaded));
  // The load's shape: load.blocks of load.threads (the run's --block) threads, load.launches times.
  tr::Trace& t = run.trace();
  red::add_load_facts(t, blocks, red::add_form_facts(t, outcomes, "one block", "blocks"));
  tr::set_fact(t, "load.threads", tr::parameter_fact(t, "block"));
  const gridlock::RoundTimings timings = time_forms(run);
  const size_t r1_tree = r7::kForms.size();

  std::printf("\n%-12s %-34s %-14s %s\n", "form", "wrong answers", "one block", "racecheck");
  for (size_t i = 0; i < outcomes.size(); ++i)
    std::printf("%-12s %-34s %11.2f us %s\n", outcomes[i].form.name.c_str(),
                (outcomes[i].alone.count() + " runs, " + outcomes[i].loaded.count() + " blocks").c_str(),
                timings.timing[i].median_ns / 1e3, outcomes[i].race.text().c_str());
  std::printf("%-12s %-34s %11.2f us\n", "R1 tree", "", timings.timing[r1_tree].median_ns / 1e3);

  const FormOutcome& documented = outcomes.front();
  const bool right = red::all_right(documented);
  run.claim(r7::kSum, right,
            "documented form, n=" + std::to_string(o.n) + ", block=" + std::to_string(o.block) + ": " +
                documented.alone.text("runs") + ", " + documented.loaded.text("blocks under load"));
  if (!right) run.check_failed("the documented form gave a wrong sum: " + documented.wrong_text());
  red::claim_lockstep(run, r7::kNoBarrier, outcomes);
  std::string others;
  for (size_t i = 1; i < r1_tree; ++i)
    others += "; " + r7::kForms[i].name + " " + red::versus(timings, i, r1_tree);
  red::claim_faster(run, r7::kFaster, timings, 0, r1_tree,
                    "one block of " + std::to_string(o.block) + " on n=" + std::to_string(o.n) +
                        ", against R1's tree: documented " + red::versus(timings, 0, r1_tree) + others,
                    " than R1's");
}

std::string run_form_once(const std::string& form) {
  const std::vector<int> input = red::input_for<Sum>(10000, 1);
  const int answer = r7::sum_on_gpu(form, input, 1024);
  return "seed 1, n=10000, block=1024: the block returned " + std::to_string(answer) + ", the CPU's sum is " +
         std::to_string(red::cpu_reduce<Sum>(input));
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto code = red::handle_form_options(argc, argv, kLesson, r7::kForms, run_form_once))
    return *code;
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/10000, /*block=*/1024, /*grid=*/1, /*seed=*/1, /*runs=*/200, /*bench=*/false};
  defaults.variants = r7::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    // The warps sum with R6's code, in the form the variant names (reduce-warp-volatile/kernels.cuh).
    for (const char* phase : {"PHASE 2: every warp sums its 32 values (R6), then the whole block meets",
                              "PHASE 4: warp 0 sums them (R6)"})
      run.light(phase, "reduce-warp-volatile/kernels.cuh", run.options().variant);
    if (run.options().grid != 1)
      std::printf("note: this technique uses one block; --grid %d is ignored\n", run.options().grid);
    check_claims(run);
    r7::record_steps(run, run.options().variant);
  });
}
