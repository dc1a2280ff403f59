// The operators the reduction lessons reduce with. Each names its element type, its identity and
// the trace's name for it (so a recorded operation can be replayed).
#pragma once

#include <climits>

#include "trace/trace.hpp"

namespace gridlock::reduction {

// Commutative and associative.
struct Sum {
  using T = int;
  static constexpr const char* name = "sum";
  static constexpr trace::Operator kTraceOp = trace::Operator::add;
  __host__ __device__ static T identity() { return 0; }
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};
struct Min {
  using T = int;
  static constexpr const char* name = "min";
  static constexpr trace::Operator kTraceOp = trace::Operator::min;
  __host__ __device__ static T identity() { return INT_MAX; }
  __host__ __device__ T operator()(T a, T b) const { return a < b ? a : b; }
};
struct Max {
  using T = int;
  static constexpr const char* name = "max";
  static constexpr trace::Operator kTraceOp = trace::Operator::max;
  __host__ __device__ static T identity() { return INT_MIN; }
  __host__ __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
// Multiplication modulo 2^32: commutative and associative, and exact on the CPU too (a float
// product is not associative).
struct Product {
  using T = unsigned;
  static constexpr const char* name = "product mod 2^32";
  static constexpr trace::Operator kTraceOp = trace::Operator::mul;
  __host__ __device__ static T identity() { return 1u; }
  __host__ __device__ T operator()(T a, T b) const { return a * b; }
};

}  // namespace gridlock::reduction
