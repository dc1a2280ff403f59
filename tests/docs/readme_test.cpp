// check_readme and update_readme on a scratch copy of the fixture lesson.
#include "docs/readme.hpp"

#include <gtest/gtest.h>

#include "docs/markers.hpp"
#include "lesson_dir.hpp"

namespace docs = gridlock::docs;
using docs::testing::LessonDir;

namespace {

std::string messages(const docs::Outcome& outcome) {
  std::string out;
  for (const docs::Problem& p : outcome.problems) out += std::to_string(p.line) + ": " + p.message + "\n";
  return out;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The README's bytes outside its generated blocks.
std::vector<std::string> outside_blocks(const std::string& text) {
  std::vector<std::string> parts;
  size_t from = 0;
  for (const docs::Block& block : docs::find_markers(text).blocks) {
    parts.push_back(text.substr(from, block.begin - from));
    from = block.end;
  }
  parts.push_back(text.substr(from));
  return parts;
}

std::string crlf(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

}  // namespace

TEST(Readme, FixtureIsCurrent) {
  LessonDir dir;
  const docs::Outcome outcome = docs::check_readme(dir.readme());
  EXPECT_EQ(messages(outcome), "");
  EXPECT_EQ(outcome.blocks, 16);
}

TEST(Readme, UpdatingACurrentReadmeChangesNothing) {
  LessonDir dir;
  const std::string before = dir.readme_text();
  const docs::Outcome outcome = docs::update_readme(dir.readme());
  EXPECT_EQ(messages(outcome), "");
  EXPECT_FALSE(outcome.rewritten);
  EXPECT_EQ(dir.readme_text(), before);
}

TEST(Readme, StaleBlocksOfEveryKind) {
  LessonDir dir;
  std::string text = dir.readme_text();
  text = replaced(text, "  acc += in[i];", "  acc += in[i] * 2;");
  text = replaced(text, "| contradicted | 3/20 runs differ", "| confirmed | 3/20 runs differ");
  text = replaced(text, "| 7.90 |", "| 7.9 |");
  text = replaced(text, "0.80–1.12 µs<!-- /fact -->", "0.8–1.1 µs<!-- /fact -->");
  dir.write_readme(text);
  EXPECT_EQ(
      messages(docs::check_readme(dir.readme())),
      "16: code block kernels.cuh#strided-load is stale: line 3 of the block differs\n"
      "  expected: \"  acc += in[i];  // a | in a comment\"\n"
      "  found:    \"  acc += in[i] * 2;  // a | in a comment\"\n"
      "  (run gridlock-readme --update)\n"
      "53: fact \"load.spread\" is stale: expected \"0.80–1.12 µs\", found \"0.8–1.1 µs\" "
      "(run gridlock-readme --update)\n"
      "59: claims block is stale: line 4 of the block differs\n"
      "  expected: \"| a \\| b is the same as b \\| a | contradicted | 3/20 runs differ — the \\| operator "
      "here is not commutative |\"\n"
      "  found:    \"| a \\| b is the same as b \\| a | confirmed | 3/20 runs differ — the \\| operator "
      "here is not commutative |\"\n"
      "  (run gridlock-readme --update)\n"
      "67: timings block is stale: line 3 of the block differs\n"
      "  expected: \"| lesson kernel | 10000 | 7.90 | 7.71–8.50 | 5.1 |\"\n"
      "  found:    \"| lesson kernel | 10000 | 7.9 | 7.71–8.50 | 5.1 |\"\n"
      "  (run gridlock-readme --update)\n");
}

TEST(Readme, ABlockThatEndsEarlySaysSo) {
  LessonDir dir;
  dir.write_readme(replaced(dir.readme_text(), "| other kernel | 2048 | 2.50 | 2.40–2.60 | 3.3 |\n", ""));
  const std::string found = messages(docs::check_readme(dir.readme()));
  EXPECT_NE(found.find("timings block (recorded/other.json) is stale: line 3 of the block differs"),
            std::string::npos)
      << found;
  EXPECT_NE(found.find("found:    (the block ends)"), std::string::npos) << found;
}

TEST(Readme, UpdateThenCheckRestoresEveryBlock) {
  LessonDir dir;
  const std::string current = dir.readme_text();
  std::string emptied;
  size_t from = 0;
  for (const docs::Block& block : docs::find_markers(current).blocks) {
    emptied += current.substr(from, block.begin - from);
    from = block.end;
  }
  emptied += current.substr(from);
  dir.write_readme(emptied);
  EXPECT_EQ(docs::check_readme(dir.readme()).problems.size(), 16u);

  const docs::Outcome update = docs::update_readme(dir.readme());
  EXPECT_EQ(messages(update), "");
  EXPECT_TRUE(update.rewritten);
  EXPECT_EQ(dir.readme_text(), current);
  EXPECT_EQ(messages(docs::check_readme(dir.readme())), "");
}

TEST(Readme, UpdateLeavesTextOutsideTheBlocksAlone) {
  LessonDir dir;
  std::string text = dir.readme_text();
  text = replaced(text, "Each thread folds its share first:", "Each thread\tfolds  its share first:   ");
  text = replaced(text, "| One block returns the right sum. | confirmed | 20/20 runs exact |\n", "stale\n");
  text = replaced(text, "2048<!-- /fact -->", "<!-- /fact -->");
  text.pop_back();  // no line break at the end
  dir.write_readme(text);
  ASSERT_EQ(messages(docs::update_readme(dir.readme())), "");
  const std::string updated = dir.readme_text();
  EXPECT_EQ(outside_blocks(updated), outside_blocks(text));
  EXPECT_EQ(updated.back(), '.');
}

TEST(Readme, WindowsLineBreaksAreKept) {
  LessonDir dir;
  const std::string text = crlf(dir.readme_text());
  dir.write_readme(text);
  EXPECT_EQ(messages(docs::check_readme(dir.readme())), "");
  dir.write_readme(replaced(text, "  *out = r[0];\r\n", ""));
  ASSERT_EQ(messages(docs::update_readme(dir.readme())), "");
  EXPECT_EQ(dir.readme_text(), text);
}

TEST(Readme, ErrorsNameTheLineAndStopTheUpdate) {
  LessonDir dir;
  std::string text = dir.readme_text();
  text = replaced(text, "fact: load.spread", "fact: load.spreed");
  text = replaced(text, "kernels.cuh#outer", "kernels.cuh#twice");
  text = replaced(text, "<!-- claims: recorded/other.json -->", "<!-- claims: recorded/missing.json -->");
  text = replaced(text, "<!-- code: kernels.cuh#strided-load -->", "<!-- code: missing.cuh#strided-load -->");
  text += "\n<!-- timings -->\n";
  dir.write_readme(text);
  const std::string found = messages(docs::check_readme(dir.readme()));
  EXPECT_NE(found.find("92: unterminated timings block: no <!-- /timings --> before the end of the file"),
            std::string::npos)
      << found;
  EXPECT_NE(found.find("16: code block missing.cuh#strided-load: "), std::string::npos) << found;
  EXPECT_NE(found.find("missing.cuh: not a readable file"), std::string::npos) << found;
  EXPECT_NE(
      found.find(
          "26: code block kernels.cuh#twice: kernels.cuh: region \"twice\" begins twice (lines 23 and 26)"),
      std::string::npos)
      << found;
  EXPECT_NE(found.find("53: fact \"load.spreed\": unknown fact \"load.spreed\""), std::string::npos) << found;
  EXPECT_NE(found.find("76: claims block (recorded/missing.json): unreadable trace: "), std::string::npos)
      << found;

  const docs::Outcome update = docs::update_readme(dir.readme());
  EXPECT_EQ(update.problems.size(), 5u) << messages(update);
  EXPECT_FALSE(update.rewritten);
  EXPECT_EQ(dir.readme_text(), text);
}

TEST(Readme, RegionNeverClosed) {
  LessonDir dir;
  dir.write_readme(replaced(dir.readme_text(), "kernels.cuh#outer", "kernels.cuh#unclosed"));
  EXPECT_NE(messages(docs::check_readme(dir.readme())).find("region \"unclosed\" is never closed"),
            std::string::npos);
}

TEST(Readme, BlocksNeedATrace) {
  LessonDir dir;
  dir.write_readme(replaced(dir.readme_text(), "<!-- trace: recorded/trace.json -->\n", ""));
  const std::string found = messages(docs::check_readme(dir.readme()));
  EXPECT_NE(found.find("58: claims block: no trace to read: add <!-- trace: recorded/NAME.json -->"),
            std::string::npos)
      << found;
  EXPECT_NE(found.find("0: no <!-- trace: recorded/NAME.json --> marker"), std::string::npos) << found;
}

TEST(Readme, TheClaimsSectionHoldsAClaimsBlock) {
  LessonDir dir;
  std::string text = dir.readme_text();
  for (const char* opening : {"<!-- claims: recorded/other.json -->", "<!-- claims -->"}) {
    const size_t begin = text.find(opening), end = text.find("<!-- /claims -->\n", begin) + 17;
    text.erase(begin, end - begin);
  }
  dir.write_readme(text);
  EXPECT_EQ(messages(docs::check_readme(dir.readme())),
            "57: section \"## What the documentation claims and what we measured\" has no <!-- claims --> "
            "block: the claims table is generated from the trace\n");
}

TEST(Readme, UnreadableReadme) {
  LessonDir dir;
  EXPECT_NE(messages(docs::check_readme((dir.root() / "NOPE.md").string())).find("0: "), std::string::npos);
  EXPECT_NE(messages(docs::update_readme(dir.root().string())).find("not a readable file"),
            std::string::npos);
}

TEST(Readme, AChapterReadmeNeedsItsBlocksOnly) {
  LessonDir dir;
  const std::string fact = "<!-- fact: recorded/other.json#device.summary -->";
  const std::string text = dir.readme_text();
  const size_t begin = text.find(fact), end = text.find("<!-- /fact -->", begin) + 14;
  ASSERT_NE(begin, std::string::npos);
  dir.write_readme("# A chapter\n\nThe ladder ran on " + text.substr(begin, end - begin) + ".\n");
  EXPECT_EQ(messages(docs::check_readme(dir.readme(), docs::Outline::chapter)), "");
  EXPECT_NE(messages(docs::check_readme(dir.readme())).find("no <!-- trace: recorded/NAME.json --> marker"),
            std::string::npos);
  dir.write_readme("# A chapter\n\nThe ladder ran on " + fact + "stale<!-- /fact -->.\n");
  EXPECT_NE(messages(docs::check_readme(dir.readme(), docs::Outline::chapter)).find("stale"),
            std::string::npos);
}
