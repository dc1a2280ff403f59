// R7's documented claims, declared once (TECHNIQUES.md, row R7, and R1's closing note).
#pragma once

#include "common/lesson.hpp"

namespace r7 {

inline constexpr gridlock::ClaimSpec kSum{
    "R7.sum",
    "One block sums the array: strided partial sums, every warp sums its 32 with the single-warp reduction, "
    "one __syncthreads(), then warp 0 sums the warps' results."};
inline constexpr gridlock::ClaimSpec kNoBarrier{
    "R7.no-barrier",
    "Inside each warp no barrier is needed: the 32 threads of a warp execute in perfect lockstep."};
inline constexpr gridlock::ClaimSpec kFaster{
    "R7.faster",
    "A warp-level reduction makes the single-block reduction faster (R1's closing note): fewer "
    "__syncthreads() than a tree with one per level."};

}  // namespace r7
