// Which lines of a CUDA source load or store shared memory, and in which function a line lies,
// read from the text alone: the rule the racecheck line test holds a report's "file:line" to (the
// line lies in the function racecheck names, and touches shared memory).
//
// The rule. Comments, string and character literals are blanked first. Each function marked
// __device__ or __global__ that has a body (its signature and its braces) has shared names:
//   - the names its body declares __shared__ ("__shared__ int s[32];");
//   - for a __device__ function, its parameters that point or refer to volatile memory
//     (`volatile int* s`, `const volatile Mat2& v`) or point to memory it may write (`int* s`,
//     `Shared* s`, `Mat2* s`): the warp lessons hand their shared arrays down so. A __global__
//     function's pointer parameters are global memory (`const int* in, int* out`) and do not count,
//     nor do references to non-volatile objects (the recorder `Rec& rec`, `const Mat2& x`).
// A line touches shared memory when it lies in such a function and subscripts one of its shared
// names (`s[lane]`) or reads a member through one (`v.a`, `p->x`); a __shared__ declaration and
// an address taken (`&r[warp]`, handed to a helper that accesses it on its own lines) are no access. A line
// that a change has turned into a comment, a blank, a barrier, a recorder call or an access to registers or
// global memory fails the rule; it may pass a __device__ helper's access through a plain pointer to global
// memory, which the warp lessons do not have.
#pragma once

#include <string>
#include <vector>

namespace gridlock::evidence {

// Entry i says whether line i + 1 of `source` loads or stores shared memory.
std::vector<bool> shared_access_lines(const std::string& source);

// The name of the __device__ or __global__ function whose lines hold line `line` (1-based) of
// `source`, unqualified ("fold"); empty when none does.
std::string enclosing_function(const std::string& source, int line);

}  // namespace gridlock::evidence
