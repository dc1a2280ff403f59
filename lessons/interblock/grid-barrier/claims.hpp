// G0: the inter-block chapter's opening claim (TECHNIQUES.md, "Inter-block communication"),
// declared once, and the two halves it is measured by.
#pragma once

#include "common/lesson.hpp"

namespace g0 {

inline constexpr gridlock::ClaimSpec kNoSafeWay{
    "G0.no-safe-grid-sync",
    "Blocks run semi-independently: there is no safe way to synchronise all of them inside one launch."};
inline constexpr gridlock::ClaimSpec kSpinFits{
    "G0.spin-barrier-fits",
    "A barrier written by hand over a counter in global memory completes while every block of the grid is "
    "resident (measured here, not a claim of the document)."};
inline constexpr gridlock::ClaimSpec kSpinTooLarge{"G0.spin-barrier-too-large",
                                                   "The same barrier cannot complete when the grid is larger "
                                                   "than the GPU holds at once (measured here, not a "
                                                   "claim of the document)."};
inline constexpr gridlock::ClaimSpec kCooperative{
    "G0.cooperative-grid-sync",
    "A cooperative launch's this_grid().sync() synchronises every block, up to the residency limit the "
    "device "
    "reports, and a larger cooperative launch is refused, not hung (today's CUDA, not in the document)."};

}  // namespace g0
