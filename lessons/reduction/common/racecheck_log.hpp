// What compute-sanitizer's racecheck said about one form of a warp-level lesson. racecheck.sh
// (beside this file) runs `LESSON --form FORM` under `compute-sanitizer --tool racecheck` and keeps
// the whole report in the lesson's recorded/racecheck/FORM.log, headed by the sources the lesson
// was built from (every lessons/ file its main.cu compiles from, each with its hash); the lesson
// reads the counts and the racing lines from there, so its verdict rests on what the tool printed.
// A report counts only when it names this lesson and this form, was made from exactly the sources
// of this build, and ends with racecheck's summary.
#pragma once

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "common/sources/sources.hpp"

namespace gridlock::reduction {

// One access a race report names: "Write access at void r6::fold<...>(...)+0x120 in kernels.cuh:28"
// is {"kernels.cuh", 28, "r6::fold"} (racecheck names the file without its folder).
struct RaceSite {
  std::string file;
  int line = 0;
  std::string function;
  std::string text() const { return file + ":" + std::to_string(line) + " (" + function + ")"; }
  bool operator==(const RaceSite& o) const {
    return file == o.file && line == o.line && function == o.function;
  }
};

struct RacecheckReport {
  enum class State { missing, incomplete, stale, read };
  State state = State::missing;
  std::string path;
  std::string why;  // for missing, incomplete and stale: what is wrong
  // The summary: "RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)".
  long long displayed = 0, errors = 0, warnings = 0;
  // The race reports ("Race reported between ...") and the hazards they count ("[32 hazards]").
  long long races = 0, hazards = 0;
  sources::SourceSet sources;   // what the report's header says it was made from
  std::vector<RaceSite> sites;  // every access the race reports name, each once, in report order

