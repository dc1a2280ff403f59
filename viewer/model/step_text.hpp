// How a step is named for people: its phase label with the detail that sets it apart, and its
// position counted from 1. The command line's --step counts from 0.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// The separator between a label and its detail: " · ".
inline constexpr const char* kDetailSeparator = " \xC2\xB7 ";

// "PHASE 2: halving tree · level 3 of 10, size 128"; the label alone when the detail is empty.
std::string step_name(const trace::Step& step);

// "step 6 of 12" for the 0-based index 5 of 12 steps.
std::string step_position(int index, int count);

}  // namespace gridlock::viewer
