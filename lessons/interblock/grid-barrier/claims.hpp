// grid-barrier's documented claims, declared once (TECHNIQUES.md, row G0).
#pragma once

#include "common/lesson.hpp"

namespace g0 {

inline constexpr gridlock::ClaimSpec kResult{"G0.result", "(to be written) what the documentation claims."};

}  // namespace g0
