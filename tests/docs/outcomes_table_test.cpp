// The outcomes block: model runs explored while the README is written, one row a run; a run the
// explorer refuses or does not finish is an error, never a row.
#include "docs/outcomes_table.hpp"

#include <gtest/gtest.h>

#include "docs/problem.hpp"

namespace docs = gridlock::docs;

TEST(OutcomesTable, OneRowARunWithItsOutcomeSet) {
  const std::string table =
      docs::outcomes_table("racy-counter --blocks 2; racy-counter-atomic --blocks 2 --sms 1");
  EXPECT_NE(table.find("| `racy-counter` | 2 blocks on 2 SMs | every rule | "), std::string::npos) << table;
  EXPECT_NE(table.find("| complete | count = 1: 1 update lost; count = 2: exact |"), std::string::npos)
      << table;
  EXPECT_NE(table.find("| `racy-counter-atomic` | 2 blocks on 1 SM | every rule | "), std::string::npos)
      << table;
  EXPECT_NE(table.find("| complete | count = 2: exact |"), std::string::npos) << table;
}

// The search's bounds, the states it kept and its deepest run stand beside the outcome set: it is
// complete within them.
TEST(OutcomesTable, TheBoundAndTheDepthAreStated) {
  const std::string table = docs::outcomes_table("racy-counter --blocks 2 --depth 50 --max-states 1000");
  EXPECT_NE(table.find("| 50 moves, 1000 states | 59 | 10 moves | complete |"), std::string::npos) << table;
}

// A lock every lane takes, in lockstep: the run that can never end is an outcome of its own.
TEST(OutcomesTable, AHangIsAnOutcome) {
  const std::string table = docs::outcomes_table("lock-in-every-thread --blocks 1 --lanes 2 --lockstep");
  EXPECT_NE(table.find("1 block of 2 threads on 1 SM, warps in lockstep"), std::string::npos) << table;
  EXPECT_NE(table.find("| complete | never ends |"), std::string::npos) << table;
}

TEST(OutcomesTable, RulesLeftOutAreNamed) {
  const std::string table = docs::outcomes_table("documented-lock --blocks 2 --no-fills --in-order-atomics");
  EXPECT_NE(table.find("| lines filled by loads only; atomics after the SM's writes |"), std::string::npos)
      << table;
}

TEST(OutcomesTable, RefusesWhatItCannotStateWhole) {
  EXPECT_THROW(docs::outcomes_table("no-such-kernel"), docs::DocsError);
  EXPECT_THROW(docs::outcomes_table("racy-counter --blocks 0"), docs::DocsError);
  EXPECT_THROW(docs::outcomes_table(""), docs::DocsError);
  try {
    docs::outcomes_table("documented-lock --depth 3");
    FAIL() << "a run stopped at its depth bound was written";
  } catch (const docs::DocsError& e) {
    EXPECT_NE(std::string(e.what()).find("stopped at the depth bound"), std::string::npos) << e.what();
  }
}
