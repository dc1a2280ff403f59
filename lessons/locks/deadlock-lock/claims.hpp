// deadlock-lock's documented claims, declared once (TECHNIQUES.md, row L3).
#pragma once

#include "common/lesson.hpp"

namespace l3 {

inline constexpr gridlock::ClaimSpec kResult{"L3.result", "(to be written) what the documentation claims."};

}  // namespace l3
