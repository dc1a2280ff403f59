// R4's documented claims, declared once (TECHNIQUES.md, rows R4 and G1).
#pragma once

#include "common/lesson.hpp"

namespace r4 {

inline constexpr gridlock::ClaimSpec kSum{
    "R4.sum",
    "One launch gives the right sum: every block writes its partial, and the block that finishes last merges "
    "them (the last-block guard)."};
inline constexpr gridlock::ClaimSpec kLastBlockOnly{
    "R4.last-block-only",
    "The guard lets exactly one block through, the last one to reach it: it merges after every block has "
    "written its partial."};
inline constexpr gridlock::ClaimSpec kFence{"R4.fence",
                                            "__threadfence() before the ticket makes each block's partial "
                                            "visible to all blocks, so the merging block "
                                            "reads every partial as it was written."};

}  // namespace r4
