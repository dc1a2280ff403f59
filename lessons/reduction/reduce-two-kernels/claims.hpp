// R3's documented claims, declared once (TECHNIQUES.md, row R3).
#pragma once

#include "common/lesson.hpp"

namespace r3 {

inline constexpr gridlock::ClaimSpec kSum{
    "R3.sum",
    "Per-block partial sums (a grid-stride loop, then a halving tree in shared memory) and a second launch "
    "of "
    "the same kernel with one block over the partials return the right sum."};
inline constexpr gridlock::ClaimSpec kBoundary{
    "R3.kernel-boundary",
    "Launching the second kernel makes a grid-wide synchronisation point: it reads the partials only after "
    "every block of the first launch has written its own."};
inline constexpr gridlock::ClaimSpec kMoreBlocks{
    "R3.more-blocks",
    "Launching more blocks than it takes to keep every SM busy, up to as many threads as elements, is "
    "counter-productive: it adds no computing power and gives up the efficient first loop."};
inline constexpr gridlock::ClaimSpec kSmTimesTwo{
    "R3.sm-times-two",
    "The grid size depends on the hardware (24 in the example); twice the number of SMs is usually a good "
    "choice."};

}  // namespace r3
