// Which lines of a lesson's sources only record, as the compiler placed the code: a kernel is
// compiled once recording and once plain (EventRecorder<true> and <false>, ...), so a line that
// holds code in a recording kernel and in no plain kernel is there for the recorder alone. The
// line tables come from the PTX of the lesson's main.cu compiled with -lineinfo (cmake/AddLesson.cmake);
// no name in the source is looked at. The viewer dims these lines so the kernel reads as the
// technique, and a step's work is looked for beside them.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace gridlock::sources {

// For each source file of `ptx` (PTX with `.file` and `.loc` directives, the path as it names it):
// the lines (1-based, ascending) that hold code, their own or code inlined from them, in a kernel
// that runs recorder code and in no kernel that does not. A kernel runs recorder code when one of
// its lines lies in a file is_recorder_file accepts.
std::map<std::string, std::vector<int>> lines_only_recording_kernels(const std::string& ptx);

// The kernels of `ptx` (their names as the PTX has them, mangled) that run no recorder code: the
// plain instantiations, which the timed runs launch.
std::vector<std::string> plain_kernels(const std::string& ptx);

// Whether `path` is a recorder's own code: a file named *recorder* or event_log.cuh, which every
// recorder writes through; the clock (clock.cuh) is also read by plain code and does not count.
bool is_recorder_file(const std::string& path);

// The lines of `candidates` (1-based, ascending) that make whole statements of `source`: a jump
// (`return;`, `break;`, `continue;`) and a block's head (`for (...) {`) whose block holds a line
// that does not record are left out, since the compiler often places their code elsewhere; a
// statement that runs on over the next lines, the closing brace of a block that only records,
// and a brace-less head (`if constexpr (Record)`) whose one statement records, are taken whole.
// A statement that declares a value a line outside the recording uses stays out, so the kernel
// without its recording lines still compiles (tests/lessons/plain_sass_test.sh compiles it and
// compares the plain kernels' machine code).
std::vector<int> recording_statements(const std::string& source, const std::vector<int>& candidates);

// The recording lines of every file of `ptx` inside the repository at `root`, by its path there
// ("lessons/locks/critical-section/kernels.cuh"): lines_only_recording_kernels taken as the whole
// statements of each file as it is on disk now. A file that cannot be read is left out.
std::map<std::string, std::vector<int>> recording_lines_in_repository(const std::string& ptx,
                                                                      const std::string& root);

}  // namespace gridlock::sources
