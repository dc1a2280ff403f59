// Messages for stale blocks: the first line that differs, both versions of it.
#include "docs/stale.hpp"

#include <string_view>
#include <vector>

#include "trace/trace.hpp"

namespace gridlock::docs {
namespace {

constexpr size_t kMaxQuotedLine = 160;

std::string shortened(std::string_view line) {
  if (line.size() <= kMaxQuotedLine) return std::string(line);
  size_t cut = kMaxQuotedLine;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80)
    --cut;  // not inside a UTF-8 sequence
  return std::string(line.substr(0, cut)) + "…";
}

// The lines of a block; the empty "line" after its final line break is none.
std::vector<std::string_view> block_lines(const std::string& text) {
  std::vector<std::string_view> lines = trace::split_lines(text);
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// "line 3 of the block differs" with both versions of that line.
std::string first_difference(const std::string& expected, const std::string& found) {
  const std::vector<std::string_view> want = block_lines(expected), have = block_lines(found);
  size_t i = 0;
  while (i < want.size() && i < have.size() && want[i] == have[i]) ++i;
  const auto quote = [](const std::vector<std::string_view>& lines, size_t i) {
    return i < lines.size() ? "\"" + shortened(lines[i]) + "\"" : std::string("(the block ends)");
  };
  return "line " + std::to_string(i + 1) + " of the block differs\n  expected: " + quote(want, i) +
         "\n  found:    " + quote(have, i);
}

}  // namespace

std::string stale_message(const Block& block, const std::string& expected, const std::string& found) {
  if (block.kind == BlockKind::fact)
    return describe(block) + " is stale: expected \"" + shortened(expected) + "\", found \"" +
           shortened(found) + "\" (run gridlock-readme --update)";
  return describe(block) + " is stale: " + first_difference(expected, found) +
         "\n  (run gridlock-readme --update)";
}

}  // namespace gridlock::docs
