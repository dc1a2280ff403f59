// S1's documented claims, declared once (TECHNIQUES.md, row S1; CUDA Handbook section 6.7).
#pragma once

#include "common/lesson.hpp"

namespace s1 {

inline constexpr gridlock::ClaimSpec kConcurrent{
    "S1.concurrent",
    "Kernels launched into different streams run at the same time when each grid is small enough not to "
    "fill the GPU."};
inline constexpr gridlock::ClaimSpec kSmallerGrids{
    "S1.smaller-grids",
    "The smaller each kernel's grid (blocks per SM), the more kernels run at the same time."};
inline constexpr gridlock::ClaimSpec kCheckOutRecord{
    "S1.check-out-as-printed",
    "The check-out as printed (atomicAnd(&tokenizerData->mask, -(1<<kid)); atomicAdd(&tokenizerData->count, "
    "-1)) undoes the check-in, so the record reports how many kernels were active (\"Up to N kernels were "
    "active\")."};
inline constexpr gridlock::ClaimSpec kCheckOutMask{
    "S1.check-out-mask",
    "With the check-out on the check-in's record, each kernel's mask (masks[kid]) has one bit for every "
    "kernel active when it checked in."};
inline constexpr gridlock::ClaimSpec kSymbolAddress{
    "S1.symbol-address",
    "The record's address must come from cudaGetSymbolAddress(): &g_kernelData in host code does not give "
    "the device address."};
inline constexpr gridlock::ClaimSpec kNoSpeedup{
    "S1.no-speedup", "For this workload, running the kernels concurrently brought no speed-up."};

}  // namespace s1
