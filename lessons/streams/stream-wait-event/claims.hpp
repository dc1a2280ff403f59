// S2's documented claims, declared once (TECHNIQUES.md, row S2; CUDA Handbook section 6.8).
#pragma once

#include "common/lesson.hpp"

namespace s2 {

inline constexpr gridlock::ClaimSpec kOrdering{
    "S2.ordering",
    "A stream that waits for an event with cudaStreamWaitEvent runs nothing behind the wait until the event "
    "has been recorded: the consumer reads what the producer wrote."};
inline constexpr gridlock::ClaimSpec kAsynchronous{
    "S2.asynchronous",
    "cudaStreamWaitEvent is asynchronous for the CPU: it returns at once, and the CPU carries on while the "
    "waiting stream waits."};
inline constexpr gridlock::ClaimSpec kAcrossDevices{
    "S2.across-devices",
    "The stream and the event need not belong to the same device: a stream of one GPU can wait for an event "
    "recorded on another, which orders a peer-to-peer copy after the producer."};
inline constexpr gridlock::ClaimSpec kContextScope{
    "S2.context-scope", "Streams and events live in a context (device): cudaDeviceReset destroys them."};
inline constexpr gridlock::ClaimSpec kSameDevice{
    "S2.same-device",
    "Kernel launches and cudaEventRecord work only on a stream of the current device (for cudaEventRecord, "
    "of the event's device)."};
inline constexpr gridlock::ClaimSpec kCopyAnyStream{
    "S2.copy-any-stream",
    "A peer-to-peer copy may be issued into a stream of either device, best into one of the source device."};
inline constexpr gridlock::ClaimSpec kWaitAnyStream{
    "S2.wait-any-stream",
    "cudaStreamWaitEvent accepts any stream and any event, whichever device is current."};

}  // namespace s2
