// Reading and writing trace files. Writes go to a temporary name and are renamed into place,
// so an interrupted run never leaves half a file.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "trace/trace.hpp"

namespace gridlock::trace {

namespace {
constexpr std::streamoff kMaxFileBytes = std::streamoff(1) << 30;
}

void write_file(const Trace& trace, const std::string& path) {
  const std::string text = to_json(trace);
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw TraceError(tmp + ": cannot create: " + std::strerror(errno));
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw TraceError(tmp + ": write failed: " + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    throw TraceError(path + ": cannot rename the finished file into place: " + std::strerror(err));
  }
}

Trace read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TraceError(path + ": cannot open: " + std::strerror(errno));
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0) throw TraceError(path + ": cannot read (is it a directory?)");
  if (size > kMaxFileBytes) throw TraceError(path + ": larger than 1 GiB; refused");
  in.seekg(0);
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), size);
  if (in.gcount() != size) throw TraceError(path + ": could not read the whole file");
  if (text.empty()) throw TraceError(path + ": empty file");
  return from_json(text, path);
}

}  // namespace gridlock::trace
