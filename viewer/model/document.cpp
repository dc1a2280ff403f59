// Opening trace files for the viewer.
#include "model/document.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gridlock::viewer {

namespace fs = std::filesystem;

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string find_lesson_readme(const std::string& trace_path) {
  std::error_code ec;
  fs::path folder = fs::path(trace_path).parent_path();
  if (folder.filename() == "recorded") folder = folder.parent_path();
  fs::path readme = folder / "README.md";
  if (fs::is_regular_file(readme, ec)) return readme.string();
  return {};
}

LoadResult load_document(const std::string& path) {
  LoadResult result;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    result.error = path + ": no such file";
    return result;
  }
  if (fs::is_directory(path, ec)) {
    result.error = path + ": is a folder, not a trace file";
    return result;
  }
  auto doc = std::make_unique<Document>();
  try {
    doc->trace = trace::read_file(path);
  } catch (const trace::TraceError& e) {
    result.error = e.what();
    return result;
  } catch (const std::exception& e) {
    result.error = path + ": " + e.what();
    return result;
  }
  // Steps are played; timings alone are charted (the timings view). A trace with neither has
  // nothing to show.
  if (doc->trace.steps.empty() && doc->trace.timings.empty()) {
    result.error = path + ": the trace has no steps and no timings to show";
    return result;
  }
  doc->path = path;
  doc->name = fs::path(path).filename().string();
  doc->readme_path = find_lesson_readme(path);
  if (!doc->readme_path.empty()) doc->readme = read_text_file(doc->readme_path);
  result.document = std::move(doc);
  return result;
}

}  // namespace gridlock::viewer
