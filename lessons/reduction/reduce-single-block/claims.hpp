// R1's documented claims, declared once (TECHNIQUES.md, row R1).
#pragma once

#include "common/lesson.hpp"

namespace r1 {

inline constexpr gridlock::ClaimSpec kSum{"R1.sum",
                                          "One block (strided load, then a halving tree with one "
                                          "__syncthreads() per level) returns the right sum."};
inline constexpr gridlock::ClaimSpec kDropFirstLoop{
    "R1.drop-first-loop", "When the input has exactly blockSize elements, the first loop can be dropped."};
inline constexpr gridlock::ClaimSpec kOtherOperators{
    "R1.other-operators",
    "The same code works for any other commutative, associative operator: multiplication, minimum, maximum."};
inline constexpr gridlock::ClaimSpec kSmallInputs{
    "R1.small-inputs",
    "A single block is the practical choice when the input is small (a few thousand elements)."};

}  // namespace r1
