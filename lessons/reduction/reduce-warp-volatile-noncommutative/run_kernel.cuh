// R8's plain launches: a form on one warp, and on every warp of a full grid (under load, and
// timed). Forms are named on the command line and in the trace as in kForms.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "reduction/common/warp_forms.hpp"

namespace r8 {

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
