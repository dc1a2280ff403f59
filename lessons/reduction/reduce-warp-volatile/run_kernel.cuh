// R6's plain launches: a form on one warp, and on every warp of a full grid (under load, and
// timed). Forms are named on the command line and in the trace as in kForms.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "reduction/common/warp_forms.hpp"

namespace r6 {

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
