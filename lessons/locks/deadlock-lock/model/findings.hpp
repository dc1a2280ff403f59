// What the two model runs say about L3's claims: the verdicts with their measurements, and the
// numbers a README quotes (Trace::facts).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lock_run.hpp"
#include "trace/trace.hpp"

namespace l3::model {

struct Findings {
  std::vector<gridlock::trace::Claim> claims;
  std::map<std::string, std::string> facts;
  bool as_expected = false;  // the documented kernel deadlocks and the corrected one completes
};

Findings find(const LockRun& every_thread, const LockRun& inside_the_loop, int64_t step_bound);

}  // namespace l3::model
