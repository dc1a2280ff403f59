// Making a source set from the files on disk: from a compiler's dependency list when a lesson is
// built (gridlock-sources), and from a report's list when a test checks the report is current.
#pragma once

#include <string>
#include <vector>

#include "common/sources/sources.hpp"

namespace gridlock::sources {

// The files of a make-style rule ("target: a.cu b.hpp \" ..., as nvcc -MM writes it) that lie in
// root/lessons/, as paths inside the repository, sorted, each once.
std::vector<std::string> lesson_files_in_depfile(const std::string& text, const std::string& root);

// Each of `paths` (inside the repository at `root`) hashed as it is on disk now, in path order.
SourceSet hash_files(const std::string& root, std::vector<std::string> paths);

// A C++ source with its comments and the insides of its string and character literals replaced by
// blanks (line breaks kept), so a word found in it is a word of the code.
std::string code_only(const std::string& source);

// The whole text of a file; false when it cannot be read.
bool read_text(const std::string& path, std::string& text);

// The files of `paths` (inside the repository at `root`) that a lesson's traces carry beside its
// kernel file `kernel`: those whose code (comments and literals aside) holds device code (a
// __global__ or __device__ function or variable), but main.cu, the driver; each with its role,
// "recording" (lessons/common/record/, or a file named *record* or *clock*) or "technique".
struct Carried {
  std::string path;
  std::string role;
  std::string text;
};
std::vector<Carried> carried_files(const std::string& root, const std::vector<std::string>& paths,
                                   const std::string& kernel);

}  // namespace gridlock::sources
