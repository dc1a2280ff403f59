// RF's claims, declared once. The technique goes beyond the documents, so these are the targets
// the lesson sets itself (DESIGN's performance ladder), each measured in the run.
#pragma once

#include "common/lesson.hpp"

namespace rf {

inline constexpr gridlock::ClaimSpec kSum{
    "RF.sum",
    "16-byte loads, sums inside each warp with shuffles and the last-block guard with its acquire half give "
    "the exact sum (wrapping at 32 bits) in one launch, for any n, also when n is not a multiple of 4."};
inline constexpr gridlock::ClaimSpec kBackToBack{
    "RF.back-to-back",
    "The last block leaves the ticket counter at 0, so launches can follow each other with no reset in "
    "between."};
inline constexpr gridlock::ClaimSpec kAheadOfCub{
    "RF.ahead-of-cub",
    "At its best configuration the kernel has at least 1.02 times the throughput of cub::DeviceReduce::Sum, "
    "at 100,000,000 ints and at 2^28 ints, timed in the same run on the same input."};
inline constexpr gridlock::ClaimSpec kNearPeak{
    "RF.near-peak",
    "At 2^28 ints the kernel reads at no less than 92% of the peak memory bandwidth the device states."};

}  // namespace rf
