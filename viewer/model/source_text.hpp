// Reading a kernel's source for people: which lines only record (the calls on the recorder,
// `rec.begin();`, `const auto t = rec.now();`), so the source panel can dim them and the kernel
// reads as the technique; which lines of a phase do the work a step shows; and why the phase is
// written that way, from the kernel's own comment. No GL, no ImGui.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::viewer {

// The name lessons give their recorder parameter.
inline constexpr std::string_view kRecorderName = "rec";

// For each line of `source` (as trace::split_lines numbers them, index = line - 1): whether it
// belongs to a statement that only records. A recorder is `rec` or a name that ends in `_rec`
// (`merge_rec`). A statement records when its code, comments left out, starts with a call on a
// recorder (`rec.` or `rec->`), calls a helper whose first argument is the recorder
// (`time_after(rec, t)`), declares or assigns a value that is either of these
// (`const unsigned long long t = rec.now();`), or is one of these behind a condition
// (`if (threadIdx.x == 0) rec.record(...);`); a statement that runs over several lines marks each
// of them. Lines with other code beside it are not marked.
std::vector<bool> recording_lines(std::string_view source, std::string_view recorder = kRecorderName);

// The lines (1-based, ascending) that do the work of the phase at lines [first, last] (first is
// the phase comment): the statements a recording call observes. Walking back from each recording
// statement, past other recordings and the braces and `if (...) {` that open its block, up to two
// adjacent statements are taken: `r[i] = op(r[i], r[i + size]);` before `rec.combined(...)`,
// `__syncthreads();` before `rec.after_barrier(...)`. A phase that records nothing gives its
// statements if there are at most three. Empty when neither finds a line: the whole phase is the
// step's work.
std::vector<int> work_lines(std::string_view source, int first, int last,
                            std::string_view recorder = kRecorderName);

// The lines that do a step's work in the phase at [first, last]: the lines the lesson lit inside
// the phase (`lights`, [first, last] pairs from the step's lights in this source), where it lit
// any, else work_lines' guess.
std::vector<int> step_work_lines(std::string_view source, int first, int last,
                                 const std::vector<std::pair<int, int>>& lights);

// Why the phase at `phase_line` (1-based, its `// PHASE ...` comment) is written the way it is:
// the comment lines right below the phase comment, joined by spaces ("Each level folds the
// upper half onto the lower half; ..."). Empty when the code follows the phase comment at once.
std::string phase_why(std::string_view source, int phase_line);

// phase_why of every step of a trace (empty where its source is unknown), found once at load:
// the caption shows one every frame.
std::vector<std::string> step_whys(const trace::Trace& trace);

}  // namespace gridlock::viewer
