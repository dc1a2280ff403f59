// Turns a run-time block size into the compile-time constant a kernel's shared array needs.
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>

namespace gridlock {

// Calls f(std::integral_constant<int, block>{}) for block in {32, 64, 128, 256, 512, 1024}.
template <typename F>
decltype(auto) with_block_size(int block, F&& f) {
  switch (block) {
    case 32:
      return f(std::integral_constant<int, 32>{});
    case 64:
      return f(std::integral_constant<int, 64>{});
    case 128:
      return f(std::integral_constant<int, 128>{});
    case 256:
      return f(std::integral_constant<int, 256>{});
    case 512:
      return f(std::integral_constant<int, 512>{});
    case 1024:
      return f(std::integral_constant<int, 1024>{});
  }
  throw std::invalid_argument("block size " + std::to_string(block) + " is not a power of two in 32..1024");
}

}  // namespace gridlock
