// README files are untrusted: mangled copies of the fixture never crash the tool, every block
// found lies inside the file, and whatever --update accepts, --check then finds current.
#include <gtest/gtest.h>

#include <random>

#include "docs/headings.hpp"
#include "docs/markers.hpp"
#include "docs/readme.hpp"
#include "lesson_dir.hpp"

namespace docs = gridlock::docs;
using docs::testing::LessonDir;

namespace {

const char* const kFragments[] = {"<!--",
                                  "-->",
                                  "<!-- fact: ",
                                  "<!-- /fact -->",
                                  "<!-- claims -->",
                                  "<!-- /claims -->",
                                  "<!-- code: kernels.cuh#",
                                  "<!-- /code -->",
                                  "<!-- trace: ",
                                  "```",
                                  "`",
                                  "#",
                                  "\n",
                                  "\r\n",
                                  "## Goal\n",
                                  "|",
                                  "\xff"};

// One random edit: cut a span, insert a fragment, or truncate.
std::string mangled(std::string text, std::mt19937& random) {
  const size_t at = std::uniform_int_distribution<size_t>(0, text.size())(random);
  switch (random() % 3) {
    case 0:
      return text.erase(at, random() % 40);
    case 1:
      return text.insert(at, kFragments[random() % std::size(kFragments)]);
    default:
      return text.substr(0, at);
  }
}

bool is_stale_block(const docs::Problem& p) { return p.message.find(" is stale") != std::string::npos; }

}  // namespace

TEST(Robustness, MangledReadmes) {
  LessonDir dir;
  const std::string fixture = dir.readme_text();
  std::mt19937 random(20261123);
  for (int round = 0; round < 400; ++round) {
    std::string text = fixture;
    for (int edits = 1 + round % 6; edits > 0; --edits) text = mangled(text, random);
    SCOPED_TRACE(text);
    const docs::Markers markers = docs::find_markers(text);
    size_t previous_end = 0;
    for (const docs::Block& block : markers.blocks) {
      EXPECT_LE(previous_end, block.begin);
      EXPECT_LE(block.begin, block.end);
      EXPECT_LE(block.end, text.size());
      previous_end = block.end;
    }
    docs::check_lesson_headings(text);
    dir.write_readme(text);
    if (!docs::update_readme(dir.readme()).problems.empty()) continue;
    for (const docs::Problem& p : docs::check_readme(dir.readme()).problems)
      EXPECT_FALSE(is_stale_block(p)) << p.line << ": " << p.message;
  }
}
