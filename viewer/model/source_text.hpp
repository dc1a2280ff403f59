// Reading a kernel's source for people: which lines only record (as the trace names them), so the
// source panel can dim them and the kernel reads as the technique; which lines of a phase do the
// work a step shows; and why the phase is written that way, from the kernel's own comment. No GL,
// no ImGui.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// For each line of `source` (as trace::split_lines numbers them, index = line - 1): whether the
// trace names it a recording line (Source::recording, from the compiler's line tables when the
// lesson was built). All false when the trace names none.
std::vector<bool> recording_lines(const trace::Source& source);

// The lines (1-based, ascending) that do the work of the phase at lines [first, last] (first is
// the phase comment): the statements a recording line observes. Walking back from each recording
// line, past other recordings and the braces and `if (...) {` that open its block, up to two
// adjacent statements are taken: `r[i] = op(r[i], r[i + size]);` before the recording of that
// combine, `__syncthreads();` before the recording of the barrier. A phase that records nothing gives its
// statements if there are at most three. Empty when neither finds a line: the whole phase is the
// step's work.
std::vector<int> work_lines(const trace::Source& source, int first, int last);

// The lines that do a step's work in the phase at [first, last]: the lines the lesson lit inside
// the phase (`lights`, [first, last] pairs from the step's lights in this source) but those that
// only record, where it lit any, else work_lines' guess.
std::vector<int> step_work_lines(const trace::Source& source, int first, int last,
                                 const std::vector<std::pair<int, int>>& lights);

// Why the phase at `phase_line` (1-based, its `// PHASE ...` comment) is written the way it is:
// the comment lines right below the phase comment, joined by spaces ("Each level folds the
// upper half onto the lower half; ..."). Empty when the code follows the phase comment at once.
std::string phase_why(std::string_view source, int phase_line);

// phase_why of every step of a trace (empty where its source is unknown), found once at load:
// the caption shows one every frame.
std::vector<std::string> step_whys(const trace::Trace& trace);

}  // namespace gridlock::viewer
