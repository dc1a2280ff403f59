// G1's documented claims, declared once (TECHNIQUES.md, row G1), and what the corrected guard must
// give.
#pragma once

#include "common/lesson.hpp"

namespace g1 {

inline constexpr gridlock::ClaimSpec kOneLaunch{
    "G1.one-launch",
    "With the last-block guard, one kernel launch computes the partials and merges them: the result is "
    "right (both documented forms)."};
inline constexpr gridlock::ClaimSpec kSeesAll{
    "G1.last-sees-all",
    "With such a guard (a __threadfence() before the ticket, nothing after it), the last block is "
    "guaranteed to see all the results produced by all other blocks."};
inline constexpr gridlock::ClaimSpec kAcquire{
    "G1.acquire-sees-all",
    "With the acquire half added (the last block fences again once it knows it is last), the last block "
    "sees every other block's partial (today's CUDA memory model)."};
inline constexpr gridlock::ClaimSpec kCounterZeroed{"G1.assume-counter-zeroed",
                                                    "The counter must be 0 before the kernel is launched."};
inline constexpr gridlock::ClaimSpec kEveryThread{"G1.assume-every-thread",
                                                  "The guard must be called by every thread of a block."};
inline constexpr gridlock::ClaimSpec kEveryBlock{"G1.assume-every-block",
                                                 "The guard must be called by every block of the grid."};
inline constexpr gridlock::ClaimSpec kOneDimensional{
    "G1.assume-1d-grid", "The kernel must be launched with a one-dimensional grid."};

}  // namespace g1
