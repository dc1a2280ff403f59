// critical-section's documented claims, declared once (TECHNIQUES.md, row L2).
#pragma once

#include "common/lesson.hpp"

namespace l2 {

inline constexpr gridlock::ClaimSpec kResult{"L2.result", "(to be written) what the documentation claims."};

}  // namespace l2
