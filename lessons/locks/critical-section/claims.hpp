// L2's documented claim, declared once (TECHNIQUES.md, row L2), and what the corrected lock and
// the baseline must give.
#pragma once

#include "common/lesson.hpp"

namespace l2 {

inline constexpr gridlock::ClaimSpec kCorrect{
    "L2.correct",
    "With the lock (atomicCAS to take it, atomicExch to give it back), the block count is correct."};
inline constexpr gridlock::ClaimSpec kOrdered{
    "L2.ordered-lock",
    "The lock with acquire and release orders (today's CUDA memory model) gives the correct count."};
inline constexpr gridlock::ClaimSpec kAtomic{
    "L2.atomic-baseline", "atomicAdd alone gives the correct count, without a lock (the baseline)."};

}  // namespace l2
