// A truly non-commutative operator for the order-keeping reductions: the product of 2x2 matrices
// of u32, modulo 2^32. Associative and exact on the GPU and the CPU alike; A*B != B*A for almost
// every pair. The trace names it `matmul` on a [n, 2, 2] u32 buffer.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::reduction {

// [[a, b], [c, d]], row by row.
struct Mat2 {
  unsigned a, b, c, d;

  __host__ __device__ friend Mat2 operator*(const Mat2& x, const Mat2& y) {
    return {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
  }
  __host__ __device__ friend bool operator==(const Mat2& x, const Mat2& y) {
    return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d;
  }
  __host__ __device__ friend bool operator!=(const Mat2& x, const Mat2& y) { return !(x == y); }
  // The four elements, row by row, as the trace stores an item.
  std::array<unsigned, 4> words() const { return {a, b, c, d}; }
};

// "[[1, 2], [3, 4]]"
inline std::string to_text(const Mat2& m) {
  return "[[" + std::to_string(m.a) + ", " + std::to_string(m.b) + "], [" + std::to_string(m.c) + ", " +
         std::to_string(m.d) + "]]";
}

// Seeded matrices whose determinant is odd, so that they are invertible modulo 2^32 and no
// product of them collapses to a matrix of zeros, however long.
inline std::vector<Mat2> random_invertible_matrices(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Mat2> v(static_cast<size_t>(n));
  for (Mat2& m : v) {
    const uint64_t x = rng(), y = rng();
    m = {unsigned(x), unsigned(x >> 32), unsigned(y), unsigned(y >> 32)};
    // The determinant's parity is (a & d) ^ (b & c) in the lowest bit: make it 1.
    if ((((m.a & m.d) ^ (m.b & m.c)) & 1u) == 0) {
      if (m.d & 1u)
        m.a ^= 1u;
      else if (m.a & 1u)
        m.d ^= 1u;
      else
        m.a |= 1u, m.d |= 1u;  // a, d even, so b & c is even too
    }
  }
  return v;
}

// Associative, not commutative.
struct MatMul {
  using T = Mat2;
  static constexpr const char* name = "2x2 matrix product mod 2^32";
  static constexpr trace::Operator kTraceOp = trace::Operator::matmul;
  __host__ __device__ static T identity() { return {1u, 0u, 0u, 1u}; }
  __host__ __device__ T operator()(const T& x, const T& y) const { return x * y; }
  static std::vector<T> random_input(int64_t n, uint64_t seed) { return random_invertible_matrices(n, seed); }
};

// The same product with the documented 0 kept as the padding of a short last load: the zero
// matrix, which is not the product's neutral element.
struct MatMulZeroPadding : MatMul {
  __host__ __device__ static T identity() { return {0u, 0u, 0u, 0u}; }
};

}  // namespace gridlock::reduction
