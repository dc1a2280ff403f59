// The trace of one model run of an L3 kernel: the lockstep model's steps, the lock's holders as
// critical slices joined by hand-off flows, the claims of both runs, and this run's series and
// facts.
#pragma once

#include <string>
#include <vector>

#include "findings.hpp"
#include "lock_run.hpp"
#include "trace/trace.hpp"

namespace l3::model {

// What the traces say produced them.
extern const char* const kModelDescription;

struct TraceHeader {
  std::string title;                             // the lesson's title
  std::string variant;                           // "lockstep", "lockstep-inside-the-loop"
  std::vector<gridlock::trace::Source> sources;  // kernels.cuh, then the model's programs
  std::string recorded_at;
  int64_t step_bound = 0;
  std::string facts_of;  // the prefix of this run's facts ("lockstep", "inside-the-loop"); "": none
};

gridlock::trace::Trace lock_trace(const LockRun& run, const TraceHeader& header, const Findings& findings);

}  // namespace l3::model
