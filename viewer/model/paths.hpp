// Where the viewer finds its files: next to the source tree it was built from, or in an install.
#pragma once

#include <string>
#include <vector>

namespace gridlock::viewer {

// The folder holding the running executable (from /proc/self/exe; `argv0` when that fails).
std::string executable_dir(const std::string& argv0);

// The first candidate that is an existing folder holding `probe_file` (or any folder when
// probe_file is empty); empty when none is.
std::string first_folder_with(const std::vector<std::string>& candidates, const std::string& probe_file = {});

}  // namespace gridlock::viewer
