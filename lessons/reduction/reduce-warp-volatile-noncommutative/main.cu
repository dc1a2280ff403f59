// reduce-warp-volatile-noncommutative (R8): runs the documented order-keeping single-warp
// reduction (plain and padded), the corrected forms, and R6's commutative pattern with the same
// non-commutative operator (2x2 matrix products modulo 2^32), one warp at a time and with every
// warp of the GPU at once; reads compute-sanitizer's racecheck reports on each form; times them
// under load; and records one form lane by lane (--variant).
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "reduction/common/single_warp_lesson.hpp"
#include "reduction/common/warp_forms.hpp"

namespace r8 {

// R8's documented claims, declared once (TECHNIQUES.md, row R8).

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R8.order-kept",
    "Lanes at multiples of 2, 4, 8, 16 fold in shArr[idx + 1, 2, 4, 8], then lane 0 shArr[16]: the operands "
    "stay in order, so the warp reduces with an operator that is not commutative (e.g. a matrix product)."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R8.no-barrier",
    "No barrier is needed between the steps: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kPadded{
    "R8.padded",
    "With shArr[32..47] padded, every lane may do every step without the lane tests: same result in "
    "shArr[0]."};
inline constexpr gridlock::ClaimSpec kPaddedFaster{
    "R8.padded-faster",
    "Removing the lane tests (about half of the instructions) saves time: the extra lanes of a SIMD warp "
    "cost nothing."};

// R8's plain launches: a form on one warp, and on every warp of a full grid (under load, and
// timed). Forms are named on the command line and in the trace as in kForms.

inline const std::vector<gridlock::reduction::WarpForm> kForms = {{"documented", false},
                                                                  {"padded", false},
                                                                  {"commutative-pattern", false},
                                                                  {"syncwarp", true},
                                                                  {"syncwarp-padded", true}};
// The forms a trace can record (syncwarp-padded repeats the padded form's picture).
inline const std::vector<std::string> kVariants = {"documented", "padded", "syncwarp", "commutative-pattern"};

inline bool is_padded_name(const std::string& form) { return form == "padded" || form == "syncwarp-padded"; }

// Calls f(std::integral_constant<Form, F>{}) for the form named `name`.
template <typename F>
decltype(auto) with_form(const std::string& name, F&& f) {
  if (name == "documented") return f(std::integral_constant<Form, Form::documented>{});
  if (name == "padded") return f(std::integral_constant<Form, Form::padded>{});
  if (name == "syncwarp") return f(std::integral_constant<Form, Form::syncwarp>{});
  if (name == "syncwarp-padded") return f(std::integral_constant<Form, Form::syncwarp_padded>{});
  if (name == "commutative-pattern") return f(std::integral_constant<Form, Form::commutative_pattern>{});
  throw std::invalid_argument("no form " + name);
}

// One launch of the named form on one warp; what each lane was returned.
inline std::vector<Mat2> reduce_on_one_warp(const std::string& form, const std::vector<Mat2>& input) {
  gridlock::DeviceBuffer<Mat2> in(input), out(32);
  out.poison();
  with_form(form, [&](auto F) { reduce_one_warp<F.value, false><<<1, 32>>>(in.get(), out.get(), {}); });
  CUDA_CHECK_LAUNCH();
  return out.download();
}

// One launch of the named form on every warp of `blocks` blocks of 1024 threads. Not synchronised.
inline void reduce_on_every_warp(const std::string& form, const Mat2* in, Mat2* out, int blocks,
                                 int repeats) {
  with_form(form, [&](auto F) { reduce_every_warp<F.value><<<blocks, 1024>>>(in, out, repeats); });
}

}  // namespace r8

// The recording launches through the launch function above.
#include "record_steps.cuh"

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
