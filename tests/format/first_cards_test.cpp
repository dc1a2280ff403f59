// The gallery shows each lesson's classroom-sized trace first. Its verdicts must not say the
// opposite of the full-sized trace of the same variant: a claim confirmed on one card and
// contradicted on the other fails here, whatever notice either carries. A verdict may read
// not_observable on one of them (the classroom size cannot show every effect).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "shipped_lessons.hpp"
#include "trace/trace.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;

namespace {

bool is_classroom(const fs::path& p) { return p.stem().extension() == ".classroom"; }

// The full-sized traces of a lesson's folder, by the variant they recorded.
std::map<std::string, fs::path> full_traces_by_variant(const fs::path& recorded) {
  std::map<std::string, fs::path> out;
  for (const auto& entry : fs::directory_iterator(recorded)) {
    if (entry.path().extension() != ".json" || is_classroom(entry.path())) continue;
    out[tr::read_file(entry.path().string()).variant] = entry.path();
  }
  return out;
}

bool opposite(tr::Verdict a, tr::Verdict b) {
  return (a == tr::Verdict::confirmed && b == tr::Verdict::contradicted) ||
         (a == tr::Verdict::contradicted && b == tr::Verdict::confirmed);
}

}  // namespace

TEST(FirstCards, VerdictsAgreeWithTheFullTraceOfTheSameVariant) {
  int compared = 0;
  for (const tr::LessonEntry& lesson : shipped_lessons()) {
    const fs::path recorded = fs::path(lesson.folder) / "recorded";
    const fs::path card = recorded / (lesson.id + ".classroom.json");
    if (!fs::exists(card)) continue;
    SCOPED_TRACE(card.string());
    const tr::Trace first = tr::read_file(card.string());
    const std::map<std::string, fs::path> full = full_traces_by_variant(recorded);
    const auto same_variant = full.find(first.variant);
    ASSERT_NE(same_variant, full.end()) << "no full-sized trace of variant \"" << first.variant << "\"";
    const tr::Trace whole = tr::read_file(same_variant->second.string());
    std::map<std::string, const tr::Claim*> by_id;
    for (const tr::Claim& c : whole.claims) by_id[c.id] = &c;
    for (const tr::Claim& c : first.claims) {
      const auto other = by_id.find(c.id);
      if (other == by_id.end()) continue;
      ++compared;
      EXPECT_FALSE(opposite(c.verdict, other->second->verdict))
          << c.id << " reads " << tr::to_string(c.verdict) << " on the first card (" << c.measurement
          << ") and " << tr::to_string(other->second->verdict) << " in " << same_variant->second.filename()
          << " (" << other->second->measurement << ")";
    }
  }
  EXPECT_GT(compared, 0) << "no classroom trace was compared";
}

// The rule itself: confirmed against contradicted is a disagreement, not_observable is none.
TEST(FirstCards, OnlyConfirmedAgainstContradictedDisagrees) {
  EXPECT_TRUE(opposite(tr::Verdict::confirmed, tr::Verdict::contradicted));
  EXPECT_TRUE(opposite(tr::Verdict::contradicted, tr::Verdict::confirmed));
  EXPECT_FALSE(opposite(tr::Verdict::confirmed, tr::Verdict::not_observable));
  EXPECT_FALSE(opposite(tr::Verdict::not_observable, tr::Verdict::contradicted));
  EXPECT_FALSE(opposite(tr::Verdict::confirmed, tr::Verdict::confirmed));
}
