// Finding the markers of a README: blocks, facts, what is text, and every marker error.
#include "docs/markers.hpp"

#include <gtest/gtest.h>

namespace docs = gridlock::docs;

namespace {

std::string content(const std::string& text, const docs::Block& block) {
  return text.substr(block.begin, block.end - block.begin);
}

std::string only_problem(const docs::Markers& markers) {
  EXPECT_EQ(markers.problems.size(), 1u);
  return markers.problems.empty() ? "" : markers.problems[0].message;
}

}  // namespace

TEST(Markers, FindsEveryKindOfBlock) {
  const std::string text =
      "<!-- trace: recorded/t.json -->\n"                    // 1
      "<!-- code: kernels.cuh#load -->\n"                    // 2
      "```cpp\nold\n```\n"                                   // 3-5
      "<!-- /code -->\n"                                     // 6
      "<!-- claims -->\n| a |\n<!-- /claims -->\n"           // 7-9
      "  <!-- timings: other.json -->\n<!-- /timings -->\n"  // 10-11
      "x <!-- fact: n -->10<!-- /fact --> and <!-- fact: other.json#k -->v<!-- /fact -->\n";
  const docs::Markers m = docs::find_markers(text);
  ASSERT_TRUE(m.problems.empty()) << m.problems[0].message;
  EXPECT_EQ(m.trace, "recorded/t.json");
  ASSERT_EQ(m.blocks.size(), 5u);
  EXPECT_EQ(m.blocks[0].kind, docs::BlockKind::code);
  EXPECT_EQ(m.blocks[0].file, "kernels.cuh");
  EXPECT_EQ(m.blocks[0].name, "load");
  EXPECT_EQ(m.blocks[0].line, 2);
  EXPECT_EQ(content(text, m.blocks[0]), "```cpp\nold\n```\n");
  EXPECT_EQ(m.blocks[1].kind, docs::BlockKind::claims);
  EXPECT_EQ(m.blocks[1].file, "");
  EXPECT_EQ(content(text, m.blocks[1]), "| a |\n");
  EXPECT_EQ(m.blocks[2].kind, docs::BlockKind::timings);
  EXPECT_EQ(m.blocks[2].file, "other.json");
  EXPECT_EQ(content(text, m.blocks[2]), "");
  EXPECT_EQ(m.blocks[3].kind, docs::BlockKind::fact);
  EXPECT_EQ(m.blocks[3].name, "n");
  EXPECT_EQ(content(text, m.blocks[3]), "10");
  EXPECT_EQ(m.blocks[4].file, "other.json");
  EXPECT_EQ(m.blocks[4].name, "k");
  EXPECT_EQ(m.blocks[4].line, 12);
}

TEST(Markers, MarkersInCodeAreText) {
  const std::string text =
      "```\n<!-- claims -->\n<!-- fact: a --><!-- /fact -->\n```\n"
      "Write `<!-- fact: KEY -->` or `<!-- /fact -->`.\n"
      "~~~~\n```\n<!-- /code -->\n~~~~\n";
  const docs::Markers m = docs::find_markers(text);
  EXPECT_TRUE(m.problems.empty());
  EXPECT_TRUE(m.blocks.empty());
}

TEST(Markers, OrdinaryCommentsAreIgnored) {
  const docs::Markers m = docs::find_markers("<!-- note -->\n<!--\nclaims: x\n-->\ntext <!-- todo -->\n");
  EXPECT_TRUE(m.problems.empty());
}

TEST(Markers, UnterminatedBlockBeforeTheEnd) {
  const docs::Markers m = docs::find_markers("a\n<!-- claims -->\n| x |\n");
  EXPECT_EQ(m.problems.at(0).line, 2);
  EXPECT_NE(only_problem(m).find("unterminated claims block: no <!-- /claims --> before the end"),
            std::string::npos);
}

TEST(Markers, UnterminatedBlockBeforeAnotherMarker) {
  const docs::Markers m = docs::find_markers("<!-- timings -->\n<!-- claims -->\n<!-- /claims -->\n");
  EXPECT_NE(only_problem(m).find("no <!-- /timings --> before the marker on line 2"), std::string::npos);
  ASSERT_EQ(m.blocks.size(), 1u);  // the claims block after it is still found
  EXPECT_EQ(m.blocks[0].kind, docs::BlockKind::claims);
}

TEST(Markers, ClosingMarkerWithoutOpening) {
  const docs::Markers m = docs::find_markers("text\n<!-- /code -->\n");
  EXPECT_EQ(m.problems.at(0).line, 2);
  EXPECT_EQ(only_problem(m), "<!-- /code --> without an opening <!-- code -->");
}

TEST(Markers, OneTraceMarkerWithAPath) {
  EXPECT_NE(only_problem(docs::find_markers("<!-- trace -->\n")).find("needs a path"), std::string::npos);
  const docs::Markers twice = docs::find_markers("<!-- trace: a.json -->\n<!-- trace: b.json -->\n");
  EXPECT_EQ(twice.trace, "a.json");
  EXPECT_NE(only_problem(twice).find("a second trace marker"), std::string::npos);
}

TEST(Markers, CodeMarkerNeedsFileAndRegion) {
  for (const char* argument : {"", "kernels.cuh", "#load", "kernels.cuh#"}) {
    const std::string text = "<!-- code: " + std::string(argument) + " -->\n<!-- /code -->\n";
    EXPECT_NE(only_problem(docs::find_markers(text)).find("needs FILE#REGION"), std::string::npos)
        << argument;
  }
}

TEST(Markers, FactErrors) {
  EXPECT_NE(only_problem(docs::find_markers("a <!-- fact: k -->1\n")).find("unterminated fact \"k\""),
            std::string::npos);
  EXPECT_NE(only_problem(docs::find_markers("a <!-- fact: k\n")).find("unterminated fact marker"),
            std::string::npos);
  EXPECT_NE(only_problem(docs::find_markers("a <!-- fact -->1<!-- /fact -->\n")).find("needs a key"),
            std::string::npos);
  EXPECT_NE(only_problem(docs::find_markers("1<!-- /fact -->\n")).find("without an opening"),
            std::string::npos);
  EXPECT_NE(only_problem(docs::find_markers("<!-- fact: t.json# -->1<!-- /fact -->\n")).find("needs a key"),
            std::string::npos);
}

TEST(Markers, AFactDoesNotCloseOverAnotherFact) {
  const docs::Markers m = docs::find_markers("<!-- fact: a -->1 <!-- fact: b -->2<!-- /fact -->\n");
  EXPECT_NE(only_problem(m).find("unterminated fact \"a\""), std::string::npos);
  ASSERT_EQ(m.blocks.size(), 1u);
  EXPECT_EQ(m.blocks[0].name, "b");
}

TEST(Markers, BackticksInAFactValueDoNotHideLaterMarkers) {
  const docs::Markers m =
      docs::find_markers("<!-- fact: a -->`<!-- /fact --> <!-- fact: b -->2<!-- /fact -->\n");
  EXPECT_TRUE(m.problems.empty());
  EXPECT_EQ(m.blocks.size(), 2u);
}

TEST(Markers, WindowsLineBreaks) {
  const std::string text = "<!-- claims -->\r\n| a |\r\n<!-- /claims -->\r\n";
  const docs::Markers m = docs::find_markers(text);
  ASSERT_EQ(m.blocks.size(), 1u);
  EXPECT_EQ(content(text, m.blocks[0]), "| a |\r\n");
}
