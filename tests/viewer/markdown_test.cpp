// The Lesson panel's Markdown model: md4c's parse turned into blocks and spans.
#include "model/markdown.hpp"

#include <gtest/gtest.h>

namespace gv = gridlock::viewer;

namespace {

std::vector<gv::MdBlock> of_kind(const std::vector<gv::MdBlock>& blocks, gv::MdKind kind) {
  std::vector<gv::MdBlock> out;
  for (const gv::MdBlock& b : blocks)
    if (b.kind == kind) out.push_back(b);
  return out;
}

}  // namespace

TEST(Markdown, HeadingsKeepTheirLevelAndLoseTheirMarkers) {
  const auto blocks = gv::parse_markdown("# Title\n\nSome text.\n\n## Section *one*\n\n### Sub\n");
  const auto headings = of_kind(blocks, gv::MdKind::heading);
  ASSERT_EQ(headings.size(), 3u);
  EXPECT_EQ(headings[0].level, 1);
  EXPECT_EQ(headings[0].plain(), "Title");
  EXPECT_EQ(headings[1].level, 2);
  EXPECT_EQ(headings[1].plain(), "Section one");
  EXPECT_EQ(headings[2].level, 3);
}

TEST(Markdown, ParagraphsJoinTheirLinesAndStyleTheirSpans) {
  const auto blocks = gv::parse_markdown("One **bold** and `code`\nand a [link](https://x.org) on.\n");
  ASSERT_EQ(blocks.size(), 1u);
  const gv::MdBlock& p = blocks[0];
  EXPECT_EQ(p.kind, gv::MdKind::paragraph);
  EXPECT_EQ(p.plain(), "One bold and code and a link on.");
  bool bold = false, code = false, link = false;
  for (const gv::MdSpan& s : p.spans) {
    bold |= s.strong && s.text == "bold";
    code |= s.code && s.text == "code";
    link |= s.link == "https://x.org" && s.text == "link";
  }
  EXPECT_TRUE(bold);
  EXPECT_TRUE(code);
  EXPECT_TRUE(link);
}

TEST(Markdown, ListItemsContinueOverSeveralLines) {
  const auto blocks = gv::parse_markdown(
      "- first item,\n  its second line\n- second\n  - nested\n\n1. one\n2. two\n   continued\n");
  const auto items = of_kind(blocks, gv::MdKind::list_item);
  ASSERT_EQ(items.size(), 5u);
  EXPECT_EQ(items[0].plain(), "first item, its second line");
  EXPECT_FALSE(items[0].ordered);
  EXPECT_EQ(items[0].level, 1);
  EXPECT_EQ(items[2].plain(), "nested");
  EXPECT_EQ(items[2].level, 2);
  EXPECT_TRUE(items[3].ordered);
  EXPECT_EQ(items[3].number, 1);
  EXPECT_EQ(items[4].number, 2);
  EXPECT_EQ(items[4].plain(), "two continued");
}

TEST(Markdown, TablesBecomeRowsOfCells) {
  const auto blocks =
      gv::parse_markdown("| size | time |\n|---:|---|\n| 1024 | 3.2 us |\n| `n` | **fast** |\n");
  ASSERT_EQ(blocks.size(), 1u);
  const gv::MdBlock& t = blocks[0];
  EXPECT_EQ(t.kind, gv::MdKind::table);
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"size", "time"}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"1024", "3.2 us"}));
  EXPECT_EQ(t.rows[2], (std::vector<std::string>{"n", "fast"}));
}

TEST(Markdown, CodeBlocksKeepTheirLinesExactly) {
  const auto blocks =
      gv::parse_markdown("```cuda\n__syncthreads();\n  r[i] += r[i + s];\n```\n\n    indented\n");
  const auto code = of_kind(blocks, gv::MdKind::code);
  ASSERT_EQ(code.size(), 2u);
  EXPECT_EQ(code[0].language, "cuda");
  EXPECT_EQ(code[0].code, "__syncthreads();\n  r[i] += r[i + s];");
  EXPECT_EQ(code[1].code, "indented");
}

TEST(Markdown, ImagesAreBlocksWithTheirSourceAndDescription) {
  const auto blocks = gv::parse_markdown("Before.\n\n![The tree at step 4](screenshots/tree.png)\n\n---\n");
  const auto images = of_kind(blocks, gv::MdKind::image);
  ASSERT_EQ(images.size(), 1u);
  EXPECT_EQ(images[0].code, "screenshots/tree.png");
  EXPECT_EQ(images[0].plain(), "The tree at step 4");
  EXPECT_EQ(of_kind(blocks, gv::MdKind::rule).size(), 1u);
}

TEST(Markdown, HtmlCommentsOfGeneratedBlocksDoNotShow) {
  const auto blocks = gv::parse_markdown("<!-- begin generated -->\nText.\n<!-- end generated -->\n");
  std::string all;
  for (const gv::MdBlock& b : blocks) all += b.plain() + b.code;
  EXPECT_EQ(all.find("<!--"), std::string::npos) << all;
  EXPECT_NE(all.find("Text."), std::string::npos);
}

TEST(Markdown, InlineFactMarkersAtALineStartDoNotSplitTheParagraph) {
  const auto blocks = gv::parse_markdown(
      "In the recorded run (n =\n<!-- fact: parameter.n -->10000<!-- /fact -->) threads fold. Each\nthread "
      "stores.\n\n```\n<!-- kept in code -->\n```\n");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].plain(), "In the recorded run (n = 10000) threads fold. Each thread stores.");
  EXPECT_EQ(blocks[1].code, "<!-- kept in code -->");
}
