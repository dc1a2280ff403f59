// L1's documented claim, declared once (TECHNIQUES.md, row L1), and the baseline's guarantee.
#pragma once

#include "common/lesson.hpp"

namespace l1 {

inline constexpr gridlock::ClaimSpec kWrongResult{
    "L1.wrong-result",
    "Counting blocks by having thread 0 of each do count = count + 1, with no lock, returns a wrong result."};
inline constexpr gridlock::ClaimSpec kAtomicExact{"L1.atomic-baseline",
                                                  "The same count with atomicAdd returns the number of "
                                                  "blocks (the baseline, not a claim of the document)."};

}  // namespace l1
