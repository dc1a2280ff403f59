// What a racecheck report states, counted the plain way, apart from the lesson's reader
// (reduction/common/racecheck_log.hpp): a trace's report_count facts are held to these.
//   races     lines that report a race ("Race reported between ...");
//   hazards   the sum of the "[N hazards]" (or "[1 hazard]") those reports end with;
//   errors, warnings   from the summary line
//             "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gridlock::evidence {

struct ReportCounts {
  long long races = 0, hazards = 0, errors = 0, warnings = 0;
  bool summed = false;  // the summary line was found
};

ReportCounts count_report(const std::string& text);

// The count a report_count fact names ("races", "hazards", "errors", "warnings"); none for any
// other name, or for errors and warnings where the report has no summary line.
std::optional<long long> counted(const ReportCounts& c, const std::string& what);

// The places the race reports name, read the plain way: each "... access at SIGNATURE+0xOFFSET in
// FILE:LINE" as "FILE:LINE (NAME)", NAME the signature's qualified name without its return type,
// template arguments and parameters; each once, in the report's order.
std::vector<std::string> report_sites(const std::string& text);

}  // namespace gridlock::evidence
