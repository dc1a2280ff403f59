// Naming steps for people.
#include "model/step_text.hpp"

namespace gridlock::viewer {

std::string step_name(const trace::Step& step) {
  if (step.detail.empty()) return step.label;
  return step.label + kDetailSeparator + step.detail;
}

std::string step_position(int index, int count) {
  return "step " + std::to_string(index + 1) + " of " + std::to_string(count);
}

}  // namespace gridlock::viewer
