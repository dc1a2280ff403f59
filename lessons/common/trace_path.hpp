// Whether a lesson can write its trace where --trace says, checked before any GPU work.
#pragma once

#include <string>

namespace gridlock {

// "" when PATH can be written: its folder exists and a file can be created in it (checked by
// creating and removing PATH.tmp-<pid>, the temporary name the trace writer uses), and PATH is
// not a folder. Otherwise what is wrong, e.g. "the folder out/ does not exist".
std::string trace_path_problem(const std::string& path);

}  // namespace gridlock
