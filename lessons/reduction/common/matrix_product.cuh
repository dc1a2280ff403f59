// The operator the non-commutative reduction lessons reduce with: 2x2 matrices of u32 multiplied
// modulo 2^32 (associative, and exact on the CPU too; the trace's operator `matmul` on buffers of
// shape [n, 2, 2]). Also its seeded input, its text, and the loads and stores of a volatile
// matrix that a warp-synchronous technique in shared memory needs.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::reduction {

// Row-major: [m[0] m[1]; m[2] m[3]].
struct Mat2 {
  unsigned m[4];
};

__host__ __device__ inline bool operator==(const Mat2& a, const Mat2& b) {
  return a.m[0] == b.m[0] && a.m[1] == b.m[1] && a.m[2] == b.m[2] && a.m[3] == b.m[3];
}
__host__ __device__ inline bool operator!=(const Mat2& a, const Mat2& b) { return !(a == b); }

// a · b modulo 2^32: associative, not commutative.
struct MatProduct {
  using T = Mat2;
  static constexpr const char* name = "2x2 matrix product mod 2^32";
  static constexpr trace::Operator kTraceOp = trace::Operator::matmul;
  __host__ __device__ static T identity() { return {{1u, 0u, 0u, 1u}}; }
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return {{a.m[0] * b.m[0] + a.m[1] * b.m[2], a.m[0] * b.m[1] + a.m[1] * b.m[3],
             a.m[2] * b.m[0] + a.m[3] * b.m[2], a.m[2] * b.m[1] + a.m[3] * b.m[3]}};
  }
};

// A matrix in volatile shared memory, read and written word by word: every access really happens
// where the code puts it.
__device__ inline Mat2 load(const volatile Mat2& v) { return {{v.m[0], v.m[1], v.m[2], v.m[3]}}; }
__device__ inline void store(volatile Mat2& dst, const Mat2& v) {
  dst.m[0] = v.m[0];
  dst.m[1] = v.m[1];
  dst.m[2] = v.m[2];
  dst.m[3] = v.m[3];
}

// Seeded matrices of odd determinant: invertible modulo 2^32, so no product of them collapses to
// zero, and a product taken in another order comes out different.
inline std::vector<Mat2> random_matrices(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<unsigned> word;
  std::vector<Mat2> v(static_cast<size_t>(n));
  for (Mat2& x : v) {
    do {
      x = {{word(rng), word(rng), word(rng), word(rng)}};
    } while (((x.m[0] * x.m[3] - x.m[1] * x.m[2]) & 1u) == 0);
  }
  return v;
}

inline std::string to_string(const Mat2& v) {
  return "[[" + std::to_string(v.m[0]) + ", " + std::to_string(v.m[1]) + "], [" + std::to_string(v.m[2]) +
         ", " + std::to_string(v.m[3]) + "]]";
}

// The four elements as a trace snapshot holds them (found by the recorder's replay).
inline void append_values(std::vector<double>& out, const Mat2& v) { out.insert(out.end(), v.m, v.m + 4); }

}  // namespace gridlock::reduction
