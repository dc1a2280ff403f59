// Writing a trace's timeline as Chrome trace-event JSON, through the trace library's atomic writer.
#include "model/timeline_export.hpp"

#include <filesystem>

namespace gridlock::viewer {

ExportResult export_timeline(const trace::Trace& trace, const std::string& folder, const std::string& name) {
  const std::string path = (std::filesystem::path(folder) / (name + ".perfetto.json")).string();
  try {
    trace::write_file_atomically(path, trace::to_perfetto_json(trace));
  } catch (const trace::TraceError& e) {
    return {"", e.what()};
  } catch (const std::exception& e) {
    return {"", path + ": cannot write: " + e.what()};
  }
  return {path, ""};
}

}  // namespace gridlock::viewer
