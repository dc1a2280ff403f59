// The --trace check: the folder exists and takes a new file, by trying it.
#include "trace_path.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace gridlock {
namespace fs = std::filesystem;

namespace {

// The folder a file at `path` goes to, as the user wrote it ("." for a bare name).
fs::path folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

}  // namespace

std::string trace_path_problem(const std::string& path) {
  if (path.empty()) return "the path is empty";
  std::error_code error;
  if (fs::is_directory(path, error)) return "it is a folder, not a file";
  const fs::path folder = folder_of(path);
  if (!fs::exists(folder, error)) return "the folder " + folder.string() + " does not exist";
  if (!fs::is_directory(folder, error)) return folder.string() + " is not a folder";
  const std::string probe = path + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot create a file in the folder " + folder.string() + ": " + std::strerror(errno);
  ::close(fd);
  ::unlink(probe.c_str());
  return "";
}

}  // namespace gridlock
