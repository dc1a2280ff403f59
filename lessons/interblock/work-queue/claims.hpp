// G2's documented claims, declared once (TECHNIQUES.md, row G2), and what the queue must give.
#pragma once

#include "common/lesson.hpp"

namespace g2 {

inline constexpr gridlock::ClaimSpec kExactlyOnce{
    "G2.exactly-once",
    "The queue hands out every item exactly once: each is done by one block, with the result up-front "
    "assignment gives (the queue's own guarantee)."};
inline constexpr gridlock::ClaimSpec kBalances{
    "G2.balances",
    "When item costs vary greatly, fetching the next item only when the last one is done balances the work "
    "between blocks better than assigning items to blocks up front."};
inline constexpr gridlock::ClaimSpec kCost{
    "G2.where-it-does-not-pay",
    "Where items are tiny, the queue's atomicAdd and barriers per item cost more than they save: it is "
    "slower "
    "than up-front assignment (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kEqualCosts{
    "G2.equal-costs",
    "Where item costs do not vary and every block has an SM of its own, there is nothing to balance: the "
    "queue "
    "is no faster than up-front assignment (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kNoItemsAdded{
    "G2.assume-no-items-added",
    "No new work items may be added to the queue in the kernel that fetches from it."};
inline constexpr gridlock::ClaimSpec kUniformFetch{"G2.assume-uniform-fetch",
                                                   "fetch() must be called by every thread of the block."};
inline constexpr gridlock::ClaimSpec kBarrierBetween{
    "G2.assume-barrier-between-fetches",
    "There must be a __syncthreads() between two calls of fetch(); otherwise a race condition appears."};

}  // namespace g2
