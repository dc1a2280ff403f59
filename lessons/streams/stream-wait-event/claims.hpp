// stream-wait-event's documented claims, declared once (TECHNIQUES.md, row S2).
#pragma once

#include "common/lesson.hpp"

namespace s2 {

inline constexpr gridlock::ClaimSpec kResult{"S2.result", "(to be written) what the documentation claims."};

}  // namespace s2
