// reduce-warp-volatile (R6): runs the documented single-warp sum (both forms), the same without
// volatile, and the corrected forms on this GPU, one warp at a time and with every warp of the GPU
// at once; reads compute-sanitizer's racecheck reports on each form; times them under load; and
// records one form lane by lane (--variant).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/single_warp_lesson.hpp"
#include "run_kernel.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;
using red::FormOutcome;
using red::Sum;

constexpr int kRepeats = 64;  // sums per warp in a timed launch

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  const red::LoadedInputs<Sum> loaded(std::max(1, o.runs / 20), 2 * run.device().sm_count,
                                      o.seed + uint64_t(o.runs));
  const std::vector<FormOutcome> outcomes = red::measure_forms<Sum>(
      run, kLesson, __FILE__, r6::kForms, loaded, r6::sum_on_one_warp, r6::sum_on_every_warp);
  const gridlock::RoundTimings timings =
      red::time_forms(run, "sum_every_warp", r6::kForms, loaded, kRepeats, r6::sum_on_every_warp);
  red::print_forms(outcomes, timings.timing);

  const FormOutcome& documented = red::outcome_of(outcomes, "documented");
  run.claim(r6::kSum, red::all_right(documented), "documented form: " + documented.wrong_text());
  red::claim_lockstep(run, r6::kNoBarrier, outcomes);

  const FormOutcome& no_volatile = red::outcome_of(outcomes, "no-volatile");
  if (red::all_right(no_volatile))
    run.claim_not_observable(r6::kVolatile,
                             "without volatile every answer was right (" + no_volatile.wrong_text() +
                                 "): this compiler kept the loads and stores where the code has them here");
  else
    run.claim(r6::kVolatile, true, "without volatile: " + no_volatile.wrong_text());

  const FormOutcome& simplified = red::outcome_of(outcomes, "simplified");
  run.claim(r6::kSimplified, red::all_right(simplified), "simplified form: " + simplified.wrong_text());

  auto form = [](const std::string& name) { return red::form_index(r6::kForms, name); };
  red::claim_faster(run, r6::kDropIfsFaster, timings, form("simplified"), form("documented"),
                    "without the tests vs with them, every warp of the GPU summing " +
                        std::to_string(kRepeats) +
                        " times per launch: " + red::versus(timings, form("simplified"), form("documented")) +
                        "; the corrected pair (syncwarp-simplified vs syncwarp): " +
                        red::versus(timings, form("syncwarp-simplified"), form("syncwarp")),
                    "");
  if (!red::all_right(documented))
    run.check_failed("the documented form gave a wrong sum: " + documented.wrong_text());
}

std::string run_form_once(const std::string& form) {
  return red::describe_one_run<Sum>(form, r6::sum_on_one_warp);
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto code = red::handle_form_options(argc, argv, kLesson, r6::kForms, run_form_once))
    return *code;
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/32, /*block=*/32, /*grid=*/1, /*seed=*/1, /*runs=*/200, /*bench=*/false};
  defaults.min_block = defaults.max_block = 32;
  defaults.variants = r6::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    if (o.n != 32 || o.grid != 1)
      std::printf("note: one warp sums 32 values; --n %lld and --grid %d are ignored\n",
                  static_cast<long long>(o.n), o.grid);
    check_claims(run);
    r6::record_steps(run, o.variant);
  });
}
