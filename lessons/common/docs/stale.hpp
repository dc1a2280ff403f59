// How gridlock-readme reports a block whose text is not what it would write.
#pragma once

#include <string>

#include "docs/markers.hpp"

namespace gridlock::docs {

// "claims block is stale: line 3 of the block differs" and both versions of that line (a fact:
// both values), long lines shortened.
std::string stale_message(const Block& block, const std::string& expected, const std::string& found);

}  // namespace gridlock::docs
