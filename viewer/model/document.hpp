// A trace opened in the viewer: the trace itself, where it came from, and its lesson's README.
#pragma once

#include <memory>
#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct Document {
  std::string path;  // as it was opened
  std::string name;  // file name, for tabs and titles
  trace::Trace trace;
  std::string readme;  // the lesson's README.md text; empty when none was found
  std::string readme_path;
};

// Either a document or the reason there is none. The message names the file.
struct LoadResult {
  std::unique_ptr<Document> document;
  std::string error;
  bool ok() const { return document != nullptr; }
};

// Reads and validates a trace file; never throws. A trace the viewer cannot show (no steps and
// no timings) is refused like a broken one.
LoadResult load_document(const std::string& path);

// The README.md of the lesson a trace file belongs to: <lesson>/recorded/<file>.json has it at
// <lesson>/README.md; otherwise it is looked for next to the file. Empty when there is none.
std::string find_lesson_readme(const std::string& trace_path);

// The whole of a small text file; empty on any failure.
std::string read_text_file(const std::string& path);

}  // namespace gridlock::viewer
