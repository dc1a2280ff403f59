// reduce-warp-shuffle (R9): runs the documented register-only warp reduction (with the _sync
// shuffles CUDA 13 keeps) on a sum and on a non-commutative matrix product, beside R6's halving
// order with the same product, one warp at a time and with every warp of the GPU at once; times
// them under load; and records one form lane by lane (--variant). --list-forms and --form NAME are
// for lessons/reduction/common/racecheck.sh, whose reports the trace quotes.
#include <cuda_runtime_api.h>

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
#include "reduction/common/operators.cuh"
#include "reduction/common/single_warp_lesson.hpp"
#include "reduction/common/warp_forms.hpp"

namespace r9 {

// R9's documented claims, declared once (TECHNIQUES.md, row R9).

inline constexpr gridlock::ClaimSpec kAnyOperator{
    "R9.any-operator",
    "Adding the value shuffled down by 1, 2, 4, 8, 16 leaves the whole reduction in lane 0, and __shfl(v, "
    "0) gives it to every lane: this works for commutative and non-commutative operators."};
inline constexpr gridlock::ClaimSpec kIntrinsics{
    "R9.intrinsics",
    "The exchange is done with __shfl_down and __shfl, available on devices of compute capability 3.0 and "
    "later."};

// R9's plain launches, for the sum and for the matrix product: one warp, and every warp of a full
// grid (under load, and timed). Forms are named on the command line and in the trace as in kForms.

using gridlock::reduction::MatMul;
using gridlock::reduction::Sum;

// Per operator, the orders run with it: the sum in the documented order; the product in the
// documented order and in R6's halving order.
inline const std::vector<gridlock::reduction::WarpForm> kSumForms = {{"sum", true}};
inline const std::vector<gridlock::reduction::WarpForm> kProductForms = {{"product", true},
                                                                         {"halving-product", true}};
// The forms a trace can record; the first is the default.
inline const std::vector<std::string> kVariants = {"product", "sum", "halving-product"};

// Calls f(std::integral_constant<Order, O>{}) for the form named `name`.
template <typename F>
decltype(auto) with_order(const std::string& name, F&& f) {
  if (name == "sum" || name == "product") return f(std::integral_constant<Order, Order::documented>{});
  if (name == "halving-product") return f(std::integral_constant<Order, Order::halving>{});
  throw std::invalid_argument("no form " + name);
}

// One launch of the named form on one warp; what each lane was returned.
template <typename Op>
std::vector<typename Op::T> reduce_on_one_warp(const std::string& form,
                                               const std::vector<typename Op::T>& input) {
  gridlock::DeviceBuffer<typename Op::T> in(input), out(32);
  out.poison();
  with_order(form, [&](auto O) { reduce_one_warp<Op, O.value, false><<<1, 32>>>(in.get(), out.get(), {}); });
  CUDA_CHECK_LAUNCH();
  return out.download();
}

// One launch of the named form on every warp of `blocks` blocks of 1024 threads. Not synchronised.
template <typename Op>
void reduce_on_every_warp(const std::string& form, const typename Op::T* in, typename Op::T* out, int blocks,
                          int repeats) {
  with_order(form, [&](auto O) { reduce_every_warp<Op, O.value><<<blocks, 1024>>>(in, out, repeats); });
}

}  // namespace r9

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

namespace red = gridlock::reduction;
using gridlock::LessonRun;
using red::FormOutcome;
using red::MatMul;
using red::Sum;

constexpr int kRepeats = 16;  // reductions per warp in a timed launch

// Every form of one operator measured and timed under load.
template <typename Op>
std::vector<FormOutcome> measure_operator(LessonRun& run, const std::vector<red::WarpForm>& forms) {
  const auto& o = run.options();
  const red::LoadedInputs<Op> loaded(std::max(1, o.runs / 20), 2 * run.device().sm_count,
                                     o.seed + uint64_t(o.runs));
  const std::vector<FormOutcome> outcomes = red::measure_forms<Op>(
      run, kLesson, __FILE__, forms, loaded, r9::reduce_on_one_warp<Op>, r9::reduce_on_every_warp<Op>);
  const gridlock::RoundTimings timings =
      red::time_forms(run, "reduce_every_warp", forms, loaded, kRepeats, r9::reduce_on_every_warp<Op>);
  red::print_forms(outcomes, timings.timing);
  return outcomes;
}

void claim_intrinsics(LessonRun& run) {
  const int version = CUDART_VERSION;
  const std::string toolkit = std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
  run.trace().facts["toolkit"] = "CUDA " + toolkit;
  if (version >= 13000)
    run.claim(r9::kIntrinsics, false,
              "this lesson was built with CUDA " + toolkit +
                  ", whose device headers no longer declare __shfl_down and __shfl: the ctest "
                  "lessons.shfl-without-sync compiles them with the same nvcc and reads 'identifier is "
                  "undefined' for both",
              "deprecated since CUDA 9 with Volta's independent thread scheduling and removed since: the "
              "lesson uses __shfl_down_sync and __shfl_sync with the full mask, which also wait for the "
              "lanes they name");
  else
    run.claim_not_observable(r9::kIntrinsics, "built with CUDA " + toolkit +
                                                  ", which still has the deprecated forms; the lesson uses "
                                                  "the _sync forms");
}

void check_claims(LessonRun& run) {
  const std::vector<FormOutcome> sums = measure_operator<Sum>(run, r9::kSumForms);
  const std::vector<FormOutcome> products = measure_operator<MatMul>(run, r9::kProductForms);
  const FormOutcome& sum = red::outcome_of(sums, "sum");
  const FormOutcome& product = red::outcome_of(products, "product");
  const FormOutcome& halving = red::outcome_of(products, "halving-product");
  run.claim(r9::kAnyOperator, red::all_right(sum) && red::all_right(product),
            "sum (commutative): " + sum.wrong_text() + "; 2x2 matrix product (not commutative): " +
                product.wrong_text() + ". R6's halving order with the product: " + halving.wrong_text());
  if (!red::all_right(sum) || !red::all_right(product))
    run.check_failed("the documented order gave a wrong result: sum " + sum.wrong_text() + "; product " +
                     product.wrong_text());
  if (red::all_right(halving))
    run.check_failed(
        "R6's halving order gave the ordered product every time: the input does not show the order");
  run.trace().facts["halving_product.first"] = halving.alone.first;
  claim_intrinsics(run);
}

// Every form, the sums' and the products', as racecheck.sh lists and runs them.
std::vector<red::WarpForm> all_forms() {
  std::vector<red::WarpForm> forms = r9::kSumForms;
  forms.insert(forms.end(), r9::kProductForms.begin(), r9::kProductForms.end());
  return forms;
}

std::string run_form_once(const std::string& form) {
  if (red::find_form(r9::kSumForms, form))
    return red::describe_one_run<Sum>(form, r9::reduce_on_one_warp<Sum>);
  return red::describe_one_run<MatMul>(form, r9::reduce_on_one_warp<MatMul>);
}

}  // namespace

int main(int argc, char** argv) {
  if (const auto code = red::handle_form_options(argc, argv, kLesson, all_forms(), run_form_once))
    return *code;
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/32, /*block=*/32, /*grid=*/1, /*seed=*/1, /*runs=*/200, /*bench=*/false};
  defaults.min_block = defaults.max_block = 32;
  defaults.variants = r9::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    if (o.n != 32 || o.grid != 1)
      std::printf("note: one warp reduces 32 values; --n %lld and --grid %d are ignored\n",
                  static_cast<long long>(o.n), o.grid);
    check_claims(run);
    r9::record_steps(run, o.variant);
  });
}
