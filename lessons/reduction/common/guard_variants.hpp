// The last-block guard's forms the merging reductions run, by variant name: the documented one
// (__threadfence before the ticket, __syncthreads_or to spread the answer) and the corrected one
// (as documented, and the last block fences again before it reads the partials).
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "interblock/common/last_block.cuh"

namespace gridlock::reduction {

inline const std::vector<std::string> kGuardVariants = {"documented", "acquire"};

// Calls f(std::integral_constant<interblock::Guard, form>{}) for the variant's form.
template <typename F>
decltype(auto) with_guard(const std::string& variant, F&& f) {
  using interblock::Guard;
  if (variant == "acquire") return f(std::integral_constant<Guard, Guard::acquire>{});
  return f(std::integral_constant<Guard, Guard::syncthreads_or>{});
}

// How the variant's guard is named in kernels and steps.
inline std::string guard_name(const std::string& variant) {
  return variant == "acquire" ? "the guard with the acquire fence" : "the documented guard";
}

}  // namespace gridlock::reduction
