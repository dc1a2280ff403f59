// A word that an atomicAdd of a positive amount changes only ever rises. Each thread that added
// recorded the value it left and a time taken after its add; the times of two adds on different
// SMs can come out in the other order, and a counter drawn from them would fall where the word
// cannot. At each recorded time the word held at least the highest value recorded by then: that
// is the counter a trace shows for it, never falling, each value no more than the word held.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace gridlock {

// For the adds recorded at `t_ns` that left `values` (index by index), the counter at each add's
// time: the highest value recorded at or before it. Returned in the order given.
inline std::vector<double> raised_counter(const std::vector<int64_t>& t_ns,
                                          const std::vector<double>& values) {
  std::vector<size_t> order(t_ns.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return t_ns[a] < t_ns[b]; });
  std::vector<double> out(values.size());
  double highest = -std::numeric_limits<double>::infinity();
  for (size_t k = 0; k < order.size();) {
    size_t end = k;  // adds recorded at one time share the highest of them
    while (end < order.size() && t_ns[order[end]] == t_ns[order[k]])
      highest = std::max(highest, values[order[end++]]);
    for (; k < end; ++k) out[order[k]] = highest;
  }
  return out;
}

}  // namespace gridlock
