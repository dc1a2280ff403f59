// reduce-warp-volatile (R6): runs the documented single-warp sum (both forms), the same without
// volatile, and the corrected forms on this GPU, one warp at a time and with every warp of the GPU
// at once; reads compute-sanitizer's racecheck reports on each form; times them under load; and
// records one form lane by lane (--variant).
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

namespace r6 {

// R6's documented claims, declared once (TECHNIQUES.md, row R6).

inline constexpr gridlock::ClaimSpec kSum{
    "R6.sum",
    "One warp sums 32 values in shared memory: lanes < 16, 8, 4, 2, 1 add shArr[idx + 16, 8, 4, 2, 1]."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R6.no-barrier",
    "No barrier is needed between the steps: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kVolatile{
    "R6.volatile",
    "shArr must be volatile: otherwise the compiler may keep the values in registers, other threads do not "
    "see them, and the result is wrong."};
inline constexpr gridlock::ClaimSpec kSimplified{
    "R6.simplified",
    "If shArr[1..31] is not needed afterwards, lanes 0-15 may do every step without the lane tests: same "
    "sum."};
inline constexpr gridlock::ClaimSpec kDropIfsFaster{
    "R6.drop-ifs-faster",
    "Dropping the lane tests saves time: idle lanes of a SIMD warp cost nothing, while evaluating the small "
    "conditions takes comparatively long."};

// R6's plain launches: a form on one warp, and on every warp of a full grid (under load, and
// timed). Forms are named on the command line and in the trace as in kForms.

inline const std::vector<gridlock::reduction::WarpForm> kForms = {
    {"documented", false}, {"simplified", false},         {"no-volatile", false},
    {"syncwarp", true},    {"syncwarp-simplified", true}, {"shuffle", true}};
// The forms a trace can record (no-volatile's lanes read what they kept in registers, which no
// replay of the shared array gives; syncwarp-simplified repeats syncwarp's picture).
inline const std::vector<std::string> kVariants = {"documented", "simplified", "syncwarp", "shuffle"};

// Calls f(std::integral_constant<Form, F>{}) for the form named `name`.
template <typename F>
decltype(auto) with_form(const std::string& name, F&& f) {
  if (name == "documented") return f(std::integral_constant<Form, Form::documented>{});
  if (name == "simplified") return f(std::integral_constant<Form, Form::simplified>{});
  if (name == "no-volatile") return f(std::integral_constant<Form, Form::no_volatile>{});
  if (name == "syncwarp") return f(std::integral_constant<Form, Form::syncwarp>{});
  if (name == "syncwarp-simplified") return f(std::integral_constant<Form, Form::syncwarp_simplified>{});
  if (name == "shuffle") return f(std::integral_constant<Form, Form::shuffle>{});
  throw std::invalid_argument("no form " + name);
}

// One launch of the named form on one warp; what each lane was returned.
inline std::vector<int> sum_on_one_warp(const std::string& form, const std::vector<int>& input) {
  gridlock::DeviceBuffer<int> in(input), out(32);
  out.poison();
  with_form(form, [&](auto F) { sum_one_warp<F.value, false><<<1, 32>>>(in.get(), out.get(), {}); });
  CUDA_CHECK_LAUNCH();
  return out.download();
}

// One launch of the named form on every warp of `blocks` blocks of 1024 threads (in and out hold
// blocks * 1024 ints), each warp summing its values `repeats` times. Not synchronised.
inline void sum_on_every_warp(const std::string& form, const int* in, int* out, int blocks, int repeats) {
  with_form(form, [&](auto F) { sum_every_warp<F.value><<<blocks, 1024>>>(in, out, repeats); });
}

}  // namespace r6

// The recording launches through the launch function above.
#include "record_steps.cuh"

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
