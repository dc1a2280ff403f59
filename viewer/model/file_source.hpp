// Where the viewer's files come from. On the desktop every path is on disk and can be read at
// once; in a browser a trace or a thumbnail of the site is fetched the first time it is asked
// for, and read once it has arrived (viewer/web/web_files.cpp). The frame loop never waits: a
// file not there yet is asked for again in a later frame.
#pragma once

#include <string>

namespace gridlock::viewer {

class FileSource {
 public:
  virtual ~FileSource() = default;
  // True when `path` can be read now; otherwise starts fetching it (once) and returns false.
  virtual bool ready(const std::string& path) = 0;
  // Why fetching `path` failed, in the project's words; empty while it has not failed.
  virtual std::string failure(const std::string& path) const = 0;
};

}  // namespace gridlock::viewer
