// reduce-warp-shuffle's documented claims, declared once (TECHNIQUES.md, row R9).
#pragma once

#include "common/lesson.hpp"

namespace r9 {

inline constexpr gridlock::ClaimSpec kResult{"R9.result", "(to be written) what the documentation claims."};

}  // namespace r9
