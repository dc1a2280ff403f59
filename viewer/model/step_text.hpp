// How a step is named for people: its phase label with the detail that sets it apart, and its
// position counted from 1. The command line's --step counts from 0.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// The separator between a label and its detail: " · ".
inline constexpr const char* kDetailSeparator = " \xC2\xB7 ";

// "PHASE 2: halving tree · level 3 of 10, size 128"; the label alone when the detail is empty.
std::string step_name(const trace::Step& step);

// "step 6 of 12" for the 0-based index 5 of 12 steps; "no steps" for a trace without any (one
// that holds timings only).
std::string step_position(int index, int count);

// The first step whose detail, label or note holds `text`; -1 when none does. A step named by what
// it shows stays the same step when a re-record moves its number.
int step_holding(const trace::Trace& trace, const std::string& text);

// The steps where a launch begins that the step before did not belong to (step.launch changes;
// the first step is not listed): where the scrubber marks a launch boundary.
std::vector<int> launch_starts(const trace::Trace& trace);

// "launch 2 of 3: reduce_single_block<1024>" for a step's launch; empty for a step of no launch.
std::string launch_text(const trace::Trace& trace, int step);

}  // namespace gridlock::viewer
