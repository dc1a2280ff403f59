// Which buffer a step is about, for views that draw one buffer at a time (the tree view follows
// it from step to step). No GL, no ImGui.
#pragma once

#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// Of `candidates` (buffer ids, in order of preference), the one step `step` touches: the first
// its operations write, else the first it holds a snapshot of; -1 when it touches none of them.
int step_buffer(const trace::Trace& trace, int step, const std::vector<int>& candidates);

// step_buffer for every step, with a step that touches none of them keeping the buffer of the
// step before (the first candidate before any).
std::vector<int> buffers_by_step(const trace::Trace& trace, const std::vector<int>& candidates);

}  // namespace gridlock::viewer
