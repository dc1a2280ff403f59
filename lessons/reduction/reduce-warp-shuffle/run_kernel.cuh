// R9's plain launches, for the sum and for the matrix product: one warp, and every warp of a full
// grid (under load, and timed). Forms are named on the command line and in the trace as in kForms.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/device_buffer.hpp"
#include "kernels.cuh"
#include "reduction/common/operators.cuh"
#include "reduction/common/warp_forms.hpp"

namespace r9 {

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
