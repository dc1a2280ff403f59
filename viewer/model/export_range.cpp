// Export ranges over steps and over time.
#include "model/export_range.hpp"

#include "format.hpp"

namespace gridlock::viewer {

namespace {

// Both ends into [0, count), negative ones from the end; false when the range is empty.
bool resolve(int count, int first, int last, int& begin, int& end) {
  begin = first < 0 ? count + first : first;
  end = last < 0 ? count + last : last;
  if (begin < 0) begin = 0;
  if (end >= count) end = count - 1;
  return count > 0 && begin <= end;
}

bool parse_int(const std::string& text, int& value) {
  try {
    std::size_t used = 0;
    value = std::stoi(text, &used);
    return used == text.size();
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

std::vector<int> steps_in_range(const StepTimes& times, const ExportRange& range) {
  std::vector<int> steps;
  const int count = times.step_count();
  int begin = 0, end = -1;
  if (range.from_ns || range.to_ns) {
    if (count == 0) return steps;
    begin = range.from_ns ? times.step_at(*range.from_ns) : 0;
    end = range.to_ns ? times.step_at(*range.to_ns) : count - 1;
  } else if (!resolve(count, range.first, range.last, begin, end)) {
    return steps;
  }
  for (int s = begin; s <= end; ++s) steps.push_back(s);
  return steps;
}

std::vector<int64_t> stops_in_range(const std::vector<int64_t>& stops, const ExportRange& range) {
  std::vector<int64_t> chosen;
  if (range.from_ns || range.to_ns) {
    for (int64_t t : stops)
      if ((!range.from_ns || t >= *range.from_ns) && (!range.to_ns || t <= *range.to_ns)) chosen.push_back(t);
    return chosen;
  }
  int begin = 0, end = -1;
  if (!resolve(static_cast<int>(stops.size()), range.first, range.last, begin, end)) return chosen;
  for (int i = begin; i <= end; ++i) chosen.push_back(stops[static_cast<std::size_t>(i)]);
  return chosen;
}

bool parse_step_range(const std::string& text, ExportRange& range) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  const std::string a = text.substr(0, colon), b = text.substr(colon + 1);
  int first = 0, last = -1;
  if (!a.empty() && !parse_int(a, first)) return false;
  if (!b.empty() && !parse_int(b, last)) return false;
  range.first = first;
  range.last = last;
  return true;
}

bool parse_time_range(const std::string& text, ExportRange& range) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  std::string a = text.substr(0, colon), b = text.substr(colon + 1);
  // +FROM:+TO counts from the run's first event; one end relative and the other not means nothing.
  const bool relative = !a.empty() && a.front() == '+';
  if (relative != (!b.empty() && b.front() == '+')) return false;
  if (relative) {
    a.erase(0, 1);
    b.erase(0, 1);
  }
  range.after_first_event = relative;
  int64_t from = 0, to = 0;
  if (!a.empty() && !parse_duration(a, from)) return false;
  if (!b.empty() && !parse_duration(b, to)) return false;
  if (!a.empty()) range.from_ns = from;
  if (!b.empty()) range.to_ns = to;
  return !a.empty() || !b.empty();
}

}  // namespace gridlock::viewer
