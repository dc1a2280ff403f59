// Claims' badges: a confirmation whose point is a silent wrong result is told apart.
#include "model/verdict_badge.hpp"

#include <gtest/gtest.h>

namespace gv = gridlock::viewer;
namespace tr = gridlock::trace;

namespace {

tr::Claim claim(const std::string& statement, tr::Verdict verdict) {
  tr::Claim c;
  c.id = "X.test";
  c.statement = statement;
  c.verdict = verdict;
  return c;
}

}  // namespace

TEST(VerdictBadge, ASilentWrongResultThatIsConfirmedHasItsOwnBadge) {
  // Statements of the shipped lessons (L1, R6, R2, S1).
  for (const char* s :
       {"Counting blocks by having thread 0 of each do count = count + 1, with no lock, returns a "
        "wrong result.",
        "shArr must be volatile: otherwise the compiler may keep the values in registers, other "
        "threads do not see them, and the result is wrong.",
        "Only a commutative operator may be combined in another pattern: R1's halving tree with a "
        "matrix product gives a different answer.",
        "The record's address must come from cudaGetSymbolAddress(): &g_kernelData in host code "
        "does not give the device address."}) {
    EXPECT_EQ(gv::badge_of(claim(s, tr::Verdict::confirmed)), gv::Badge::confirmed_silent) << s;
    EXPECT_EQ(gv::badge_of(claim(s, tr::Verdict::contradicted)), gv::Badge::contradicted) << s;
  }
}

TEST(VerdictBadge, PlainConfirmationsAndHangsStayConfirmed) {
  for (const char* s :
       {"One block (strided load, then a halving tree with one __syncthreads() per level) returns the right "
        "sum.",
        "Every thread of every block taking the lock deadlocks, because the lanes of a warp run in lockstep.",
        "The same barrier cannot complete when the grid is larger than the GPU holds at once."}) {
    EXPECT_EQ(gv::badge_of(claim(s, tr::Verdict::confirmed)), gv::Badge::confirmed) << s;
  }
  EXPECT_EQ(gv::badge_of(claim("returns a wrong result", tr::Verdict::not_observable)),
            gv::Badge::not_observable);
}

TEST(VerdictBadge, WordsAndMeanings) {
  EXPECT_STREQ(gv::badge_words(gv::Badge::confirmed), "confirmed");
  EXPECT_STREQ(gv::badge_words(gv::Badge::confirmed_silent), "confirmed: fails silently");
  EXPECT_STREQ(gv::badge_words(gv::Badge::contradicted), "contradicted");
  EXPECT_NE(std::string(gv::badge_meaning(gv::Badge::confirmed_silent)).find("without any error"),
            std::string::npos);
}
