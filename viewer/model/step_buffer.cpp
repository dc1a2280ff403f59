// The buffer each step touches.
#include "model/step_buffer.hpp"

#include <algorithm>

namespace gridlock::viewer {

int step_buffer(const trace::Trace& trace, int step, const std::vector<int>& candidates) {
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return -1;
  const trace::Step& s = trace.steps[static_cast<std::size_t>(step)];
  auto first_of = [&](auto&& touches) {
    for (int id : candidates)
      if (touches(id)) return id;
    return -1;
  };
  const int written = first_of([&](int id) {
    return std::any_of(s.ops.begin(), s.ops.end(),
                       [&](const trace::Operation& o) { return o.dst_buffer == id; });
  });
  if (written >= 0) return written;
  return first_of([&](int id) {
    return std::any_of(s.snapshots.begin(), s.snapshots.end(),
                       [&](const trace::Snapshot& snap) { return snap.buffer == id; });
  });
}

std::vector<int> buffers_by_step(const trace::Trace& trace, const std::vector<int>& candidates) {
  std::vector<int> out;
  int last = candidates.empty() ? -1 : candidates.front();
  for (int k = 0; k < static_cast<int>(trace.steps.size()); ++k) {
    const int b = step_buffer(trace, k, candidates);
    if (b >= 0) last = b;
    out.push_back(last);
  }
  return out;
}

}  // namespace gridlock::viewer
