// What the documentation claims, what the lesson measured, and the verdict; and the run itself:
// who produced the trace (the GPUs or a model), its parameters, clock, launches, notices, facts
// and timings.
#pragma once

#include <optional>
#include <string>

#include "model/verdict_badge.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// Claims as a table, verdicts colour-coded.
void draw_claims_panel(const trace::Trace& trace, const Fonts& fonts);

// Devices (or the model), parameters, clock, launches, notices, facts and timings. Returns the key
// of the fact whose "show" link was clicked this frame, if one was.
std::optional<std::string> draw_run_panel(const trace::Trace& trace, const Fonts& fonts);

// A rounded, coloured verdict label at the cursor.
void verdict_badge(trace::Verdict verdict, const Fonts& fonts);

ImU32 verdict_colour(trace::Verdict verdict);
const char* verdict_words(trace::Verdict verdict);

// The claim's badge (model/verdict_badge.hpp): a confirmation whose point is a silent failure
// has words and a colour of its own, and every badge explains itself in a tooltip.
void claim_badge(const trace::Claim& claim, const Fonts& fonts);
ImU32 badge_colour(Badge badge);

}  // namespace gridlock::viewer
