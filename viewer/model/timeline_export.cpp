#include "model/timeline_export.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace gridlock::viewer {

ExportResult export_timeline(const trace::Trace& trace, const std::string& folder) {
  namespace fs = std::filesystem;
  const fs::path path = fs::path(folder) / (trace.lesson_id + ".perfetto.json");
  const fs::path partial = fs::path(path).concat(".part");
  const std::string text = trace::to_perfetto_json(trace);
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) return {"", partial.string() + ": cannot write: " + std::strerror(errno)};
  }
  std::error_code ec;
  fs::rename(partial, path, ec);
  if (ec) {
    fs::remove(partial, ec);
    return {"", path.string() + ": cannot write: " + ec.message()};
  }
  return {path.string(), ""};
}

}  // namespace gridlock::viewer
