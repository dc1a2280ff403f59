// L3's documented claim, declared once (TECHNIQUES.md, row L3), and the corrected form's.
#pragma once

#include "common/lesson.hpp"

namespace l3 {

inline constexpr gridlock::ClaimSpec kDeadlock{"L3.deadlock",
                                               "If every thread of every block takes the lock, the kernel "
                                               "deadlocks: the lanes of a warp run in lockstep, so "
                                               "the lane that took the lock cannot leave the spin loop to "
                                               "give it back while its warp-mates still spin."};
inline constexpr gridlock::ClaimSpec kInsideTheLoop{"L3.inside-the-loop",
                                                    "With the critical section inside the spin loop, every "
                                                    "thread takes the lock once and the count is right (the "
                                                    "form that is safe even under lockstep execution)."};

}  // namespace l3
