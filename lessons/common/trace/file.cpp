// Reading and writing trace files. Every file the project writes goes through
// write_file_atomically: a temporary file in the same folder, flushed to disk, then renamed over
// the target, so an interrupted run leaves either the old file or the new one, never half a file;
// a run ended by SIGINT, SIGTERM or SIGHUP while writing removes the temporary (temporary_file.hpp).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "trace/temporary_file.hpp"
#include "trace/trace.hpp"

namespace gridlock::trace {

namespace {

std::string system_error(const std::string& path, const char* what, int err) {
  return path + ": " + what + ": " + std::strerror(err);
}
}  // namespace

void write_file_atomically(const std::string& path, std::string_view text) {
  TemporaryFile temporary(path + ".tmp-" + std::to_string(::getpid()));
  const std::string& tmp = temporary.path();
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw TraceError(system_error(tmp, "cannot create", errno));
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = errno;
      ::close(fd);
      std::remove(tmp.c_str());
      throw TraceError(system_error(tmp, "write failed", err));
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    throw TraceError(system_error(tmp, "cannot flush to disk", err));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    throw TraceError(system_error(path, "cannot rename the finished file into place", err));
  }
}

void write_file(const Trace& trace, const std::string& path) { write_file_atomically(path, to_json(trace)); }

Trace read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TraceError(system_error(path, "cannot open", errno));
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0) throw TraceError(path + ": cannot read (is it a directory?)");
  if (size > kMaxFileBytes)
    throw TraceError(path + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB; refused");
  in.seekg(0);
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), size);
  if (in.gcount() != size) throw TraceError(path + ": could not read the whole file");
  if (text.empty()) throw TraceError(path + ": empty file");
  return from_json(text, path);
}

}  // namespace gridlock::trace
