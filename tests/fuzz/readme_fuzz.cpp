// libFuzzer target: gridlock-readme's parsers never crash on any README or source text, and every
// block they find lies inside the text, in order.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "docs/headings.hpp"
#include "docs/markdown_lines.hpp"
#include "docs/markers.hpp"
#include "docs/problem.hpp"
#include "docs/region.hpp"
#include "trace/trace.hpp"

namespace docs = gridlock::docs;

namespace {

void check_blocks(std::string_view text) {
  size_t previous_end = 0;
  for (const docs::Block& block : docs::find_markers(text).blocks) {
    if (block.begin < previous_end || block.end < block.begin || block.end > text.size()) std::abort();
    previous_end = block.end;
    docs::describe(block);
  }
}

// The text's first line names a region or phase to cut from the rest, as a code marker would.
void check_region(std::string_view text) {
  const size_t newline = text.find('\n');
  const std::string_view name = text.substr(0, newline);
  const std::string_view source = newline == std::string_view::npos ? "" : text.substr(newline + 1);
  try {
    docs::fenced_cpp(docs::extract_region(source, name));
  } catch (const docs::DocsError&) {
  }
  gridlock::trace::find_phase_lines(source, name);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_blocks(text);
  docs::check_lesson_headings(text);
  docs::find_sections(text);
  check_region(text);
  return 0;
}
