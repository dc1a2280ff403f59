// Predict, then reveal: the questions each shipped first card answers, and that every answer is
// read from the trace (a changed event, snapshot or claim changes it), asked before its outcome.
#include "model/questions.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "trace/lesson_index.hpp"

namespace gt = gridlock::trace;
namespace fs = std::filesystem;
using namespace gridlock::viewer;

namespace {

gt::Trace recorded(const std::string& lesson, const std::string& file) {
  return gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) + "/" + lesson + "/recorded/" + file);
}

const Question* find(const std::vector<Question>& qs, const std::string& prompt_part) {
  for (const Question& q : qs)
    if (q.prompt.find(prompt_part) != std::string::npos) return &q;
  return nullptr;
}

gt::Event* first_instant(gt::Trace& t, gt::Category category) {
  for (gt::Step& s : t.steps)
    for (gt::Event& e : s.events)
      if (e.kind == gt::EventKind::instant && e.category == category) return &e;
  return nullptr;
}

}  // namespace

// Every lesson's first card (its classroom-sized trace, else its first) asks at least two
// questions, each asked no later than it is revealed.
TEST(Questions, EveryLessonsFirstCardAsksAFew) {
  std::ifstream index(GRIDLOCK_LESSON_INDEX);
  ASSERT_TRUE(index);
  std::vector<std::string> problems;
  const auto lessons =
      gt::parse_lesson_index(index, fs::path(GRIDLOCK_LESSON_INDEX).parent_path().string(), problems);
  int cards = 0;
  for (const gt::LessonEntry& lesson : lessons) {
    const fs::path recorded_dir = fs::path(lesson.folder) / "recorded";
    fs::path card = recorded_dir / (lesson.id + ".classroom.json");
    if (!fs::exists(card)) {
      std::vector<fs::path> files;
      for (const auto& f : fs::directory_iterator(recorded_dir))
        if (f.path().extension() == ".json") files.push_back(f.path());
      std::sort(files.begin(), files.end());
      if (files.empty()) continue;
      card = files.front();
    }
    SCOPED_TRACE(card.string());
    ++cards;
    const std::vector<Question> qs = trace_questions(gt::read_file(card.string()));
    EXPECT_GE(qs.size(), 2u);
    for (const Question& q : qs) {
      EXPECT_FALSE(q.prompt.empty());
      EXPECT_FALSE(q.answer.empty());
      EXPECT_LE(q.ask_step, q.reveal_step) << q.prompt;
      if (q.ask_t && q.reveal_t) {
        EXPECT_LT(*q.ask_t, *q.reveal_t) << q.prompt;
      }
    }
  }
  EXPECT_GE(cards, 19);
}

// The lost update: asked one ns before the write, answered with the value it stored and the
// value it replaced; changing either in the trace changes the answer.
TEST(Questions, TheLostUpdateIsAnsweredFromItsEventAndItsFlow) {
  gt::Trace t = recorded("locks/critical-section", "critical-section.classroom.json");
  const gt::Event* lost = first_instant(t, gt::Category::lost_update);
  ASSERT_NE(lost, nullptr);
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "writes next");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->kind, QuestionKind::moment);
  EXPECT_EQ(*q->ask_t + 1, lost->t_ns);
  EXPECT_EQ(*q->reveal_t, lost->t_ns);
  EXPECT_EQ(q->answer.rfind("7: no more than block 41's 13", 0), 0u) << q->answer;
  first_instant(t, gt::Category::lost_update)->value = 5;
  const std::vector<Question> changed = trace_questions(t);
  EXPECT_EQ(find(changed, "writes next")->answer.rfind("5: ", 0), 0u);
}

// The count read back after the kernel: the last snapshot of the buffer named like the memory
// word, and the number of writes the trace records to it.
TEST(Questions, TheCountIsTheValueReadBackAfterTheKernel) {
  gt::Trace t = recorded("locks/racy-counter", "racy-counter.classroom.json");
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "writes to count");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->prompt, "The trace records 16 writes to count. What does count hold after the kernel?");
  EXPECT_EQ(q->answer, "1, read back after the kernel.");
  t.steps.back().snapshots.front().values.front() = 16;
  const std::vector<Question> changed = trace_questions(t);
  EXPECT_EQ(find(changed, "writes to count")->answer, "16, read back after the kernel.");
}

// A claim: hidden verdict, answered with the verdict and measurement the trace holds.
TEST(Questions, AClaimIsAnsweredWithItsVerdictAndMeasurement) {
  gt::Trace t = recorded("locks/critical-section", "critical-section.classroom.json");
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "the block count is correct");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->kind, QuestionKind::claim);
  EXPECT_EQ(q->claim, "L2.correct");
  EXPECT_EQ(q->answer.rfind("No, contradicted: 0/20 runs exact", 0), 0u) << q->answer;
  for (gt::Claim& c : t.claims)
    if (c.id == "L2.correct") c.verdict = gt::Verdict::confirmed;
  const std::vector<Question> confirmed = trace_questions(t);
  EXPECT_EQ(find(confirmed, "the block count is correct")->answer.rfind("Yes, confirmed", 0), 0u);
  for (gt::Claim& c : t.claims)
    if (c.id == "L2.correct") c.verdict = gt::Verdict::not_observable;
  const std::vector<Question> unobservable = trace_questions(t);
  EXPECT_EQ(find(unobservable, "the block count is correct"), nullptr);
}

// The model: the lockstep warp never finishes, the loop form does.
TEST(Questions, TheModelsWarpFinishesOrNotAsTheModelSays) {
  const Question* q = nullptr;
  const auto lockstep = trace_questions(recorded("locks/deadlock-lock", "deadlock-lock.lockstep.json"));
  ASSERT_NE(q = find(lockstep, "ever finish"), nullptr);
  EXPECT_EQ(q->answer.rfind("No: the whole state after step 4 is the state after step 2", 0), 0u)
      << q->answer;
  const auto loop =
      trace_questions(recorded("locks/deadlock-lock", "deadlock-lock.lockstep-inside-the-loop.json"));
  ASSERT_NE(q = find(loop, "ever finish"), nullptr);
  EXPECT_EQ(q->answer.rfind("Yes: it completes after", 0), 0u) << q->answer;
}

// The last ticket and the block that drew it; a stale read and a double fetch from their flows.
TEST(Questions, TicketsStaleReadsAndDoubleFetches) {
  const auto guard =
      trace_questions(recorded("interblock/last-block-guard", "last-block-guard.classroom.json"));
  const Question* q = find(guard, "Which block draws ticket 7");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->answer, "Block 3.");
  const auto stale =
      trace_questions(recorded("interblock/last-block-guard", "last-block-guard.stale-read.json"));
  ASSERT_NE(q = find(stale, "What will block 2007 (the last ticket) read?"), nullptr);
  EXPECT_EQ(q->answer, "3803192: not the 3868728 block 2103 stored (a stale read).");
  const auto twice =
      trace_questions(recorded("interblock/work-queue", "work-queue.two-fetches-no-barrier.json"));
  ASSERT_NE(q = find(twice, "fetches item 287"), nullptr);
  EXPECT_EQ(q->answer.rfind("Yes: block 0 started it first", 0), 0u) << q->answer;
}
