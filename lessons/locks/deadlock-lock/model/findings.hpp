// What the two model runs say about L3's claims: the verdicts with their measurements, and the
// numbers a README quotes (Trace::facts), each taken from what its run's trace holds.
#pragma once

#include <string>
#include <vector>

#include "lock_run.hpp"
#include "trace/trace.hpp"

namespace l3::model {

struct Findings {
  std::vector<gridlock::trace::Claim> claims;
  bool as_expected = false;  // the documented kernel deadlocks and the corrected one completes
};

Findings find(const LockRun& every_thread, const LockRun& inside_the_loop);

// Adds to `t`, the trace of `run` with its steps and parameters in place, the series a student can
// look the run up in (the pc of each instruction, the lanes in the order they took the lock; for a
// deadlock, the instructions that repeat forever and the lanes that spin) and the run's facts under
// `facts_of` ("lockstep", "inside-the-loop"), each with its origin in those series, the steps'
// snapshots or the parameters, so that check_facts recomputes it. The outcome ("deadlocked") stays
// text: a word, no number.
void add_run_facts(const LockRun& run, const std::string& facts_of, gridlock::trace::Trace& t);

}  // namespace l3::model
