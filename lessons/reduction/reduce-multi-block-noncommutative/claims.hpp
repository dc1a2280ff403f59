// R5's documented claims, declared once (TECHNIQUES.md, row R5).
#pragma once

#include "common/lesson.hpp"

namespace r5 {

inline constexpr gridlock::ClaimSpec kOrderKept{
    "R5.order-kept",
    "Cutting the input into contiguous chunks, one per block, reducing each in order (R2's routine) and "
    "having "
    "the last block reduce the partials in block order keeps the operand order across blocks."};
inline constexpr gridlock::ClaimSpec kCommutativePattern{
    "R5.commutative-pattern",
    "The multi-block reduction for commutative operators (R4: grid-stride slices, halving trees) does not "
    "keep "
    "the order: with a matrix product it gives a different answer."};
inline constexpr gridlock::ClaimSpec kLastBlockOnly{
    "R5.last-block-only", "lastBlock lets through only the last block to reach it."};
inline constexpr gridlock::ClaimSpec kTwoLaunches{
    "R5.two-launches",
    "To avoid the guard, the kernel can be split into two launches: the chunks, then R2's kernel over the "
    "partials."};

}  // namespace r5
