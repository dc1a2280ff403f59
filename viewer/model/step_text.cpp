// Naming steps for people.
#include "model/step_text.hpp"

namespace gridlock::viewer {

std::string step_name(const trace::Step& step) {
  if (step.detail.empty()) return step.label;
  return step.label + kDetailSeparator + step.detail;
}

std::string step_position(int index, int count) {
  if (count <= 0) return "no steps";
  return "step " + std::to_string(index + 1) + " of " + std::to_string(count);
}

std::vector<int> launch_starts(const trace::Trace& trace) {
  std::vector<int> out;
  for (std::size_t k = 1; k < trace.steps.size(); ++k)
    if (trace.steps[k].launch != trace.steps[k - 1].launch) out.push_back(static_cast<int>(k));
  return out;
}

std::string launch_text(const trace::Trace& trace, int step) {
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return {};
  const int id = trace.steps[static_cast<std::size_t>(step)].launch;
  for (std::size_t i = 0; i < trace.launches.size(); ++i)
    if (trace.launches[i].id == id)
      return "launch " + std::to_string(i + 1) + " of " + std::to_string(trace.launches.size()) + ": " +
             trace.launches[i].name;
  return {};
}

int step_holding(const trace::Trace& trace, const std::string& text) {
  for (std::size_t i = 0; i < trace.steps.size(); ++i) {
    const trace::Step& s = trace.steps[i];
    for (const std::string* field : {&s.detail, &s.label, &s.note})
      if (field->find(text) != std::string::npos) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace gridlock::viewer
