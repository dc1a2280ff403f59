// What compute-sanitizer's racecheck said about one form of a warp-level lesson. racecheck.sh
// (beside this file) runs `LESSON --form FORM` under `compute-sanitizer --tool racecheck` and keeps
// the whole report in the lesson's recorded/racecheck/FORM.log; the lesson reads the counts from
// there, so its verdict rests on what the tool printed. A report counts only when it names this
// lesson, this form and the hash of the kernels.cuh the lesson was built from (the form run
// prints that line), and ends with racecheck's summary.
#pragma once

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace gridlock::reduction {

struct RacecheckReport {
  enum class State { missing, incomplete, stale, read };
  State state = State::missing;
  std::string path;
  std::string why;  // for missing, incomplete and stale: what is wrong
  // The summary: "RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)".
  long long displayed = 0, errors = 0, warnings = 0;
  // The race reports ("Error: Race reported between ...") and the hazards they count ("[32 hazards]").
  long long races = 0, hazards = 0;

  bool read() const { return state == State::read; }
  bool clean() const { return read() && errors == 0 && warnings == 0; }
  // "2 races, 40 hazards (2 errors, 0 warnings)", or why there is no count.
  std::string text() const {
    if (!read()) return why;
    return std::to_string(races) + (races == 1 ? " race, " : " races, ") + std::to_string(hazards) +
           (hazards == 1 ? " hazard (" : " hazards (") + std::to_string(errors) + " errors, " +
           std::to_string(warnings) + " warnings)";
  }
};

// The line a form run prints first, which the report must contain.
inline std::string form_run_line(const std::string& lesson, const std::string& form,
                                 const std::string& hash) {
  return "gridlock form run: " + lesson + " " + form + " kernels.cuh " + hash;
}

// Reads the counts out of a racecheck report (the text of the log).
inline RacecheckReport parse_racecheck(const std::string& text, const std::string& lesson,
                                       const std::string& form, const std::string& hash) {
  RacecheckReport r;
  r.state = RacecheckReport::State::incomplete;
  const std::regex summary(
      R"(RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\))");
  const std::regex count(R"(\[(\d+) hazards?\])");
  const std::regex header(R"(gridlock form run: (\S+) (\S+) kernels\.cuh (\S+))");
  bool named = false, summed = false;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, header) && m[1] == lesson && m[2] == form) {
      named = true;
      if (m[3] != hash) {
        r.state = RacecheckReport::State::stale;
        r.why = "the report is of kernels.cuh " + m[3].str() + ", this build's is " + hash;
        return r;
      }
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
  }
  if (!named)
    r.why = "the report does not contain the line \"" + form_run_line(lesson, form, hash) + "\"";
  else if (!summed)
    r.why = "the report has no RACECHECK SUMMARY line (did compute-sanitizer finish?)";
  else
    r.state = RacecheckReport::State::read;
  return r;
}

// Reads recorded/racecheck/FORM.log of the lesson folder `folder`; messages name the file as
// `shown_folder` (the folder inside the repository) has it.
inline RacecheckReport read_racecheck(const std::string& folder, const std::string& shown_folder,
                                      const std::string& lesson, const std::string& form,
                                      const std::string& hash) {
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
  RacecheckReport r = parse_racecheck(text.str(), lesson, form, hash);
  r.path = shown_folder + name;
  return r;
}

}  // namespace gridlock::reduction
