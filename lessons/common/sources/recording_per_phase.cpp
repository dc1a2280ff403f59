#include "common/sources/recording_per_phase.hpp"

#include <set>
#include <string_view>

#include "common/sources/files.hpp"
#include "trace/trace.hpp"

namespace gridlock::sources {
namespace {

std::string_view trim(std::string_view s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::vector<PhaseRecording> recording_per_phase(const std::string& source,
                                                const std::vector<int>& recording) {
  const std::vector<std::string_view> lines = trace::split_lines(source);
  const std::string code_text = code_only(source);
  const std::vector<std::string_view> code = trace::split_lines(code_text);
  const std::set<int> records(recording.begin(), recording.end());
  std::vector<PhaseRecording> out;
  bool in_phase = false, previous_records = false, previous_ended = true;
  for (size_t i = 0; i < lines.size() && i < code.size(); ++i) {
    const int line = int(i) + 1;
    const std::string_view text = trim(lines[i]);
    if (text.rfind("// PHASE ", 0) == 0) {
      out.push_back({std::string(text.substr(3)), line, 0});
      in_phase = true;
      previous_records = false;
      previous_ended = true;
      continue;
    }
    if (lines[i].rfind('}', 0) == 0) in_phase = false;  // the function's closing brace
    const std::string_view c = trim(code[i]);
    if (c.empty()) continue;
    const bool records_here = records.count(line) > 0;
    if (in_phase && records_here && (!previous_records || previous_ended)) ++out.back().statements;
    previous_records = records_here;
    previous_ended = c.back() == ';' || c.back() == '{' || c.back() == '}';
  }
  return out;
}

}  // namespace gridlock::sources
