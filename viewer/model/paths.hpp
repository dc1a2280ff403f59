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

// The folder with the viewer's shaders: the source tree's shaders/ when the build knows it,
// else <exe>/../share/gridlock/shaders. Empty when neither holds heat_strip.frag.
std::string find_shader_folder(const std::string& source_folder, const std::string& exe_folder);

// The path of `program` on the PATH; empty when it is not there.
std::string find_on_path(const std::string& program);

}  // namespace gridlock::viewer
