// What the reduction lessons check against: their inputs and the CPU's answer.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "common/random_input.hpp"

namespace gridlock::reduction {

// The fold of the first `count` elements, left to right, as the CPU computes it.
template <typename Op>
typename Op::T cpu_reduce(const std::vector<typename Op::T>& v, size_t count) {
  typename Op::T acc = Op::identity();
  for (size_t i = 0; i < count; ++i) acc = Op()(acc, v[i]);
  return acc;
}

template <typename Op>
typename Op::T cpu_reduce(const std::vector<typename Op::T>& v) {
  return cpu_reduce<Op>(v, v.size());
}

// Whether the operator brings its own input (Op::random_input(n, seed)), as the matrix product does.
template <typename Op, typename = void>
struct has_own_input : std::false_type {};
template <typename Op>
struct has_own_input<Op, std::void_t<decltype(Op::random_input(int64_t(1), uint64_t(1)))>> : std::true_type {
};

// Seeded, non-uniform input for the operator: signed ints of both signs, odd unsigned values for
// the product (so the product modulo 2^32 never collapses to zero), or the operator's own.
template <typename Op>
std::vector<typename Op::T> input_for(int64_t n, uint64_t seed) {
  if constexpr (has_own_input<Op>::value)
    return Op::random_input(n, seed);
  else if constexpr (std::is_same_v<typename Op::T, unsigned>)
    return random_odd_uints(n, seed);
  else
    return random_ints(n, seed);
}

// A value as a claim's measurement shows it: a number, or the item's own text (to_text).
template <typename T>
std::string value_text(const T& v) {
  if constexpr (std::is_arithmetic_v<T>)
    return std::to_string(v);
  else
    return to_text(v);
}

}  // namespace gridlock::reduction
