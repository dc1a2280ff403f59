// md4c's callbacks, building the display model.
#include "model/markdown.hpp"

#include <md4c.h>

#include <algorithm>
#include <charconv>

namespace gridlock::viewer {

namespace {

// A fact marker survives parsing as private-use characters around its index into the facts met:
// kFactOpen, the index in decimal, kFactClose, then the text, then kFactEnd. md4c passes them on
// as text, in code spans too.
const std::string kFactOpen = "\xEE\x80\x80";   // U+E000
const std::string kFactClose = "\xEE\x80\x81";  // U+E001
const std::string kFactEnd = "\xEE\x80\x82";    // U+E002

struct Builder {
  std::vector<MdBlock> blocks;
  // What encloses the text now.
  struct List {
    bool ordered;
    int next;
  };
  std::vector<List> lists;
  int quote_depth = 0;
  int strong = 0, emphasis = 0, code = 0;
  std::vector<std::string> links;
  bool in_code_block = false, in_table = false, in_cell = false, in_image = false;
  int current = -1;  // the block inline text goes to; -1: none (between blocks)
  MdBlock table;
  std::vector<std::string> facts;  // the fact markers' keys, by index
  std::string fact;                // the marker the text is inside now; empty: none

  // Text with the fact markers' characters taken out, each piece added under its marker.
  void add_text(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size()) {
      const std::size_t open_at = text.find(kFactOpen, i), end_at = text.find(kFactEnd, i);
      const std::size_t next = std::min(open_at, end_at);
      if (next > i) add_plain(text.substr(i, next == std::string::npos ? std::string::npos : next - i));
      if (next == std::string::npos) break;
      if (next == end_at) {
        fact.clear();
        i = end_at + kFactEnd.size();
        continue;
      }
      const std::size_t close_at = text.find(kFactClose, open_at);
      if (close_at == std::string::npos) break;
      const std::string index =
          text.substr(open_at + kFactOpen.size(), close_at - open_at - kFactOpen.size());
      // fact_mark wrote digits; a README that held these characters itself reads as no marker.
      std::size_t n = facts.size();
      std::from_chars(index.data(), index.data() + index.size(), n);
      fact = n < facts.size() ? facts[n] : std::string();
      i = close_at + kFactClose.size();
    }
  }

  MdBlock& open(MdKind kind) {
    blocks.push_back(MdBlock{});
    blocks.back().kind = kind;
    current = static_cast<int>(blocks.size()) - 1;
    return blocks.back();
  }

