// What a claim's badge says. "Confirmed" alone would put the same green badge on "the sum is
// right" and on "without a lock the count is wrong": both are confirmed, but the second teaches
// that the code fails silently (no error, no crash, a wrong number). The badge tells them apart,
// from what the trace holds: the claim's statement and its verdict.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

enum class Badge {
  confirmed,         // the documentation is right
  confirmed_silent,  // the documentation is right, and the point is that the code fails silently
  contradicted,      // the measurement says otherwise
  not_observable,    // nothing on this GPU can show it
};

// Whether `statement` says that some code gives a wrong result without failing: "returns a
// wrong result", "the result is wrong", "gives a different answer", "does not give the device
// address", "a race condition appears". A statement about a hang (deadlock) is not silent.
bool states_silent_failure(const std::string& statement);

Badge badge_of(const trace::Claim& claim);
// The badge's words: "confirmed", "confirmed: fails silently", "contradicted", "not observable".
const char* badge_words(Badge badge);
// One sentence on what the badge means, for its tooltip.
const char* badge_meaning(Badge badge);

}  // namespace gridlock::viewer
