// Lane sets as text: runs of consecutive lanes are written as ranges.
#include "simt/lanes.hpp"

namespace gridlock::simt {

std::vector<int> lanes_of(uint32_t mask) {
  std::vector<int> lanes;
  for (int lane = 0; lane < kLanes; ++lane)
    if (has_lane(mask, lane)) lanes.push_back(lane);
  return lanes;
}

std::string ranges_text(const std::vector<int>& ascending) {
  std::string text;
  for (size_t i = 0; i < ascending.size();) {
    size_t last = i;
    while (last + 1 < ascending.size() && ascending[last + 1] == ascending[last] + 1) ++last;
    if (i > 0) text += ", ";
    text += std::to_string(ascending[i]);
    if (last > i) text += (last == i + 1 ? ", " : "\u2013") + std::to_string(ascending[last]);
    i = last + 1;
  }
  return text;
}

std::string lanes_text(uint32_t mask) {
  const std::vector<int> lanes = lanes_of(mask);
  if (lanes.empty()) return "no lane";
  return (lanes.size() == 1 ? "lane " : "lanes ") + ranges_text(lanes);
}

}  // namespace gridlock::simt
