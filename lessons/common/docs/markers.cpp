// Finds the trace marker, the whole-line blocks (code, claims, timings, lessons, outcomes) and the
// inline facts of a README.
#include "docs/markers.hpp"

#include <algorithm>
#include <optional>

#include "docs/markdown_lines.hpp"

namespace gridlock::docs {
namespace {

constexpr std::string_view kBlockNames[] = {"code", "claims", "timings", "lessons", "outcomes"};

bool is_block_marker_name(std::string_view name) {
  if (name == "trace") return true;
  if (!name.empty() && name.front() == '/') name.remove_prefix(1);
  for (std::string_view block : kBlockNames)
    if (name == block) return true;
  return false;
}

// A line that is nothing but one of the whole-line markers.
std::optional<Comment> whole_line_marker(std::string_view line) {
  const std::string_view text = trim(line);
  Comment comment;
  if (!read_comment(text, 0, &comment) || comment.end != text.size()) return std::nullopt;
  if (!is_block_marker_name(comment.name)) return std::nullopt;
  return comment;
}

BlockKind block_kind(std::string_view name) {
  if (name == "code") return BlockKind::code;
  if (name == "lessons") return BlockKind::lessons;
  if (name == "outcomes") return BlockKind::outcomes;
  return name == "claims" ? BlockKind::claims : BlockKind::timings;
}

std::string marker_text(std::string_view name) { return "<!-- " + std::string(name) + " -->"; }

class MarkerScanner {
 public:
  explicit MarkerScanner(std::string_view text) : lines_(split_markdown_lines(text)) {}

  Markers run() {
    FenceTracker fence;
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (fence.in_fence(lines_[i].text)) continue;
      if (std::optional<Comment> marker = whole_line_marker(lines_[i].text))
        i = on_marker(i, *marker);
      else
        find_facts(lines_[i]);
    }
    return std::move(out_);
  }

 private:
  void problem(int line, std::string message) { out_.problems.push_back({line, std::move(message)}); }

  // Returns the index of the last line the marker consumed.
  size_t on_marker(size_t i, const Comment& marker) {
    const int line = lines_[i].number;
    if (marker.name == "trace") {
      if (marker.argument.empty())
        problem(line, "the trace marker needs a path: <!-- trace: recorded/NAME.json -->");
      else if (!out_.trace.empty())
        problem(line, "a second trace marker (a README names one default trace)");
      else
        out_.trace = std::string(marker.argument);
      return i;
    }
    if (marker.name.front() == '/') {
      problem(line, marker_text(marker.name) + " without an opening " + marker_text(marker.name.substr(1)));
      return i;
    }
    return open_block(i, marker);
  }

  size_t open_block(size_t i, const Comment& marker) {
    const std::string closing = "/" + std::string(marker.name);
    const int line = lines_[i].number;
    for (size_t j = i + 1; j < lines_.size(); ++j) {
      std::optional<Comment> next = whole_line_marker(lines_[j].text);
      if (!next) continue;
      if (next->name == closing) {
        add_block(block_kind(marker.name), line, marker.argument, lines_[i].next, lines_[j].begin);
        return j;
      }
      problem(line, "unterminated " + std::string(marker.name) + " block: no " + marker_text(closing) +
                        " before the marker on line " + std::to_string(lines_[j].number));
      return j - 1;
    }
    problem(line, "unterminated " + std::string(marker.name) + " block: no " + marker_text(closing) +
                      " before the end of the file");
    return i;
  }

  void add_block(BlockKind kind, int line, std::string_view argument, size_t begin, size_t end) {
    Block block{kind, line, std::string(argument), "", begin, end};
    if (kind == BlockKind::code) {
      const size_t hash = argument.find('#');
      if (hash == std::string_view::npos || hash == 0 || hash + 1 == argument.size()) {
        problem(line, "the code marker needs FILE#REGION, e.g. <!-- code: kernels.cuh#strided-load -->");
        return;
      }
      block.file = std::string(argument.substr(0, hash));
      block.name = std::string(argument.substr(hash + 1));
    }
    if (kind == BlockKind::lessons || kind == BlockKind::outcomes) {
      block.name = std::move(block.file);
      block.file.clear();
    }
    out_.blocks.push_back(std::move(block));
  }

  // A comment inside an inline code span is text. Backticks are counted outside comments and fact
  // values only, so a value the tool writes cannot move the markers after it into a code span.
  void find_facts(const Line& line) {
    const std::string_view text = line.text;
    size_t backticks = 0;
    size_t counted = 0;  // backticks are counted up to here
    for (size_t pos = text.find("<!--"); pos != std::string_view::npos; pos = text.find("<!--", pos)) {
      backticks += std::count(text.begin() + counted, text.begin() + pos, '`');
      Comment comment;
      if (!read_comment(text, pos, &comment)) {
        if (trim(text.substr(pos + 4)).substr(0, 4) == "fact")
          problem(line.number, "unterminated fact marker: no \"-->\" on the same line");
        return;
      }
      if (backticks % 2 == 1) {
        pos = comment.end;
      } else if (comment.name == "fact") {
        pos = read_fact(line, comment);
      } else {
        if (comment.name == "/fact")
          problem(line.number, "<!-- /fact --> without an opening <!-- fact: KEY -->");
        pos = comment.end;
      }
      counted = pos;
    }
  }

  // The fact that opens with `open`; returns the offset to go on from.
  size_t read_fact(const Line& line, const Comment& open) {
    const std::string_view text = line.text;
    for (size_t pos = text.find("<!--", open.end); pos != std::string_view::npos;
         pos = text.find("<!--", pos)) {
      Comment next;
      if (!read_comment(text, pos, &next) || next.name == "fact") break;
      if (next.name == "/fact") {
        add_fact(line, open.argument, line.begin + open.end, line.begin + pos);
        return next.end;
      }
      pos = next.end;
    }
    problem(line.number, "unterminated fact \"" + std::string(open.argument) +
                             "\": no <!-- /fact --> after it on the same line");
    return open.end;
  }

  // "KEY" or "other.json#KEY".
  void add_fact(const Line& line, std::string_view argument, size_t begin, size_t end) {
    Block fact{BlockKind::fact, line.number, "", std::string(argument), begin, end};
    const size_t hash = argument.find(".json#");
    if (hash != std::string_view::npos) {
      fact.file = std::string(argument.substr(0, hash + 5));
      fact.name = std::string(argument.substr(hash + 6));
    }
    if (fact.name.empty()) {
      problem(line.number,
              "the fact marker needs a key: <!-- fact: KEY --> or <!-- fact: other.json#KEY -->");
      return;
    }
    out_.blocks.push_back(std::move(fact));
  }

  std::vector<Line> lines_;
  Markers out_;
};

}  // namespace

Markers find_markers(std::string_view readme) { return MarkerScanner(readme).run(); }

bool is_marker_line(std::string_view line) { return whole_line_marker(line).has_value(); }

std::string describe(const Block& block) {
  const std::string from = block.file.empty() ? "" : " (" + block.file + ")";
  switch (block.kind) {
    case BlockKind::code:
      return "code block " + block.file + "#" + block.name;
    case BlockKind::claims:
      return "claims block" + from;
    case BlockKind::timings:
      return "timings block" + from;
    case BlockKind::fact:
      return "fact \"" + block.name + "\"" + from;
    case BlockKind::lessons:
      return block.name.empty() ? "lessons block" : "lessons block (" + block.name + ")";
    case BlockKind::outcomes:
      return "outcomes block (" + block.name + ")";
  }
  return "block";
}

}  // namespace gridlock::docs
