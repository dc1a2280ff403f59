// Messages for stale blocks: where they differ, and long lines shortened on a character boundary.
#include "docs/stale.hpp"

#include <gtest/gtest.h>

namespace docs = gridlock::docs;

TEST(Stale, LongLinesAreShortenedBetweenCharacters) {
  const docs::Block fact{docs::BlockKind::fact, 1, "", "k", 0, 0};
  const std::string long_value = std::string(159, 'x') + "µs and more";  // 'µ' spans bytes 160 and 161
  const std::string message = docs::stale_message(fact, long_value, "y");
  EXPECT_NE(message.find("expected \"" + std::string(159, 'x') + "…\""), std::string::npos) << message;
}

TEST(Stale, ALongerBlockSaysWhereTheOtherEnds) {
  const docs::Block claims{docs::BlockKind::claims, 1, "", "", 0, 0};
  EXPECT_EQ(docs::stale_message(claims, "a\n", "a\nb\n"),
            "claims block is stale: line 2 of the block differs\n"
            "  expected: (the block ends)\n"
            "  found:    \"b\"\n"
            "  (run gridlock-readme --update)");
}
