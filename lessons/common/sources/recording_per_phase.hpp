// How much recording each phase of a kernel holds: the statements among its recording lines (the
// lines a trace's source names as recording only, from the compiler's line tables), counted per
// `// PHASE n: ...` comment. A kernel reads like its technique when each phase records in at most
// one statement.
#pragma once

#include <string>
#include <vector>

namespace gridlock::sources {

struct PhaseRecording {
  std::string phase;   // the comment's text after "// ": "PHASE 1: take the lock"
  int line = 0;        // its line (1-based)
  int statements = 0;  // recording statements from there to the next phase or the function's end
};

// Every phase of `source`: a phase runs from its comment to the next phase comment or to the end
// of the function (a line that is `}` alone at the start), and a recording line begins a
// statement where the code line before it does not record or ends a statement (`;`, `{`, `}`).
std::vector<PhaseRecording> recording_per_phase(const std::string& source, const std::vector<int>& recording);

}  // namespace gridlock::sources
