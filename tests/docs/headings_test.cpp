// The six fixed sections of a lesson README.
#include "docs/headings.hpp"

#include <gtest/gtest.h>

namespace docs = gridlock::docs;

namespace {

std::string outline(const std::vector<std::string>& headings, const std::string& body = "Some text.\n") {
  std::string text = "# Lesson\n\n";
  for (const std::string& h : headings) text += h + "\n\n" + body + "\n";
  return text;
}

const std::vector<std::string> kAll = {"## Goal",
                                       "## The technique",
                                       "## Run it",
                                       "## What to look for in the viewer",
                                       "## What the documentation claims and what we measured",
                                       "## Exercises"};

std::string messages(const std::vector<docs::Problem>& problems) {
  std::string out;
  for (const docs::Problem& p : problems) out += std::to_string(p.line) + ": " + p.message + "\n";
  return out;
}

}  // namespace

TEST(Headings, AllSixInOrder) { EXPECT_EQ(messages(docs::check_lesson_headings(outline(kAll))), ""); }

TEST(Headings, SubsectionsAndOtherSectionsAreAllowed) {
  std::vector<std::string> headings = kAll;
  headings.insert(headings.begin() + 2, "## Background");
  std::string text = outline(headings);
  text.insert(text.find("## Run it"), "### Detail\n\nMore.\n\n");
  EXPECT_EQ(messages(docs::check_lesson_headings(text)), "");
}

TEST(Headings, Missing) {
  std::vector<std::string> headings = kAll;
  headings.erase(headings.begin() + 2);
  EXPECT_EQ(messages(docs::check_lesson_headings(outline(headings))), "0: missing section \"## Run it\"\n");
}

TEST(Headings, OutOfOrder) {
  std::vector<std::string> headings = kAll;
  std::swap(headings[0], headings[1]);
  const std::string found = messages(docs::check_lesson_headings(outline(headings)));
  EXPECT_NE(
      found.find("3: section \"## The technique\" comes before section \"## Goal\"; the order is Goal,"),
      std::string::npos)
      << found;
}

TEST(Headings, Twice) {
  std::vector<std::string> headings = kAll;
  headings.push_back("## Goal");
  EXPECT_EQ(messages(docs::check_lesson_headings(outline(headings))),
            "27: section \"## Goal\" appears twice (first on line 3)\n");
}

TEST(Headings, EmptySection) {
  std::string text = outline(kAll);
  text.replace(text.find("Some text."), 10, "<!-- later -->");
  EXPECT_EQ(messages(docs::check_lesson_headings(text)), "3: section \"## Goal\" has no text\n");
}

TEST(Headings, TemplatePlaceholder) {
  const std::string found = messages(docs::check_lesson_headings(outline(kAll, "(to be written)\n")));
  EXPECT_NE(found.find("5: section \"## Goal\" is still the template's placeholder"), std::string::npos)
      << found;
  EXPECT_NE(found.find("section \"## Exercises\" is still the template's placeholder"), std::string::npos);
}

TEST(Headings, HeadingsInCodeDoNotCount) {
  std::string text = outline(kAll);
  text.insert(text.find("## Run it"), "```\n## Exercises\n```\n");
  EXPECT_EQ(messages(docs::check_lesson_headings(text)), "");
}

TEST(Sections, EndWhereTheNextBegins) {
  const std::vector<docs::Section> sections = docs::find_sections("# T\n## A\nx\n### a\n## B\n");
  ASSERT_EQ(sections.size(), 3u);
  EXPECT_EQ(sections[1].heading, "## A");
  EXPECT_EQ(sections[1].line, 2);
  EXPECT_EQ(sections[1].last_line, 4);
  EXPECT_EQ(sections[2].last_line, 5);
}
