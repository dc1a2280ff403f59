// work-queue's documented claims, declared once (TECHNIQUES.md, row G2).
#pragma once

#include "common/lesson.hpp"

namespace g2 {

inline constexpr gridlock::ClaimSpec kResult{"G2.result", "(to be written) what the documentation claims."};

}  // namespace g2
