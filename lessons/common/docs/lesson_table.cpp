// The lesson tables: the index's words, and verdicts counted in each lesson's default trace.
#include "docs/lesson_table.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "docs/markers.hpp"
#include "docs/problem.hpp"
#include "docs/trace_text.hpp"
#include "trace/trace.hpp"

namespace gridlock::docs {
namespace fs = std::filesystem;
namespace {

// "3 confirmed, 1 contradicted, 2 not observable", kinds with none left out.
std::string verdict_counts(const trace::Trace& trace) {
  std::map<trace::Verdict, int> counts;
  for (const trace::Claim& claim : trace.claims) ++counts[claim.verdict];
  std::string out;
  for (trace::Verdict verdict :
       {trace::Verdict::confirmed, trace::Verdict::contradicted, trace::Verdict::not_observable}) {
    if (counts[verdict] == 0) continue;
    out += (out.empty() ? "" : ", ") + std::to_string(counts[verdict]) + " " + verdict_words(verdict);
  }
  return out.empty() ? "no claims" : out;
}

// The default trace a lesson's README names (<!-- trace: recorded/NAME.json -->), read.
trace::Trace default_trace(const trace::LessonEntry& lesson) {
  const fs::path readme = fs::path(lesson.folder) / "README.md";
  std::ifstream in(readme, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw DocsError("lesson " + lesson.id + ": cannot read " + readme.string());
  const Markers markers = find_markers(text.str());
  if (markers.trace.empty()) throw DocsError("lesson " + lesson.id + ": its README names no default trace");
  const fs::path trace = fs::path(lesson.folder) / markers.trace;
  try {
    return trace::read_file(trace.string());
  } catch (const std::exception& e) {
    throw DocsError("lesson " + lesson.id + ": unreadable trace " + trace.string() + ": " + e.what());
  }
}

bool in_chapter(const trace::LessonEntry& lesson, const std::string& chapter) {
  return chapter.empty() || fs::path(lesson.folder).lexically_normal().parent_path().filename() == chapter;
}

}  // namespace

std::string lesson_table(const std::vector<trace::LessonEntry>& lessons, const fs::path& readme_folder,
                         const std::string& chapter) {
  std::string out = "| # | lesson | technique | what it shows | claims on the GPU |\n|---|---|---|---|---|\n";
  std::map<std::string, std::vector<std::string>> by_devices;  // "NVIDIA H100 80GB HBM3" → R1, R2, ...
  std::vector<std::string> device_order;
  const fs::path here = fs::absolute(readme_folder).lexically_normal();
  for (const trace::LessonEntry& lesson : lessons) {
    if (!in_chapter(lesson, chapter)) continue;
    if (lesson.technique.empty() || lesson.shows.empty())
      throw DocsError(
          "lesson " + lesson.id +
          ": the lesson index gives no technique or no SHOWS (say it in its gridlock_add_lesson call)");
    const trace::Trace trace = default_trace(lesson);
    const fs::path readme = (fs::absolute(lesson.folder) / "README.md").lexically_normal();
    out += "| " + lesson.technique + " | [" + lesson.id + "](" +
           readme.lexically_relative(here).generic_string() + ") | " + table_cell(lesson.title) + " | " +
           table_cell(lesson.shows) + " | " + verdict_counts(trace) + " |\n";
    const std::string devices = fact_text(trace, "devices");
    if (by_devices[devices].empty()) device_order.push_back(devices);
    by_devices[devices].push_back(lesson.technique);
  }
  if (device_order.empty()) throw DocsError("no lesson of the index is in the chapter \"" + chapter + "\"");
  // The GPUs, the one most lessons were recorded on last: "two NVIDIA H200 (RM, S2) and NVIDIA H100
  // 80GB HBM3 (the others)".
  std::stable_sort(device_order.begin(), device_order.end(), [&](const std::string& a, const std::string& b) {
    return by_devices[a].size() < by_devices[b].size();
  });
  out += "\nThe claims are counted in each lesson's default trace, recorded on ";
  for (size_t i = 0; i < device_order.size(); ++i) {
    const bool last = i + 1 == device_order.size();
    std::string which;
    for (const std::string& id : by_devices[device_order[i]]) which += (which.empty() ? "" : ", ") + id;
    out += (i == 0 ? "" : last ? " and " : ", ") + device_order[i];
    if (device_order.size() > 1) out += last ? " (the others)" : " (" + which + ")";
  }
  return out + ".\n";
}

}  // namespace gridlock::docs
