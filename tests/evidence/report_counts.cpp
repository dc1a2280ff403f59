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

std::vector<std::string> report_sites(const std::string& text) {
  std::vector<std::string> sites;
  std::istringstream lines(text);
  const std::string access = " access at ";
  for (std::string line; std::getline(lines, line);) {
    const size_t at = line.find(access);
    if (at == std::string::npos) continue;
    const size_t from = at + access.size(), offset = line.find("+0x", from), in = line.rfind(" in ");
    if (offset == std::string::npos || in == std::string::npos || in < offset) continue;
    const std::string signature = line.substr(from, offset - from);
    const size_t opens = signature.find_first_of("<(");
    const size_t name_from =
        signature.rfind(' ', opens) == std::string::npos ? 0 : signature.rfind(' ', opens) + 1;
    const std::string name = signature.substr(name_from, opens - name_from);
    std::string place = line.substr(in + 4);
    place = place.substr(0, place.find(' '));
    const std::string site = place + " (" + name + ")";
    bool seen = false;
    for (const std::string& s : sites) seen |= s == site;
    if (!seen) sites.push_back(site);
  }
  return sites;
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
