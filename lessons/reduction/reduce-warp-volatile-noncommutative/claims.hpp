// reduce-warp-volatile-noncommutative's documented claims, declared once (TECHNIQUES.md, row R8).
#pragma once

#include "common/lesson.hpp"

namespace r8 {

inline constexpr gridlock::ClaimSpec kResult{"R8.result", "(to be written) what the documentation claims."};

}  // namespace r8
