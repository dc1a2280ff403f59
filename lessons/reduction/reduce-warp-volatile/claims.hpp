// R6's documented claims, declared once (TECHNIQUES.md, row R6).
#pragma once

#include "common/lesson.hpp"

namespace r6 {

inline constexpr gridlock::ClaimSpec kSum{
    "R6.sum",
    "One warp sums 32 values in shared memory: lanes < 16, 8, 4, 2, 1 add shArr[idx + 16, 8, 4, 2, 1]."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R6.no-barrier",
    "No barrier is needed between the steps: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kVolatile{
    "R6.volatile",
    "shArr must be volatile: otherwise the compiler may keep the values in registers, other threads do not "
    "see them, and the result is wrong."};
inline constexpr gridlock::ClaimSpec kSimplified{
    "R6.simplified",
    "If shArr[1..31] is not needed afterwards, lanes 0-15 may do every step without the lane tests: same "
    "sum."};
inline constexpr gridlock::ClaimSpec kDropIfsFaster{
    "R6.drop-ifs-faster",
    "Dropping the lane tests saves time: idle lanes of a SIMD warp cost nothing, while evaluating the small "
    "conditions takes comparatively long."};

}  // namespace r6