  void add_plain(const std::string& text) {
    if (in_image) {
      // The alt text of the image block opened at its span.
      std::vector<MdSpan>& alt = blocks.back().spans;
      if (alt.empty()) alt.emplace_back();
      alt.back().text += text;
      return;
    }
    if (in_cell) {
      table.rows.back().back() += text;
      if (!fact.empty() && table.cell_facts.back().back().empty()) table.cell_facts.back().back() = fact;
      return;
    }
    if (in_code_block) {
      blocks.back().code += text;
      return;
    }
    if (current < 0) return;
    MdSpan span;
    span.text = text;
    span.strong = strong > 0;
    span.emphasis = emphasis > 0;
    span.code = code > 0;
    if (!links.empty()) span.link = links.back();
    span.fact = fact;
    std::vector<MdSpan>& spans = blocks[static_cast<std::size_t>(current)].spans;
    if (!spans.empty()) {
      MdSpan& last = spans.back();
      if (last.strong == span.strong && last.emphasis == span.emphasis && last.code == span.code &&
          last.link == span.link && last.fact == span.fact) {
        last.text += text;
        return;
      }
    }
    spans.push_back(std::move(span));
  }
};

std::string attribute(const MD_ATTRIBUTE& a) { return std::string(a.text, a.size); }

int enter_block(MD_BLOCKTYPE type, void* detail, void* user) {
  Builder& b = *static_cast<Builder*>(user);
  switch (type) {
    case MD_BLOCK_H:
      b.open(MdKind::heading).level = static_cast<int>(static_cast<MD_BLOCK_H_DETAIL*>(detail)->level);
      break;
    case MD_BLOCK_P:
      // A paragraph inside a list item continues the item (the item's first paragraph) or starts
      // a paragraph of its own, indented like the item.
      if (!b.lists.empty() && b.current >= 0 &&
          b.blocks[static_cast<std::size_t>(b.current)].kind == MdKind::list_item &&
          b.blocks[static_cast<std::size_t>(b.current)].spans.empty())
        break;
      if (b.quote_depth > 0) {
        b.open(MdKind::quote).level = b.quote_depth;
        break;
      }
      b.open(MdKind::paragraph).level = static_cast<int>(b.lists.size());
      break;
    case MD_BLOCK_UL:
      b.lists.push_back({false, 0});
      b.current = -1;
      break;
    case MD_BLOCK_OL:
      b.lists.push_back({true, static_cast<int>(static_cast<MD_BLOCK_OL_DETAIL*>(detail)->start)});
      b.current = -1;
      break;
    case MD_BLOCK_LI: {
      MdBlock& item = b.open(MdKind::list_item);
      item.level = static_cast<int>(b.lists.size());
      if (!b.lists.empty() && b.lists.back().ordered) {
        item.ordered = true;
        item.number = b.lists.back().next++;
      }
      break;
    }
    case MD_BLOCK_CODE: {
      MdBlock& c = b.open(MdKind::code);
      const auto* d = static_cast<MD_BLOCK_CODE_DETAIL*>(detail);
      if (d && d->lang.size > 0) c.language = attribute(d->lang);
      b.in_code_block = true;
      b.current = -1;
      break;
    }
    case MD_BLOCK_HTML:
      b.current = -1;
      break;
    case MD_BLOCK_HR:
      b.open(MdKind::rule);
      b.current = -1;
      break;
    case MD_BLOCK_QUOTE:
      ++b.quote_depth;
      b.current = -1;
      break;
    case MD_BLOCK_TABLE:
      b.table = MdBlock{};
      b.table.kind = MdKind::table;
      b.in_table = true;
      b.current = -1;
      break;
    case MD_BLOCK_TR:
      b.table.rows.emplace_back();
      b.table.cell_facts.emplace_back();
      break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD:
      b.table.rows.back().emplace_back();
      b.table.cell_facts.back().emplace_back();
      b.in_cell = true;
      break;
    default:
      break;
  }
  return 0;
}

int leave_block(MD_BLOCKTYPE type, void*, void* user) {
  Builder& b = *static_cast<Builder*>(user);
  switch (type) {
    case MD_BLOCK_UL:
    case MD_BLOCK_OL:
      b.lists.pop_back();
      b.current = -1;
      break;
    case MD_BLOCK_CODE:
      b.in_code_block = false;
      if (!b.blocks.back().code.empty() && b.blocks.back().code.back() == '\n')
        b.blocks.back().code.pop_back();
      break;
    case MD_BLOCK_QUOTE:
      --b.quote_depth;
      b.current = -1;
      break;
    case MD_BLOCK_TH:
    case MD_BLOCK_TD:
      b.in_cell = false;
      break;
    case MD_BLOCK_TABLE:
      b.in_table = false;
      b.blocks.push_back(std::move(b.table));
      b.current = -1;
      break;
    case MD_BLOCK_H:
    case MD_BLOCK_P:
      if (b.lists.empty()) b.current = -1;
      break;
    case MD_BLOCK_LI:
      b.current = -1;
      break;
    default:
      break;
  }
  return 0;
}

int enter_span(MD_SPANTYPE type, void* detail, void* user) {
  Builder& b = *static_cast<Builder*>(user);
  switch (type) {
    case MD_SPAN_STRONG:
      ++b.strong;
      break;
    case MD_SPAN_EM:
      ++b.emphasis;
      break;
    case MD_SPAN_CODE:
      ++b.code;
      break;
    case MD_SPAN_A:
      b.links.push_back(attribute(static_cast<MD_SPAN_A_DETAIL*>(detail)->href));
      break;
    case MD_SPAN_IMG: {
      // An image becomes a block of its own (after the text before it), its alt text as span.
      MdBlock image;
      image.kind = MdKind::image;
      image.code = attribute(static_cast<MD_SPAN_IMG_DETAIL*>(detail)->src);
      b.blocks.push_back(std::move(image));
      b.in_image = true;  // b.current stays: the text after the image goes on in its block
      break;
    }
    default:
      break;
  }
  return 0;
}

int leave_span(MD_SPANTYPE type, void*, void* user) {
  Builder& b = *static_cast<Builder*>(user);
  switch (type) {
    case MD_SPAN_STRONG:
      --b.strong;
      break;
    case MD_SPAN_EM:
      --b.emphasis;
      break;
    case MD_SPAN_CODE:
      --b.code;
      break;
    case MD_SPAN_A:
      b.links.pop_back();
      break;
    case MD_SPAN_IMG:
      b.in_image = false;
      break;
    default:
      break;
  }
  return 0;
}

int text(MD_TEXTTYPE type, const MD_CHAR* chars, MD_SIZE size, void* user) {
  Builder& b = *static_cast<Builder*>(user);
  switch (type) {
    case MD_TEXT_BR:
    case MD_TEXT_SOFTBR:
      b.add_text(b.in_code_block ? "\n" : " ");
      break;
    case MD_TEXT_HTML:  // raw HTML (the READMEs' generated-block comments) is not shown
      break;
    case MD_TEXT_NULLCHAR:
      b.add_text("\xEF\xBF\xBD");
      break;
    default:
      b.add_text(std::string(chars, size));
      break;
  }
  return 0;
}

// What a comment whose body is `body` leaves in the text: a fact marker's index, a fact's end, or
// nothing.
std::string fact_mark(const std::string& body, std::vector<std::string>& facts) {
  const std::size_t first = body.find_first_not_of(" \t");
  const std::size_t last = body.find_last_not_of(" \t");
  if (first == std::string::npos) return "";
  const std::string word = body.substr(first, last - first + 1);
  if (word == "/fact") return kFactEnd;
  if (word.rfind("fact:", 0) != 0) return "";
  const std::size_t key = word.find_first_not_of(" \t", 5);
  if (key == std::string::npos) return "";
  facts.push_back(word.substr(key));
  return kFactOpen + std::to_string(facts.size() - 1) + kFactClose;
}

// The READMEs mark generated text with HTML comments, inline ("<!-- fact: x -->10000<!-- /fact -->")
// and on lines of their own. CommonMark lets a comment at the start of a line open an HTML block
// that swallows the rest of the line, so they are taken out before parsing (outside fenced
// code); a line that held nothing else goes with them, so no paragraph is split. A fact marker
// leaves its index into `facts` behind (kFactOpen), and its end kFactEnd.
std::string without_comments(const std::string& markdown, std::vector<std::string>& facts) {
  std::string out;
  out.reserve(markdown.size());
  bool fenced = false, in_comment = false;
  std::size_t start = 0;
  while (start <= markdown.size()) {
    std::size_t end = markdown.find('\n', start);
    if (end == std::string::npos) end = markdown.size();
    const std::string line = markdown.substr(start, end - start);
    const std::size_t first = line.find_first_not_of(" \t");
    if (!in_comment && first != std::string::npos &&
        (line.compare(first, 3, "```") == 0 || line.compare(first, 3, "~~~") == 0))
      fenced = !fenced;
    std::string kept;
    if (fenced) {
      kept = line;
    } else {
      std::size_t i = 0;
      while (i < line.size()) {
        if (in_comment) {
          const std::size_t close = line.find("-->", i);
          if (close == std::string::npos) {
            i = line.size();
          } else {
            in_comment = false;
            kept += fact_mark(line.substr(i, close - i), facts);
            i = close + 3;
          }
        } else {
          const std::size_t open = line.find("<!--", i);
          kept += line.substr(i, open == std::string::npos ? std::string::npos : open - i);
          if (open == std::string::npos) break;
          in_comment = true;
          i = open + 4;
        }
      }
    }
    const bool emptied = kept.find_first_not_of(" \t\r") == std::string::npos && first != std::string::npos;
    if (!emptied) out += kept + (end < markdown.size() ? "\n" : "");
    if (end == markdown.size()) break;
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string MdBlock::plain() const {
  std::string out;
  for (const MdSpan& s : spans) out += s.text;
  return out;
}

std::vector<MdBlock> parse_markdown(const std::string& markdown) {
  Builder builder;
  MD_PARSER parser{};
  parser.abi_version = 0;
  parser.flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_PERMISSIVEAUTOLINKS;
  parser.enter_block = enter_block;
  parser.leave_block = leave_block;
  parser.enter_span = enter_span;
  parser.leave_span = leave_span;
  parser.text = text;
  const std::string text = without_comments(markdown, builder.facts);
  md_parse(text.data(), static_cast<MD_SIZE>(text.size()), &parser, &builder);
  // Blocks that ended up empty (an item whose only content was a nested list) are kept: they
  // carry the item's bullet.
  return std::move(builder.blocks);
}

}  // namespace gridlock::viewer
