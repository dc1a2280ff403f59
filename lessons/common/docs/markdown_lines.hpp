// The few Markdown rules gridlock-readme needs: lines with byte offsets, fenced code blocks and
// HTML comments. Nothing here trusts its input.
#pragma once

#include <string_view>
#include <vector>

namespace gridlock::docs {

struct Line {
  std::string_view text;  // without its line break (a trailing '\r' is dropped)
  size_t begin = 0;       // offset of its first byte in the whole text
  size_t next = 0;        // offset of the next line's first byte (the text's size for the last)
  int number = 0;         // 1-based
};

std::vector<Line> split_markdown_lines(std::string_view text);

std::string_view trim(std::string_view text);

// Follows fenced code blocks (``` or ~~~, at most three spaces in) line by line.
class FenceTracker {
 public:
  // Whether `line` belongs to a fence (its opening or closing line included).
  bool in_fence(std::string_view line);

 private:
  char fence_char_ = 0;  // 0 outside a fence
  size_t fence_length_ = 0;
};

// An HTML comment "<!-- inner -->": `name` is the inner text up to the first ':', `argument` the
// rest; both trimmed. `end` is the offset just past "-->".
struct Comment {
  std::string_view name;
  std::string_view argument;
  size_t end = 0;
};

// Reads the comment that starts at `pos` (which holds "<!--"). False when it does not end on the
// same text.
bool read_comment(std::string_view text, size_t pos, Comment* out);

}  // namespace gridlock::docs
