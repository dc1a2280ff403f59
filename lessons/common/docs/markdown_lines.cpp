// Lines, fences and HTML comments of a Markdown text.
#include "docs/markdown_lines.hpp"

#include <algorithm>

namespace gridlock::docs {

std::vector<Line> split_markdown_lines(std::string_view text) {
  std::vector<Line> lines;
  size_t begin = 0;
  while (begin < text.size()) {
    const size_t newline = text.find('\n', begin);
    const size_t end = newline == std::string_view::npos ? text.size() : newline;
    Line line;
    line.text = text.substr(begin, end - begin);
    if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
    line.begin = begin;
    line.next = newline == std::string_view::npos ? text.size() : newline + 1;
    line.number = static_cast<int>(lines.size()) + 1;
    lines.push_back(line);
    begin = line.next;
  }
  return lines;
}

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool FenceTracker::in_fence(std::string_view line) {
  const size_t indent = line.find_first_not_of(' ');
  if (indent == std::string_view::npos || indent > 3) return fence_char_ != 0;
  const char c = line[indent];
  const size_t run_end = std::min(line.find_first_not_of(c, indent), line.size());
  const size_t run = run_end - indent;
  if (fence_char_ == 0) {
    if ((c != '`' && c != '~') || run < 3) return false;
    fence_char_ = c;
    fence_length_ = run;
    return true;
  }
  if (c == fence_char_ && run >= fence_length_ && trim(line.substr(run_end)).empty()) fence_char_ = 0;
  return true;
}

bool read_comment(std::string_view text, size_t pos, Comment* out) {
  constexpr std::string_view kOpen = "<!--", kClose = "-->";
  if (text.substr(pos, kOpen.size()) != kOpen) return false;
  const size_t close = text.find(kClose, pos + kOpen.size());
  if (close == std::string_view::npos) return false;
  const std::string_view inner = text.substr(pos + kOpen.size(), close - pos - kOpen.size());
  const size_t colon = inner.find(':');
  out->name = trim(inner.substr(0, colon));
  out->argument = colon == std::string_view::npos ? std::string_view() : trim(inner.substr(colon + 1));
  out->end = close + kClose.size();
  return true;
}

}  // namespace gridlock::docs
