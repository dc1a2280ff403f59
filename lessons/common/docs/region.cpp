// Cuts a marked region out of a source file, as the README quotes it.
#include "docs/region.hpp"

#include <vector>

#include "docs/markdown_lines.hpp"
#include "docs/problem.hpp"
#include "trace/trace.hpp"

namespace gridlock::docs {
namespace {

constexpr std::string_view kBegin = "// lesson-begin ", kEnd = "// lesson-end ";

// The region name of a marker line of the given kind; "" when the line is not one.
std::string_view marker_name(std::string_view line, std::string_view kind) {
  const std::string_view text = trim(line);
  if (text.substr(0, kind.size()) != kind) return {};
  return trim(text.substr(kind.size()));
}

bool is_region_marker(std::string_view line) {
  return !marker_name(line, kBegin).empty() || !marker_name(line, kEnd).empty();
}

std::string quoted(std::string_view name) { return "region \"" + std::string(name) + "\""; }

// Index of the line after the region's begin marker and of its end marker.
std::pair<size_t, size_t> region_bounds(const std::vector<std::string_view>& lines, std::string_view name) {
  size_t begin = 0, end = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (marker_name(lines[i], kBegin) == name) {
      if (begin != 0)
        throw DocsError(quoted(name) + " begins twice (lines " + std::to_string(begin) + " and " +
                        std::to_string(i + 1) + ")");
      begin = i + 1;
    } else if (marker_name(lines[i], kEnd) == name && begin != 0 && end == 0) {
      end = i;
    }
  }
  if (begin == 0)
    throw DocsError("no " + quoted(name) + " (a line \"// lesson-begin " + std::string(name) + "\")");
  if (end == 0)
    throw DocsError(quoted(name) + " is never closed (it begins at line " + std::to_string(begin) +
                    "; expected \"// lesson-end " + std::string(name) + "\")");
  return {begin, end};
}

size_t common_indent(const std::vector<std::string_view>& lines) {
  size_t indent = std::string_view::npos;
  for (std::string_view line : lines) {
    const size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && first < indent) indent = first;
  }
  return indent == std::string_view::npos ? 0 : indent;
}

// A phase of the kernel, named by its label: from its comment to the end of the phase.
std::pair<size_t, size_t> phase_bounds(std::string_view source, std::string_view label) {
  const trace::LineRange lines = trace::find_phase_lines(source, label);
  if (lines.begin == 0)
    throw DocsError("no phase \"" + std::string(label) + "\" (one line \"// " + std::string(label) + "\")");
  return {size_t(lines.begin) - 1, size_t(lines.end)};
}

}  // namespace

std::string extract_region(std::string_view source, std::string_view name) {
  const std::vector<std::string_view> all = trace::split_lines(source);
  const bool phase = trace::is_phase_comment("// " + std::string(name));
  const auto [begin, end] = phase ? phase_bounds(source, name) : region_bounds(all, name);
  std::vector<std::string_view> lines;
  for (size_t i = begin; i < end; ++i)
    if (!is_region_marker(all[i])) lines.push_back(all[i]);
  const size_t indent = common_indent(lines);
  std::string out;
  for (std::string_view line : lines) {
    if (line.find_first_not_of(" \t") != std::string_view::npos) out += line.substr(indent);
    out += '\n';
  }
  return out;
}

std::string fenced_cpp(std::string_view code) { return "```cpp\n" + std::string(code) + "```\n"; }

}  // namespace gridlock::docs
