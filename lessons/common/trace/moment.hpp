// Which event categories are moments: the instants a lesson exists for (FORMAT.md, "Moments"),
// checked by check_moments and marked by the viewer.
#pragma once

#include "trace/trace.hpp"

namespace gridlock::trace {

inline bool is_moment(Category c) {
  return c == Category::lost_update || c == Category::stale_read || c == Category::overlap ||
         c == Category::double_fetch || c == Category::waiting_holder;
}

}  // namespace gridlock::trace