  bool read() const { return state == State::read; }
  bool clean() const { return read() && errors == 0 && warnings == 0; }
  // "2 races, 40 hazards (2 errors, 0 warnings) at kernels.cuh:27 (r6::fold), ...", or why there is
  // no count.
  std::string text() const {
    if (!read()) return why;
    const std::string at = sites_text();
    return std::to_string(races) + (races == 1 ? " race, " : " races, ") + std::to_string(hazards) +
           (hazards == 1 ? " hazard (" : " hazards (") + std::to_string(errors) + " errors, " +
           std::to_string(warnings) + " warnings)" + (at.empty() ? "" : " at " + at);
  }
  // "kernels.cuh:27 (r6::fold), kernels.cuh:28 (r6::fold)": the racing lines; empty for none.
  std::string sites_text() const {
    std::string out;
    for (size_t i = 0; i < sites.size(); ++i) out += (i ? ", " : "") + sites[i].text();
    return out;
  }
};

// The line a form run prints first, which the report must contain.
inline std::string form_run_line(const std::string& lesson, const std::string& form,
                                 const std::string& hash) {
  return "gridlock form run: " + lesson + " " + form + " sources " + hash;
}

// "void r6::fold<volatile int, ...>(T1 *, int)" -> "r6::fold".
inline std::string function_name(const std::string& signature) {
  int depth = 0;
  size_t end = 0;
  while (end < signature.size()) {
    const char c = signature[end];
    if (depth == 0 && (c == '<' || c == '(')) break;
    depth += c == '<' ? 1 : c == '>' ? -1 : 0;
    ++end;
  }
  const std::string head = signature.substr(0, end);
  return head.substr(head.find_last_of(' ') == std::string::npos ? 0 : head.find_last_of(' ') + 1);
}

// Reads a racecheck report (the text of the log): its sources header, counts and racing lines.
// The state is `read` when the report names its sources, this lesson and form, and ends with the
// summary; check_sources() then decides whether it is of this build. A report without a sources
// header is stale whatever it says.
inline RacecheckReport parse_racecheck(const std::string& text, const std::string& lesson,
                                       const std::string& form) {
  RacecheckReport r;
  r.state = RacecheckReport::State::incomplete;
  const std::regex summary(
      R"(RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\))");
  const std::regex count(R"(\[(\d+) hazards?\])");
  const std::regex run_line(R"(gridlock form run: (\S+) (\S+) sources (\S+))");
  const std::regex set_line(R"(^gridlock sources: (\S+))");
  const std::regex file_line(R"(^gridlock source: (\S+) (\S+))");
  const std::regex access(R"((?:Read|Write) access at (.*)\+0x[0-9a-f]+ in ([^\s:]+):(\d+))");
  std::string run_hash;
  bool named = false, summed = false;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, set_line)) r.sources.hash = m[1];
    if (std::regex_search(line, m, file_line)) r.sources.files.push_back({m[2], m[1]});
    if (std::regex_search(line, m, run_line) && m[1] == lesson && m[2] == form) {
      named = true;
      run_hash = m[3];
    }
    if (std::regex_search(line, m, summary)) {
      summed = true;
      r.displayed = std::stoll(m[1]);
      r.errors = std::stoll(m[2]);
      r.warnings = std::stoll(m[3]);
    }
    if (line.find("Race reported between") != std::string::npos) ++r.races;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), count); it != std::sregex_iterator(); ++it)
      r.hazards += std::stoll((*it)[1]);
    if (std::regex_search(line, m, access)) {
      const RaceSite site{m[2], std::stoi(m[3]), function_name(m[1])};
      bool seen = false;
      for (const RaceSite& s : r.sites) seen |= s == site;
      if (!seen) r.sites.push_back(site);
    }
  }
  if (r.sources.hash.empty()) {
    r.state = RacecheckReport::State::stale;
    r.why =
        "the report names no sources: it was made before reports carried the hash of every file the "
        "lesson compiles from; run lessons/reduction/common/racecheck.sh";
  } else if (!named)
    r.why = "the report does not contain a line \"" + form_run_line(lesson, form, "...") + "\"";
  else if (!summed)
    r.why = "the report has no RACECHECK SUMMARY line (did compute-sanitizer finish?)";
  else if (!r.sources.hash.empty() && run_hash != r.sources.hash)
    r.why = "the run under racecheck was built from sources " + run_hash + ", the report's header names " +
            r.sources.hash;
  else
    r.state = RacecheckReport::State::read;
  return r;
}

// Marks a read report stale unless its header names exactly the sources `now` (this build's, or
// today's files), and says which files differ.
inline void check_sources(RacecheckReport& r, const sources::SourceSet& now) {
  if (!r.read()) return;
  if (r.sources.hash != now.hash || sources::set_hash(r.sources.files) != r.sources.hash) {
    const std::string changed = sources::changed_files(r.sources, now);
    r.state = RacecheckReport::State::stale;
    r.why = "the report is of other sources (" + (changed.empty() ? "its header does not add up" : changed) +
            "): the report's are " + r.sources.hash + ", these are " + now.hash +
            "; run lessons/reduction/common/racecheck.sh";
  }
}

// Reads recorded/racecheck/FORM.log of the lesson folder `folder` and checks it is of the sources
// `build`; messages name the file as `shown_folder` (the folder inside the repository) has it.
inline RacecheckReport read_racecheck(const std::string& folder, const std::string& shown_folder,
                                      const std::string& lesson, const std::string& form,
                                      const sources::SourceSet& build) {
  const std::string name = "/recorded/racecheck/" + form + ".log";
  std::ifstream in(folder + name);
  if (!in) {
    RacecheckReport r;
    r.path = shown_folder + name;
    r.why = "no racecheck report " + r.path + " (lessons/reduction/common/racecheck.sh writes it)";
    return r;
  }
  std::ostringstream text;
  text << in.rdbuf();
  RacecheckReport r = parse_racecheck(text.str(), lesson, form);
  check_sources(r, build);
  r.path = shown_folder + name;
  return r;
}

}  // namespace gridlock::reduction
