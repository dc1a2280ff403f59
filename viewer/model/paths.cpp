// Locating the executable and the viewer's data folders.
#include "model/paths.hpp"

#include <filesystem>

namespace gridlock::viewer {

namespace fs = std::filesystem;

std::string executable_dir(const std::string& argv0) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec || self.empty()) self = fs::absolute(argv0, ec);
  return self.parent_path().string();
}

std::string first_folder_with(const std::vector<std::string>& candidates, const std::string& probe_file) {
  std::error_code ec;
  for (const std::string& folder : candidates) {
    if (folder.empty() || !fs::is_directory(folder, ec)) continue;
    if (probe_file.empty() || fs::exists(fs::path(folder) / probe_file, ec))
      return fs::path(folder).lexically_normal().string();
  }
  return {};
}

}  // namespace gridlock::viewer
