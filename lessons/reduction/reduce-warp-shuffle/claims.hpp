// R9's documented claims, declared once (TECHNIQUES.md, row R9).
#pragma once

#include "common/lesson.hpp"

namespace r9 {

inline constexpr gridlock::ClaimSpec kAnyOperator{
    "R9.any-operator",
    "Adding the value shuffled down by 1, 2, 4, 8, 16 leaves the whole reduction in lane 0, and __shfl(v, "
    "0) gives it to every lane: this works for commutative and non-commutative operators."};
inline constexpr gridlock::ClaimSpec kIntrinsics{
    "R9.intrinsics",
    "The exchange is done with __shfl_down and __shfl, available on devices of compute capability 3.0 and "
    "later."};

}  // namespace r9
