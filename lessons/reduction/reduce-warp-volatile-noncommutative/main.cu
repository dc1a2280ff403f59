// reduce-warp-volatile-noncommutative (R8): runs the documented order-keeping single-warp
// reduction (plain and padded), the corrected forms, and R6's commutative pattern with the same
// non-commutative operator (2x2 matrix products modulo 2^32), one warp at a time and with every
// warp of the GPU at once; reads compute-sanitizer's racecheck reports on each form; times them
// under load; and records one form lane by lane (--variant).
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
using red::MatMul;

constexpr int kRepeats = 16;  // reductions per warp in a timed launch

// The forms whose answers speak to "no barrier is needed": all but R6's pattern, which is wrong
// with this operator whatever the schedule.
std::vector<FormOutcome> order_keeping(const std::vector<FormOutcome>& outcomes) {
  std::vector<FormOutcome> kept;
  for (const FormOutcome& o : outcomes)
    if (o.form.name != "commutative-pattern") kept.push_back(o);
  return kept;
}

void claim_order(LessonRun& run, const std::vector<FormOutcome>& outcomes) {
  const FormOutcome& documented = red::outcome_of(outcomes, "documented");
  const FormOutcome& pattern = red::outcome_of(outcomes, "commutative-pattern");
  run.claim(r8::kOrderKept, red::all_right(documented),
            "documented form: " + documented.wrong_text() +
                ". R6's pattern with the same operator: " + pattern.wrong_text());
  if (red::all_right(pattern))
    run.check_failed("R6's pattern gave the ordered product every time: the input does not show the order");
  run.trace().facts["commutative_pattern.first"] = pattern.alone.first;
}

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  const red::LoadedInputs<MatMul> loaded(std::max(1, o.runs / 20), 2 * run.device().sm_count,
                                         o.seed + uint64_t(o.runs));
  const std::vector<FormOutcome> outcomes = red::measure_forms<MatMul>(
      run, kLesson, __FILE__, r8::kForms, loaded, r8::reduce_on_one_warp, r8::reduce_on_every_warp);
  const gridlock::RoundTimings timings =
      red::time_forms(run, "reduce_every_warp", r8::kForms, loaded, kRepeats, r8::reduce_on_every_warp);
  red::print_forms(outcomes, timings.timing);

  claim_order(run, outcomes);
  red::claim_lockstep(run, r8::kNoBarrier, order_keeping(outcomes));
  const FormOutcome& padded = red::outcome_of(outcomes, "padded");
  run.claim(r8::kPadded, red::all_right(padded), "padded form: " + padded.wrong_text());

  auto form = [](const std::string& name) { return red::form_index(r8::kForms, name); };
  red::claim_faster(run, r8::kPaddedFaster, timings, form("padded"), form("documented"),
                    "padded vs with the lane tests, every warp of the GPU reducing " +
                        std::to_string(kRepeats) +
                        " times per launch: " + red::versus(timings, form("padded"), form("documented")) +
                        "; the corrected pair (syncwarp-padded vs syncwarp): " +
                        red::versus(timings, form("syncwarp-padded"), form("syncwarp")),
                    "");
}

std::string run_form_once(const std::string& form) {
  return red::describe_one_run<MatMul>(form, r8::reduce_on_one_warp);
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto code = red::handle_form_options(argc, argv, kLesson, r8::kForms, run_form_once))
    return *code;
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/32, /*block=*/32, /*grid=*/1, /*seed=*/1, /*runs=*/200, /*bench=*/false};
  defaults.min_block = defaults.max_block = 32;
  defaults.variants = r8::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    if (o.n != 32 || o.grid != 1)
      std::printf("note: one warp reduces 32 matrices; --n %lld and --grid %d are ignored\n",
                  static_cast<long long>(o.n), o.grid);
    check_claims(run);
    r8::record_steps(run, o.variant);
  });
}
