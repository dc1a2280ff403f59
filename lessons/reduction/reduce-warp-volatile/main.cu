// reduce-warp-volatile (R6): runs the documented single-warp sum (both forms), the same without
// volatile, and the corrected forms on this GPU, one warp at a time and with every warp of the GPU
// at once; reads compute-sanitizer's racecheck reports on each form; times them under load; and
// records one form lane by lane (--variant).
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "claims.hpp"
#include "common/lesson.hpp"
#include "lesson_info.hpp"
#include "record_steps.cuh"
#include "reduction/common/warp_measure.hpp"
#include "run_kernel.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;
using red::FormOutcome;
using red::Sum;

constexpr int kRepeats = 64;  // sums per warp in a timed launch

const FormOutcome& outcome(const std::vector<FormOutcome>& all, const std::string& form) {
  for (const FormOutcome& o : all)
    if (o.form.name == form) return o;
  throw std::logic_error("no form " + form);
}

bool all_right(const FormOutcome& o) { return o.alone.wrong + o.loaded.wrong == 0; }

std::vector<FormOutcome> measure_forms(LessonRun& run, const red::LoadedInputs<Sum>& loaded) {
  const red::LessonFolder folder = red::lesson_folder(__FILE__, kLesson);
  const std::string hash = gridlock::trace::source_hash(kLesson.source_text);
  std::vector<FormOutcome> outcomes;
  for (const red::WarpForm& form : r6::kForms) {
    FormOutcome o =
        red::measure_form<Sum>(form, run.options(), loaded, r6::sum_on_one_warp, r6::sum_on_every_warp);
    o.race = red::read_racecheck(folder.here, folder.in_repository, kLesson.id, form.name, hash);
    outcomes.push_back(o);
  }
  red::add_form_facts(run.trace(), outcomes);
  return outcomes;
}

std::vector<gridlock::trace::Timing> time_forms(LessonRun& run, const red::LoadedInputs<Sum>& loaded) {
  std::vector<gridlock::trace::Timing> timings;
  for (const red::WarpForm& form : r6::kForms) {
    timings.push_back(red::time_form("sum_every_warp", form.name, loaded, kRepeats, r6::sum_on_every_warp));
    run.trace().timings.push_back(timings.back());
    char text[64];
    std::snprintf(text, sizeof text, "%.2f \xC2\xB5s", timings.back().median_ns / 1e3);
    run.trace().facts["time." + form.name] = text;
  }
  return timings;
}

void print_forms(const std::vector<FormOutcome>& outcomes,
                 const std::vector<gridlock::trace::Timing>& timings) {
  std::printf("\n%-20s %-34s %-22s %s\n", "form", "wrong answers", "timed (median)", "racecheck");
  for (size_t i = 0; i < outcomes.size(); ++i)
    std::printf(
        "%-20s %-34s %10.2f us %s\n", outcomes[i].form.name.c_str(),
        (std::to_string(outcomes[i].alone.wrong) + "/" + std::to_string(outcomes[i].alone.total) + " runs, " +
         std::to_string(outcomes[i].loaded.wrong) + "/" + std::to_string(outcomes[i].loaded.total) + " warps")
            .c_str(),
        timings[i].median_ns / 1e3, outcomes[i].race.text().c_str());
}

void check_claims(LessonRun& run) {
  const auto& o = run.options();
  const int blocks = 2 * run.device().sm_count, loads = std::max(1, o.runs / 20);
  const red::LoadedInputs<Sum> loaded(loads, blocks, o.seed + uint64_t(o.runs));
  const std::vector<FormOutcome> outcomes = measure_forms(run, loaded);
  const std::vector<gridlock::trace::Timing> timings = time_forms(run, loaded);
  print_forms(outcomes, timings);
  auto& facts = run.trace().facts;
  facts["load.shape"] = std::to_string(blocks) + " blocks of 1024 threads (" + std::to_string(blocks * 32) +
                        " warps), " + std::to_string(loads) + " launches";
  facts["time.repeats"] = std::to_string(kRepeats);

  const FormOutcome& documented = outcome(outcomes, "documented");
  run.claim(r6::kSum, all_right(documented), "documented form: " + documented.wrong_text());
  red::claim_lockstep(run, r6::kNoBarrier, outcomes);

  const FormOutcome& no_volatile = outcome(outcomes, "no-volatile");
  if (all_right(no_volatile))
    run.claim_not_observable(r6::kVolatile,
                             "without volatile every answer was right (" + no_volatile.wrong_text() +
                                 "): this compiler kept the loads and stores where the code has them here");
  else
    run.claim(r6::kVolatile, true, "without volatile: " + no_volatile.wrong_text());

  const FormOutcome& simplified = outcome(outcomes, "simplified");
  run.claim(r6::kSimplified, all_right(simplified), "simplified form: " + simplified.wrong_text());

  auto time_of = [&](const std::string& form) -> const gridlock::trace::Timing& {
    for (size_t i = 0; i < r6::kForms.size(); ++i)
      if (r6::kForms[i].name == form) return timings[i];
    throw std::logic_error("no form " + form);
  };
  run.claim(r6::kDropIfsFaster, red::faster(time_of("simplified"), time_of("documented")),
            "without the tests vs with them, every warp of the GPU summing " + std::to_string(kRepeats) +
                " times per launch: " + red::versus(time_of("simplified"), time_of("documented")) +
                "; the corrected pair (syncwarp-simplified vs syncwarp): " +
                red::versus(time_of("syncwarp-simplified"), time_of("syncwarp")),
            "read as: the median launch at least 3% faster, same run, same input");
  if (!all_right(documented))
    run.check_failed("the documented form gave a wrong sum: " + documented.wrong_text());
}

std::string run_form_once(const std::string& form) {
  const std::vector<int> input = red::input_for<Sum>(32, 1);
  const std::vector<int> answers = r6::sum_on_one_warp(form, input);
  int right = 0;
  for (int a : answers) right += a == red::cpu_reduce<Sum>(input);
  return "seed 1: lane 0 was returned " + std::to_string(answers.front()) + ", the CPU's sum is " +
         std::to_string(red::cpu_reduce<Sum>(input)) + "; " + std::to_string(right) + "/32 lanes right";
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
