// RM's claims, declared once. The technique goes beyond the documents, so these are the targets
// the lesson sets itself, each measured in the run.
#pragma once

#include "common/lesson.hpp"

namespace rm {

inline constexpr gridlock::ClaimSpec kExact{
    "RM.exact",
    "Two GPUs, each summing its half with reduce-fast, GPU 1's partial written into GPU 0's memory by its "
    "last "
    "block and ordered by an event and cudaStreamWaitEvent, and one addition on GPU 0, the whole captured as "
    "one CUDA graph, give the exact sum (wrapping at 32 bits) for any n."};
inline constexpr gridlock::ClaimSpec kNcclExact{
    "RM.nccl-exact",
    "From the same partials, ncclAllReduce leaves the exact sum on both GPUs and ncclReduce on GPU 0 (one "
    "communicator per GPU in one process)."};
inline constexpr gridlock::ClaimSpec kSpeedUp{
    "RM.speed-up",
    "At the sweep's largest size (2^28 ints per GPU by default) the two-GPU sum is at least 1.9 times as "
    "fast as reduce-fast on one GPU over the same ints, each timed on the host from before the first launch "
    "to the sum readable on the host, in the same run."};
inline constexpr gridlock::ClaimSpec kAgainstNccl{
    "RM.against-nccl",
    "At every size of the sweep the two-GPU sum takes no more time than the same shares combined by "
    "ncclAllReduce or by ncclReduce, each timed the same way in the same run."};

}  // namespace rm
