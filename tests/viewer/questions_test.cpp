// Predict, then reveal: the questions each shipped first card answers, and that every answer is
// read from the trace (a changed event, snapshot or claim changes it), asked before its outcome.
#include "model/questions.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>

#include "format.hpp"
#include "model/event_markers.hpp"
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

// The event at the other end of `e`'s first incoming flow.
const gt::Event* flow_source(const gt::Trace& t, const gt::Event& e) {
  for (const gt::Step& s : t.steps)
    for (const gt::Event& o : s.events)
      for (int f : o.flows_out)
        if (!e.flows_in.empty() && f == e.flows_in.front()) return &o;
  return nullptr;
}

std::string number(double v) { return gridlock::viewer::format_value(v, false); }

// The lost update: asked one ns before the write, answered with the value it stored and the
// value it replaced; changing the stored value in the trace changes the answer.
TEST(Questions, TheLostUpdateIsAnsweredFromItsEventAndItsFlow) {
  gt::Trace t = recorded("locks/critical-section", "critical-section.classroom.json");
  const gt::Event* lost = first_instant(t, gt::Category::lost_update);
  ASSERT_NE(lost, nullptr);
  const gt::Event* replaced = flow_source(t, *lost);
  ASSERT_NE(replaced, nullptr);
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "writes next");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->kind, QuestionKind::moment);
  EXPECT_EQ(*q->ask_t + 1, lost->t_ns);
  EXPECT_EQ(*q->reveal_t, lost->t_ns);
  const std::string writer = gridlock::viewer::track_name(t, replaced->track);
  EXPECT_EQ(q->answer, number(lost->value) + ": no more than " + writer + "'s " + number(replaced->value) +
                           ", so " + writer + "'s write is lost (a lost update).");
  first_instant(t, gt::Category::lost_update)->value = 987654321;
  const std::vector<Question> changed = trace_questions(t);
  EXPECT_EQ(find(changed, "writes next")->answer.rfind("987654321: ", 0), 0u);
}

// The count read back after the kernel: the last snapshot of the buffer named like the memory
// word, and the number of writes the trace records to it.
TEST(Questions, TheCountIsTheValueReadBackAfterTheKernel) {
  gt::Trace t = recorded("locks/racy-counter", "racy-counter.classroom.json");
  int writes = 0;
  for (const gt::Step& s : t.steps)
    for (const gt::Event& e : s.events) writes += e.kind == gt::EventKind::counter;
  const double read_back = t.steps.back().snapshots.front().values.front();
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "writes to count");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->prompt, "The trace records " + std::to_string(writes) +
                           " writes to count. What does count hold after the kernel?");
  EXPECT_EQ(q->answer, number(read_back) + ", read back after the kernel.");
  t.steps.back().snapshots.front().values.front() = 987654321;
  const std::vector<Question> changed = trace_questions(t);
  EXPECT_EQ(find(changed, "writes to count")->answer, "987654321, read back after the kernel.");
}

// A claim: hidden verdict, answered with the verdict and measurement the trace holds.
TEST(Questions, AClaimIsAnsweredWithItsVerdictAndMeasurement) {
  gt::Trace t = recorded("locks/critical-section", "critical-section.classroom.json");
  std::string measurement;
  for (const gt::Claim& c : t.claims)
    if (c.id == "L2.correct") measurement = c.measurement;
  const std::vector<Question> qs = trace_questions(t);
  const Question* q = find(qs, "the block count is correct");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->kind, QuestionKind::claim);
  EXPECT_EQ(q->claim, "L2.correct");
  EXPECT_EQ(q->answer, "No, contradicted: " + measurement);
  for (gt::Claim& c : t.claims)
    if (c.id == "L2.correct") c.verdict = gt::Verdict::confirmed;
  const std::vector<Question> confirmed = trace_questions(t);
  EXPECT_EQ(find(confirmed, "the block count is correct")->answer, "Yes, confirmed: " + measurement);
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
  EXPECT_EQ(q->answer.rfind("No: the whole state after step", 0), 0u) << q->answer;
  const auto loop =
      trace_questions(recorded("locks/deadlock-lock", "deadlock-lock.lockstep-inside-the-loop.json"));
  ASSERT_NE(q = find(loop, "ever finish"), nullptr);
  EXPECT_EQ(q->answer.rfind("Yes: it completes after", 0), 0u) << q->answer;
}

// The last ticket and the block that drew it; a stale read and a double fetch from their flows.
TEST(Questions, TicketsStaleReadsAndDoubleFetches) {
  gt::Trace guard = recorded("interblock/last-block-guard", "last-block-guard.classroom.json");
  const gt::Event* last = nullptr;
  for (const gt::Step& s : guard.steps)
    for (const gt::Event& e : s.events)
      if (e.kind == gt::EventKind::instant && e.category == gt::Category::ticket &&
          (!last || e.value > last->value))
        last = &e;
  ASSERT_NE(last, nullptr);
  const auto tickets = trace_questions(guard);
  const Question* q = find(tickets, "Which block draws ticket " + number(last->value));
  ASSERT_NE(q, nullptr);
  std::string drawer = gridlock::viewer::track_name(guard, last->track);
  drawer[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(drawer[0])));
  EXPECT_EQ(q->answer, drawer + ".");

  gt::Trace stale_trace = recorded("interblock/last-block-guard", "last-block-guard.stale-read.json");
  const gt::Event* stale = first_instant(stale_trace, gt::Category::stale_read);
  ASSERT_NE(stale, nullptr);
  const gt::Event* store = flow_source(stale_trace, *stale);
  ASSERT_NE(store, nullptr);
  const auto stale_qs = trace_questions(stale_trace);
  ASSERT_NE(q = find(stale_qs, "What will"), nullptr);
  EXPECT_EQ(q->answer, number(stale->value) + ": not the " + number(store->value) + " " +
                           gridlock::viewer::track_name(stale_trace, store->track) +
                           " stored (a stale read).");

  gt::Trace twice_trace = recorded("interblock/work-queue", "work-queue.two-fetches-no-barrier.json");
  const gt::Event* again = first_instant(twice_trace, gt::Category::double_fetch);
  ASSERT_NE(again, nullptr);
  const auto twice = trace_questions(twice_trace);
  ASSERT_NE(q = find(twice, "fetches item " + number(again->value)), nullptr);
  EXPECT_EQ(q->answer.rfind("Yes: ", 0), 0u) << q->answer;
  EXPECT_NE(q->answer.find("item " + number(again->value) + " is worked on twice"), std::string::npos)
      << q->answer;
}
