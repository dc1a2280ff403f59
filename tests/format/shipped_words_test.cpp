#include <algorithm>
#include <cctype>
// The words of the shipped traces agree with what they recorded (check_words, inside check_truth),
// and the checker is known to look: every number a rule reads, changed in the shipped fields that
// use the rule, gives a problem, and a live set moved onto a consumed item gives one too.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "shipped_lessons.hpp"
#include "trace/trace.hpp"
#include "trace/words.hpp"

namespace fs = std::filesystem;
namespace tr = gridlock::trace;

namespace {

std::vector<tr::Trace> shipped_traces() {
  std::vector<tr::Trace> out;
  for (const fs::path& p : shipped_trace_paths()) out.push_back(tr::read_file(p.string()));
  return out;
}

// The numbers of a phrase that no rule compares with the run, by position: what they say is not
// recorded in a form the checker can read (an item's index, a kernel's number, a pc).
const std::map<std::string, std::set<size_t>> kNotRead = {
    {"item # (cost #)", {0}},
    {"kernel # starts: # kernels at once", {0}},
    {"check out: 0x% -> 0x%", {0}},
    {"kernel #: # blocks; the values of the first # of # elements", {0, 2, 3}},
    {"tree level #, size #", {0}},
    {"block #: load # of #, in[#..#]", {3, 4}},
    {"# blocks, # elements each", {1}},
};

size_t placeholders(const std::string& phrase) {
  size_t n = 0;
  for (char c : phrase) n += c == '#' || c == '%';
  return n;
}

std::string& field_text(tr::Trace& t, const tr::WordField& f) {
  tr::Step& s = t.steps[f.step];
  if (f.kind == tr::WordKind::detail) return s.detail;
  if (f.kind == tr::WordKind::note) return s.note;
  return s.events[f.event].name;
}

std::vector<std::string> words_problems(const tr::Trace& t) {
  std::vector<std::string> problems;
  tr::check_words(t, problems);
  return problems;
}

}  // namespace

TEST(ShippedWords, EveryNumberARuleReadsIsCheckedAgainstTheRun) {
  const std::vector<tr::Trace> traces = shipped_traces();
  ASSERT_FALSE(traces.empty());
  std::map<std::string, int> tried;  // phrase -> fields changed
  for (const tr::Trace& original : traces) {
    ASSERT_TRUE(words_problems(original).empty()) << original.lesson_id << " " << original.variant;
    for (const tr::WordField& f : tr::word_fields(original)) {
      if (tried[f.phrase] >= 2) continue;  // two fields of each phrase, from the first traces using it
      ++tried[f.phrase];
      const auto not_read = kNotRead.find(f.phrase);
      for (size_t position = 0; position < placeholders(f.phrase); ++position) {
        if (not_read != kNotRead.end() && not_read->second.count(position)) continue;
        tr::Trace changed = original;
        std::string& text = field_text(changed, f);
        const std::string before = text;
        // A number no run of this size can mean: far from every count, index and value it holds.
        text = tr::with_number(f.phrase, before, position, 987654321);
        ASSERT_NE(text, before) << f.phrase;
        EXPECT_FALSE(words_problems(changed).empty())
            << original.lesson_id << " " << original.variant << ", steps[" << f.step << "] "
            << tr::to_string(f.kind) << " \"" << before << "\" changed to \"" << text << "\" (number "
            << position << " of \"" << f.phrase << "\") passes the checker";
      }
    }
  }
  EXPECT_GE(tried.size(), 30u) << "fewer phrases in use than the checker knows";
  for (const auto& [phrase, n] : tried)
    std::cout << "  changed " << n << " field(s) of \"" << phrase << "\"\n";
}

TEST(ShippedWords, ALiveSetOnAConsumedItemIsCaught) {
  int moved = 0;
  for (const tr::Trace& original : shipped_traces()) {
    for (size_t si = 0; si < original.steps.size() && moved < 40; ++si) {
      const tr::Step& s = original.steps[si];
      if (s.live.empty()) continue;
      // An operand of this step that the step consumed: read for another item, not written.
      for (const tr::Operation& o : s.ops) {
        if (o.op == tr::Operator::copy || o.b.empty() || o.b_buffer < 0) continue;
        bool written = false;
        for (const tr::Operation& w : s.ops)
          for (int64_t d : w.dst) written |= w.dst_buffer == o.b_buffer && d == o.b[0];
        if (written || o.b[0] < 0 || o.b[0] == o.dst[0]) continue;
        tr::Trace changed = original;
        changed.steps[si].live = {{o.b_buffer, o.b[0], 1, 1}};
        EXPECT_FALSE(words_problems(changed).empty())
            << original.lesson_id << " steps[" << si << "]: a live set on consumed item " << o.b[0]
            << " passes";
        ++moved;
        break;
      }
    }
  }
  EXPECT_GT(moved, 10);
}

// A counter's closing value after the kernel (racy-counter adds one where writes shared the last
// tick) is not one of the writes the steps before it count.
TEST(ShippedWords, AClosingCounterAfterTheKernelIsNotAWrite) {
  for (tr::Trace t : shipped_traces()) {
    if (t.lesson_id != "racy-counter" || t.variant != "racy") continue;
    tr::Step& after = t.steps.back();
    ASSERT_EQ(after.detail, "after the kernel");
    const tr::Event* write = nullptr;
    for (const tr::Step& s : t.steps)
      for (const tr::Event& e : s.events)
        if (e.kind == tr::EventKind::counter) write = &e;
    ASSERT_NE(write, nullptr);
    after.events.push_back(*write);
    EXPECT_TRUE(words_problems(t).empty()) << t.variant;
    return;
  }
  FAIL() << "no racy-counter trace of the racy variant";
}

TEST(ShippedWords, Coverage) {
  std::map<tr::WordKind, tr::WordCoverage> total;
  for (const tr::Trace& t : shipped_traces())
    for (const tr::WordCoverage& c : tr::word_coverage(t)) {
      total[c.kind].kind = c.kind;
      total[c.kind].stated += c.stated;
      total[c.kind].checked += c.checked;
    }
  for (const auto& [kind, c] : total) {
    std::cout << "  " << tr::to_string(kind) << ": " << c.checked << " of " << c.stated
              << " fields with numbers read by a rule\n";
    EXPECT_GT(c.checked, 0) << tr::to_string(kind);
  }
  // The shapes of what is left unread (numbers as '#'), most frequent first.
  std::map<std::string, int> shapes;
  for (const tr::Trace& t : shipped_traces())
    for (const tr::UnreadWord& w : tr::unread_words(t)) {
      std::string shape = std::string(tr::to_string(w.kind)) + ": ";
      for (char ch : w.text)
        if (!std::isdigit(static_cast<unsigned char>(ch)) || shape.back() != '#')
          shape += std::isdigit(static_cast<unsigned char>(ch)) ? '#' : ch;
      ++shapes[shape];
    }
  std::vector<std::pair<int, std::string>> ranked;
  for (const auto& [shape, n] : shapes) ranked.push_back({n, shape});
  std::sort(ranked.rbegin(), ranked.rend());
  for (size_t i = 0; i < ranked.size() && i < 40; ++i)
    std::cout << "  unread " << ranked[i].first << "x  " << ranked[i].second.substr(0, 160) << "\n";
}
