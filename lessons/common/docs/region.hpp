// Regions of a source file that a README quotes: the lines between "// lesson-begin NAME" and
// "// lesson-end NAME", or a kernel phase named by its label ("PHASE 2: halving tree"), from its
// comment to the end of the phase.
#pragma once

#include <string>
#include <string_view>

namespace gridlock::docs {

// The region's lines with their common indentation removed, each ending in '\n'. Marker lines of
// any region are left out, so regions may nest. Throws DocsError when the region is missing,
// begins twice or is never closed.
std::string extract_region(std::string_view source, std::string_view name);

// A fenced ```cpp block holding `code`.
std::string fenced_cpp(std::string_view code);

}  // namespace gridlock::docs
