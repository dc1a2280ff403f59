// Locating the executable and the viewer's data folders.
#include "model/paths.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

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

std::string find_shader_folder(const std::string& source_folder, const std::string& exe_folder) {
  return first_folder_with({source_folder, exe_folder + "/../share/gridlock/shaders"}, "heat_strip.frag");
}

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream folders(path);
  for (std::string folder; std::getline(folders, folder, ':');) {
    const fs::path candidate = fs::path(folder.empty() ? "." : folder) / program;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

}  // namespace gridlock::viewer
