// reduce-block-with-warps's documented claims, declared once (TECHNIQUES.md, row R7).
#pragma once

#include "common/lesson.hpp"

namespace r7 {

inline constexpr gridlock::ClaimSpec kResult{"R7.result", "(to be written) what the documentation claims."};

}  // namespace r7
