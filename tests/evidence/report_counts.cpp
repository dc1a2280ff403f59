#include "report_counts.hpp"

#include <cstdlib>
#include <sstream>

namespace gridlock::evidence {
namespace {

// The whole number that starts at `at` in `line` (digits only), or -1.
long long number_at(const std::string& line, size_t at) {
  size_t end = at;
  while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
  return end == at ? -1 : std::atoll(line.substr(at, end - at).c_str());
}

// The number just before `word` in `line` ("(3 errors" before " error"), or -1.
long long number_before(const std::string& line, const std::string& word) {
  const size_t w = line.find(word);
  if (w == std::string::npos || w == 0) return -1;
  size_t start = w;
  while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9') --start;
  return start == w ? -1 : number_at(line, start);
}

}  // namespace

ReportCounts count_report(const std::string& text) {
  ReportCounts c;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("Race reported between") != std::string::npos) ++c.races;
    for (size_t open = line.find('['); open != std::string::npos; open = line.find('[', open + 1)) {
      const long long n = number_at(line, open + 1);
      if (n < 0) continue;
      size_t after = open + 1;
      while (after < line.size() && line[after] >= '0' && line[after] <= '9') ++after;
      if (line.compare(after, 9, " hazards]") == 0 || line.compare(after, 8, " hazard]") == 0) c.hazards += n;
    }
    if (line.find("RACECHECK SUMMARY:") != std::string::npos) {
      c.summed = true;
      c.errors = number_before(line, " error");
      c.warnings = number_before(line, " warning");
    }
  }
  return c;
}

std::optional<long long> counted(const ReportCounts& c, const std::string& what) {
  if (what == "races") return c.races;
  if (what == "hazards") return c.hazards;
  if (!c.summed) return std::nullopt;
  if (what == "errors" && c.errors >= 0) return c.errors;
  if (what == "warnings" && c.warnings >= 0) return c.warnings;
  return std::nullopt;
}

}  // namespace gridlock::evidence
