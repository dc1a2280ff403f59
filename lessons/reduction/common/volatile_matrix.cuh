// What the warp-level lessons need of the matrix operator (matrix.cuh) beyond the operator itself:
// a matrix in volatile shared memory read and written word by word, and its text and trace values
// under the names the lane recorder and the warp measurements use for every element type.
#pragma once

#include <string>
#include <vector>

#include "reduction/common/matrix.cuh"

namespace gridlock::reduction {

// Every access to a volatile matrix really happens where the code puts it.
__device__ inline Mat2 load(const volatile Mat2& v) { return {v.a, v.b, v.c, v.d}; }
__device__ inline void store(volatile Mat2& dst, const Mat2& v) {
  dst.a = v.a;
  dst.b = v.b;
  dst.c = v.c;
  dst.d = v.d;
}

// Found by argument-dependent lookup beside std::to_string's and the lane replay's overloads.
inline std::string to_string(const Mat2& m) { return to_text(m); }
inline void append_values(std::vector<double>& out, const Mat2& m) {
  for (unsigned w : m.words()) out.push_back(w);
}

}  // namespace gridlock::reduction
