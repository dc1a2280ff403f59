// What the single-warp lessons (R6, R8, R9) do alike with their forms: measure each one (alone,
// under load, and racecheck's report), time each under load, print the table, and find a form's
// outcome by name. A lesson hands over its forms and its two plain launches (its main.cu).
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/timed_rounds.hpp"
#include "common/units.hpp"
#include "reduction/common/warp_measure.hpp"

namespace gridlock::reduction {

inline const FormOutcome& outcome_of(const std::vector<FormOutcome>& all, const std::string& form) {
  for (const FormOutcome& o : all)
    if (o.form.name == form) return o;
  throw std::logic_error("no form " + form);
}

// One form launched once on the first seed's input (the run racecheck.sh puts under
// compute-sanitizer, handle_form_options' run_once), described: what lane 0 returned, the CPU's
// answer, and how many of the 32 lanes were right. one_warp(form, input) returns every lane's value.
template <typename Op, typename OneWarp>
std::string describe_one_run(const std::string& form, OneWarp one_warp) {
  const std::vector<typename Op::T> input = warp_input<Op>(32, 1);
  const std::vector<typename Op::T> answers = one_warp(form, input);
  const typename Op::T expected = cpu_reduce<Op>(input);
  int right = 0;
  for (const typename Op::T& a : answers) right += a == expected;
  return "seed 1: lane 0 was returned " + value_text(answers.front()) + ", the CPU's answer is " +
         value_text(expected) + "; " + std::to_string(right) + "/32 lanes right";
}

// Every form measured (measure_form) with racecheck's report of it read from the lesson's
// recorded/racecheck folder and checked against this build's sources; facts racecheck.FORM,
// racecheck.FORM.report, wrong.FORM, and the load's shape (load.blocks of 1024 threads,
// load.launches). `main_file` is __FILE__ of the lesson's main.cu.
template <typename Op, typename OneWarp, typename EveryWarp>
std::vector<FormOutcome> measure_forms(LessonRun& run, const LessonIdentity& lesson, const char* main_file,
                                       const std::vector<WarpForm>& forms, const LoadedInputs<Op>& loaded,
                                       OneWarp one_warp, EveryWarp every_warp) {
  const LessonFolder folder = lesson_folder(main_file, lesson);
  std::vector<FormOutcome> outcomes;
  for (const WarpForm& form : forms) {
    FormOutcome o = measure_form<Op>(form, run.options(), loaded, one_warp, every_warp);
    o.race = read_racecheck(folder.here, folder.in_repository, lesson.id, form.name, sources::kLessonSources);
    outcomes.push_back(o);
  }
  add_load_facts(run.trace(), loaded.blocks, add_form_facts(run.trace(), outcomes, "one warp", "warps"));
  return outcomes;
}

// Every form timed under load (time_form), in the order of `forms`, in kTimingRounds rounds;
// each form's timing is its median round; facts time.FORM, and time.repeats (the reductions each
// warp makes in a timed launch, kept among the run's parameters as "repeats").
template <typename Op, typename EveryWarp>
RoundTimings time_forms(LessonRun& run, const std::string& kernel, const std::vector<WarpForm>& forms,
                        const LoadedInputs<Op>& loaded, int repeats, EveryWarp every_warp) {
  const RoundTimings timed = time_in_rounds(forms.size(), kTimingRounds, [&](size_t k) {
    return time_form(kernel, forms[k].name, loaded, repeats, every_warp);
  });
  trace::Trace& t = run.trace();
  for (size_t k = 0; k < forms.size(); ++k) {
    t.timings.push_back(timed.timing[k]);
    trace::set_fact(t, "time." + forms[k].name,
                    trace::timing_median_fact(t, int(t.timings.size()) - 1, trace::FactUnit::us, 2));
  }
  trace::set_fact(t, "time.repeats", trace::setting_fact(t, "repeats", repeats));
  return timed;
}

inline size_t form_index(const std::vector<WarpForm>& forms, const std::string& form) {
  for (size_t i = 0; i < forms.size(); ++i)
    if (forms[i].name == form) return i;
  throw std::logic_error("no form " + form);
}

inline void print_forms(const std::vector<FormOutcome>& outcomes, const std::vector<trace::Timing>& timings) {
  std::printf("\n%-20s %-34s %-22s %s\n", "form", "wrong answers", "timed (median)", "racecheck");
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const FormOutcome& o = outcomes[i];
    const std::string wrong = o.alone.count() + " runs, " + o.loaded.count() + " warps";
    std::printf("%-20s %-34s %10.2f us %s\n", o.form.name.c_str(), wrong.c_str(), timings[i].median_ns / 1e3,
                o.race.text().c_str());
  }
}

}  // namespace gridlock::reduction
