// Writes a trace's timeline as Chrome trace-event JSON, for ui.perfetto.dev. No GL, no ImGui.
#pragma once

#include <string>

#include "trace/trace.hpp"

namespace gridlock::viewer {

struct ExportResult {
  std::string path;   // the file written; empty on failure
  std::string error;  // why nothing was written
};

// Writes <folder>/<name>.perfetto.json, replacing an older export; never throws. `name` is the
// trace file's own ("critical-section.ordered"), so that two variants' exports are two files.
ExportResult export_timeline(const trace::Trace& trace, const std::string& folder, const std::string& name);

}  // namespace gridlock::viewer
