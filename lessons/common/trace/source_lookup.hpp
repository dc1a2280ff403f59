// Finding a carried source by the end of its path ("locks.cuh", "locks/common/locks.cuh"), as a
// lesson names the file a step lights and as the viewer's --source names the tab to open.
#pragma once

#include <string_view>

#include "trace/trace.hpp"

namespace gridlock::trace {

// Whether `path` is `end`, or ends in "/" + `end`: whole path components only.
inline bool path_ends_in(std::string_view path, std::string_view end) {
  if (end.empty() || path.size() < end.size() || path.substr(path.size() - end.size()) != end) return false;
  return path.size() == end.size() || path[path.size() - end.size() - 1] == '/';
}

// The index in trace.sources of the first source whose path ends in `end`; -1 when none does.
inline int find_source(const Trace& trace, std::string_view end) {
  for (size_t i = 0; i < trace.sources.size(); ++i)
    if (path_ends_in(trace.sources[i].file, end)) return static_cast<int>(i);
  return -1;
}

}  // namespace gridlock::trace
