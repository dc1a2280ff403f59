// A lesson README turned into what the Lesson panel draws: a list of blocks (headings,
// paragraphs, list items, code blocks, tables, images, rules), each with its inline text as
// styled spans. Parsed by md4c (CommonMark with GitHub's tables), so list items continue over
// several lines, tables are tables, and inline markers never show (a fact marker's text keeps its
// key: MdSpan::fact).
#pragma once

#include <string>
#include <vector>

namespace gridlock::viewer {

struct MdSpan {
  std::string text;
  bool strong = false;
  bool emphasis = false;
  bool code = false;
  std::string link;  // the target when the span is (inside) a link
  // The README's fact marker the span's text stands in ("<!-- fact: recorded/x.json#key -->":
  // "recorded/x.json#key"; "<!-- fact: key -->": "key"); empty outside one.
  std::string fact;
};

enum class MdKind { heading, paragraph, list_item, code, table, image, rule, quote };

struct MdBlock {
  MdKind kind = MdKind::paragraph;
  int level = 0;              // heading: 1..6; list_item and quote: nesting depth from 1
  bool ordered = false;       // list_item: numbered
  int number = 0;             // list_item in a numbered list: its number
  std::vector<MdSpan> spans;  // heading, paragraph, list_item, quote: the inline text
  std::string code;           // code: the lines, without the fences; image: the source
  std::string language;       // code: the info string's first word
  // table: rows of cells, each cell's plain text; the first row is the header.
  std::vector<std::vector<std::string>> rows;
  // table: per cell, the fact marker of its text (MdSpan::fact; the first, when it holds more).
  std::vector<std::vector<std::string>> cell_facts;

  // The spans' text joined, markers gone (what tests and tooltips read).
  std::string plain() const;
};

// Parses `markdown`; never fails (md4c accepts any text).
std::vector<MdBlock> parse_markdown(const std::string& markdown);

}  // namespace gridlock::viewer
