// R8's documented claims, declared once (TECHNIQUES.md, row R8).
#pragma once

#include "common/lesson.hpp"

namespace r8 {

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R8.order-kept",
    "Lanes at multiples of 2, 4, 8, 16 fold in shArr[idx + 1, 2, 4, 8], then lane 0 shArr[16]: the operands "
    "stay in order, so the warp reduces with an operator that is not commutative (e.g. a matrix product)."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R8.no-barrier",
    "No barrier is needed between the steps: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kPadded{
    "R8.padded",
    "With shArr[32..47] padded, every lane may do every step without the lane tests: same result in "
    "shArr[0]."};
inline constexpr gridlock::ClaimSpec kPaddedFaster{
    "R8.padded-faster",
    "Removing the lane tests (about half of the instructions) saves time: the extra lanes of a SIMD warp "
    "cost nothing."};

}  // namespace r8
