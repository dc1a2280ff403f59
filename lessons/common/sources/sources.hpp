// The lessons/ files a lesson's build compiles from, each with its hash, and the hash of the set:
// the identity a piece of evidence (a racecheck report) must carry to count for this build. The
// list is the compiler's own (nvcc -MM of the lesson's main.cu, cmake/AddLesson.cmake); a file's
// hash is source_hash of its bytes; the set's hash is source_hash of the lines "HASH PATH", one a
// file in path order, so a set names which of its files changed.
#pragma once

#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::sources {

struct SourceFile {
  std::string path;  // inside the repository: "lessons/reduction/reduce-warp-volatile/kernels.cuh"
  std::string hash;  // source_hash of its bytes; "missing" when it could not be read
};

struct SourceSet {
  std::string hash;               // set_hash(files)
  std::vector<SourceFile> files;  // in path order
};

// The line a file stands on in a set's text, and in a report's header after "gridlock source: ".
inline std::string file_line(const SourceFile& f) { return f.hash + " " + f.path; }

inline std::string set_hash(const std::vector<SourceFile>& files) {
  std::string text;
  for (const SourceFile& f : files) text += file_line(f) + "\n";
  return trace::source_hash(text);
}

// The set as a report's header carries it: "gridlock sources: HASH", then "gridlock source: HASH
// PATH" for each file.
inline std::string header_text(const SourceSet& set) {
  std::string text = "gridlock sources: " + set.hash + "\n";
  for (const SourceFile& f : set.files) text += "gridlock source: " + file_line(f) + "\n";
  return text;
}

// What differs from `then` to `now`, file by file: "kernels.cuh changed (lessons/...), x.hpp
// added, y.hpp removed"; empty when nothing does.
inline std::string changed_files(const SourceSet& then, const SourceSet& now) {
  std::string out;
  auto note = [&](const std::string& path, const char* what) {
    out += (out.empty() ? "" : ", ") + path + " " + what;
  };
  for (const SourceFile& f : now.files) {
    const SourceFile* old = nullptr;
    for (const SourceFile& g : then.files)
      if (g.path == f.path) old = &g;
    if (!old)
      note(f.path, "added");
    else if (old->hash != f.hash)
      note(f.path, "changed");
  }
  for (const SourceFile& g : then.files) {
    bool kept = false;
    for (const SourceFile& f : now.files) kept |= f.path == g.path;
    if (!kept) note(g.path, "removed");
  }
  return out;
}

// A lessons/ file with device code that a lesson's kernel compiles with, carried in its traces
// beside the kernel file: `role` is "technique" (a lock, a guard, an operator the kernel uses) or
// "recording" (code that only records: lessons/common/record/ and files named *record* or *clock*).
struct CarriedSource {
  const char* path;
  const char* role;
  const char* text;
};

// The lines of a file a lesson's traces carry (its kernel file included) that only record: code
// the compiler placed there in the kernels that record and in no plain one (recording_lines.hpp).
struct RecordingLines {
  const char* path;
  std::vector<int> lines;  // 1-based, ascending
};

// Defined by every lesson's build (cmake/AddLesson.cmake): what this lesson's main.cu was
// compiled from, of it the files with device code other than the kernel file, in path order, and
// the recording lines of the kernel file and of those.
extern const SourceSet kLessonSources;
extern const std::vector<CarriedSource> kCarriedSources;
extern const std::vector<RecordingLines> kRecordingLines;

}  // namespace gridlock::sources
