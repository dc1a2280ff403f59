// R2's documented claims, declared once (TECHNIQUES.md, row R2).
#pragma once

#include "common/lesson.hpp"

namespace r2 {

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R2.order-kept",
    "Loading into the upper half, compressing adjacent pairs into the lower half and then the interleaved "
    "tree keep the operands in order, so the reduction is right for an associative operator that does not "
    "commute (a matrix product)."};
inline constexpr gridlock::ClaimSpec kCommutativePattern{
    "R2.commutative-pattern",
    "Only a commutative operator may be combined in another pattern: R1's halving tree with a matrix "
    "product gives a different answer."};
inline constexpr gridlock::ClaimSpec kIdentityPadding{
    "R2.identity-padding",
    "With a matrix product, the 0 that pads a short load must be replaced by the operator's neutral element, "
    "the identity matrix."};
inline constexpr gridlock::ClaimSpec kSum{
    "R2.sum", "Written with integer addition, as the example is for simplicity, it returns the right sum."};
inline constexpr gridlock::ClaimSpec kCommutativeFaster{
    "R2.commutative-faster",
    "When the operator also commutes, combining in another pattern gives a better memory access pattern: "
    "R1's tree is faster than the order-keeping one."};

}  // namespace r2
