// What the reduction lessons check against: their inputs and the CPU's answer.
#pragma once

#include <cstdint>
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

// Seeded, non-uniform input for the operator: signed ints of both signs, or odd unsigned values
// for the product (so the product modulo 2^32 never collapses to zero).
template <typename Op>
std::vector<typename Op::T> input_for(int64_t n, uint64_t seed) {
  if constexpr (std::is_same_v<typename Op::T, unsigned>)
    return random_odd_uints(n, seed);
  else
    return random_ints(n, seed);
}

}  // namespace gridlock::reduction
