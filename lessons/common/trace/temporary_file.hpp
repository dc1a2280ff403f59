// Temporary files that an interrupted process removes: while one is registered, SIGINT, SIGTERM
// or SIGHUP (where the program left them at their default action) first unlinks it, then ends
// the process as the signal would have.
#pragma once

#include <string>

namespace gridlock::trace {

// Registers `path` for removal on those signals until release(); the file itself is created and
// renamed by the caller. Installs the signal handlers on first use.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string path);
  ~TemporaryFile() { release(); }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }
  // Forgets the file: it has been renamed into place, or removed.
  void release();

 private:
  std::string path_;
  int slot_ = -1;  // in the registry; -1 when not registered
};

}  // namespace gridlock::trace
