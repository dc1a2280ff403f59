// Find the number you read: every shipped fact that names its origin has a place in the viewer,
// and going there puts the cursor on what the number was taken from: the event whose value it is,
// the end of the span it measures (whose start it names), the step whose snapshot holds it, the
// first of the moments it counts; a series' or a timing's fact opens the view that draws it. And
// every number a README takes from a fact with an origin leads there from the Lesson panel.
#include "model/fact_places.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <set>

#include "docs/trace_text.hpp"
#include "model/document.hpp"
#include "model/markdown.hpp"
#include "model/playback.hpp"
#include "model/step_times.hpp"

namespace gt = gridlock::trace;
namespace fs = std::filesystem;
using namespace gridlock::viewer;

namespace {

std::vector<fs::path> shipped_traces() {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(GRIDLOCK_TEST_LESSONS_DIR))
    if (e.path().extension() == ".json" && e.path().parent_path().filename() == "recorded")
      out.push_back(e.path());
  return out;
}

// The event of `step` at time `t` that the fact is about: the one its origin names.
const gt::Event& event_at(const gt::Trace& t, gt::EventRef r) {
  return t.steps[static_cast<std::size_t>(r.step)].events[static_cast<std::size_t>(r.event)];
}

}  // namespace

TEST(FactPlaces, EveryShippedFactWithAnOriginOpensOnWhatItWasTakenFrom) {
  std::map<gt::FactKind, int> checked;
  for (const fs::path& path : shipped_traces()) {
    const gt::Trace t = gt::read_file(path.string());
    for (const auto& [key, f] : t.fact_values) {
      SCOPED_TRACE(path.filename().string() + " " + key);
      const std::optional<FactPlace> place = fact_place(t, key);
      if (f.kind == gt::FactKind::event_count && f.value == 0) {  // nothing counted: nowhere to go
        EXPECT_FALSE(place.has_value());
        continue;
      }
      if (f.kind == gt::FactKind::parameter || f.kind == gt::FactKind::launch_grid ||
          f.kind == gt::FactKind::report_count || f.kind == gt::FactKind::report_sites) {
        EXPECT_FALSE(place.has_value());  // a setting of the run, or a report beside it: no moment to go to
        continue;
      }
      ASSERT_TRUE(place.has_value());
      EXPECT_FALSE(place->where.empty());
      ++checked[f.kind];
      if (!place->view.empty()) {
        // The view that draws it is there: a series draws as a histogram, a timing in the timings.
        EXPECT_TRUE(place->view == "histogram" ? !t.series.empty()
                                               : place->view == "timings" && !t.timings.empty())
            << place->view;
        // ...and the view is told which series or timing holds the number, to bring it into sight.
        EXPECT_EQ(place->item, place->view == "histogram" ? f.series : f.timing);
        continue;
      }
      // The cursor as a window would put it: the step, then the moment.
      Playback p(step_times(t));
      if (place->time_ns)
        p.seek(place->step, *place->time_ns);
      else
        p.seek(place->step);
      EXPECT_EQ(p.step(), place->step);
      switch (f.kind) {
        case gt::FactKind::duration: {
          const gt::Event& end = event_at(t, f.end);
          EXPECT_EQ(p.time_ns(), end.t_ns);
          EXPECT_EQ(double(end.t_ns - event_at(t, f.start).t_ns), f.value);
          break;
        }
        case gt::FactKind::event_value: {
          const gt::Event& e = event_at(t, f.at);
          EXPECT_EQ(p.time_ns(), e.t_ns);
          EXPECT_EQ(e.value, f.value);
          break;
        }
        case gt::FactKind::event_rate:
        case gt::FactKind::series_share:  // at the end of the span the rate or share is over
          EXPECT_EQ(p.time_ns(), event_at(t, f.end).t_ns);
          break;
        case gt::FactKind::most_at_once: {  // where the most came to be open: an event of the kind
          const gt::Event& e = event_at(t, f.at);
          EXPECT_EQ(p.time_ns(), e.t_ns);
          EXPECT_EQ(e.category, f.category);
          break;
        }
        case gt::FactKind::event_block:
        case gt::FactKind::event_sm: {
          // On the event, whose row is the block (or SM) the number names.
          const gt::Event& e = event_at(t, f.at);
          EXPECT_EQ(p.time_ns(), e.t_ns);
          const gt::Track* row = t.find_track(e.track);
          ASSERT_NE(row, nullptr);
          EXPECT_EQ(f.kind == gt::FactKind::event_block ? row->block : row->sm, f.value);
          break;
        }
        case gt::FactKind::event_count:
          EXPECT_TRUE(place->time_ns.has_value());
          break;
        default:  // a snapshot's value: the step whose snapshot holds it
          EXPECT_EQ(place->step, f.step);
      }
    }
  }
  for (const auto& [kind, n] : checked) std::cout << gt::to_string(kind) << ": " << n << " facts opened\n";
  EXPECT_GE(checked.size(), 6u);
}

TEST(FactPlaces, AFactWithoutAnOriginHasNoPlace) {
  // The configuration's name: a word, with no moment of the run behind it.
  const gt::Trace fast = gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                                       "/reduction/reduce-fast/recorded/reduce-fast.json");
  ASSERT_TRUE(fast.facts.count("config"));
  ASSERT_FALSE(fast.fact_values.count("config"));
  EXPECT_FALSE(fact_place(fast, "config").has_value());
  const gt::Trace t = gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                                    "/streams/concurrent-kernels/recorded/concurrent-kernels.json");
  const std::optional<FactPlace> masks = fact_place(t, "recorded.masks");  // a list: its series
  ASSERT_TRUE(masks.has_value());
  EXPECT_EQ(masks->view, "histogram");
  EXPECT_FALSE(fact_place(t, "no.such.fact").has_value());
  const std::optional<FactPlace> span = fact_place(t, "recorded.span");
  ASSERT_TRUE(span.has_value());
  EXPECT_NE(span->where.find("the end of the span"), std::string::npos) << span->where;
}

namespace {

// A README number as the Lesson panel parses it: the marker's text, and the marker.
struct ReadmeNumber {
  fs::path readme;
  std::string text;
  std::string spec;
};

// Every number of every README (the top one's and every lesson's and chapter's), in paragraphs,
// items and table cells.
std::vector<ReadmeNumber> readme_numbers() {
  std::vector<fs::path> readmes = {fs::path(GRIDLOCK_SOURCE_DIR) / "README.md"};
  for (const auto& e : fs::recursive_directory_iterator(GRIDLOCK_TEST_LESSONS_DIR))
    if (e.path().filename() == "README.md" && e.path().string().find("/common/") == std::string::npos)
      readmes.push_back(e.path());
  std::vector<ReadmeNumber> out;
  for (const fs::path& readme_path : readmes)
    for (const MdBlock& block : parse_markdown(read_text_file(readme_path.string()))) {
      for (const MdSpan& span : block.spans)
        if (!span.fact.empty()) out.push_back({readme_path, span.text, span.fact});
      for (std::size_t r = 0; r < block.cell_facts.size(); ++r)
        for (std::size_t c = 0; c < block.cell_facts[r].size(); ++c)
          if (!block.cell_facts[r][c].empty())
            out.push_back({readme_path, block.rows[r][c], block.cell_facts[r][c]});
    }
  return out;
}

// The traces the READMEs read, each read once.
const gt::Trace& trace_of(std::map<std::string, gt::Trace>& traces, const std::string& path) {
  auto found = traces.find(path);
  if (found == traces.end()) found = traces.emplace(path, gt::read_file(path)).first;
  return found->second;
}

}  // namespace

// The Lesson panel's links: every README number (a fact marker's text, as the panel parses it) of
// a fact that names its origin resolves to its trace and key, reads what the trace says, and has
// a place; the panel links those of the trace shown, so opening that trace and following the link
// is FactPlaces' first test, above, and a number of another trace opens that trace on the same
// place. A marker that resolves to no trace fails.
TEST(FactPlaces, EveryReadmeNumberWithAnOriginLeadsToItsPlace) {
  std::map<std::string, gt::Trace> traces;
  int markers = 0, linked = 0;
  for (const ReadmeNumber& n : readme_numbers()) {
    SCOPED_TRACE(n.readme.string() + ": " + n.spec);
    ++markers;
    const std::string readme = read_text_file(n.readme.string());
    const std::optional<FactLink> link = resolve_fact_link(readme, n.readme.string(), n.spec);
    ASSERT_TRUE(link.has_value());
    const gt::Trace& t = trace_of(traces, link->trace_path);
    // The README tool reads it: a fact of the trace, or a built-in of the run's header.
    EXPECT_NO_THROW(gridlock::docs::fact_text(t, link->key)) << link->trace_path;
    if (!t.facts.count(link->key) || !t.fact_values.count(link->key)) continue;
    // What the reader clicks is what the trace holds, and it leads where the number came from.
    EXPECT_EQ(n.text, t.facts.at(link->key));
    const std::optional<FactPlace> place = fact_place(t, link->key);
    const gt::FactKind kind = t.fact_values.at(link->key).kind;
    if (kind == gt::FactKind::event_count && t.fact_values.at(link->key).value == 0) continue;
    if (kind == gt::FactKind::parameter || kind == gt::FactKind::launch_grid ||
        kind == gt::FactKind::report_count || kind == gt::FactKind::report_sites)
      continue;  // a setting, or a report beside the trace
    ASSERT_TRUE(place.has_value());
    ++linked;
  }
  std::cout << markers << " README numbers read from traces; " << linked
            << " lead to where they were taken\n";
  EXPECT_GT(markers, 400);
  EXPECT_GT(linked, 80);
}

// Find the number you read: a README number of a GPU's run that names a time ("2.14 µs") or a
// block, turn, step, lane or SM ("block 256") carries its origin, so that it is a link. The
// numbers that do not yet are listed here with why; the list holds exactly those, so a number that
// gains its origin, or a new one without, fails until the list says so.
TEST(FactPlaces, EveryReadmeTimeOrBlockOfARunLeadsToIt) {
  const std::map<std::string, std::string> not_linked = {
      {"reduce-warp-shuffle.json#halving_product.first",
       "the first wrong lane over 200 runs of the benchmark"},
      {"reduce-warp-volatile-noncommutative.json#commutative_pattern.first",
       "the first wrong lane over 200 runs of the benchmark"},
      {"stream-wait-event.json#recorded.host_free", "not yet: the lesson records it as text"},
      {"stream-wait-event.json#recorded.producer", "not yet: the lesson records it as text"},
      {"stream-wait-event.json#recorded.gap", "not yet: the lesson records it as text"},
      {"stream-wait-event.json#one.wait_call", "a host call's duration over 20 runs, not one event"},
      {"stream-wait-event.no-wait.json#recorded.gap",
       "negative: the consumer began before the producer ended"},
      {"stream-wait-event.two-gpu.json#two.copy_source", "not yet: recorded on two GPUs, as text"},
      {"stream-wait-event.two-gpu.json#two.copy_destination", "not yet: recorded on two GPUs, as text"},
      {"reduce-multi-gpu.json#recorded.kernel0", "not yet: recorded on two GPUs, as text"},
      {"reduce-multi-gpu.json#recorded.kernel1", "not yet: recorded on two GPUs, as text"},
      {"reduce-multi-gpu.json#recorded.host_ahead", "not yet: recorded on two GPUs, as text"},
      {"reduce-multi-gpu.json#recorded.wait", "not yet: recorded on two GPUs, as text"},
      {"reduce-multi-gpu.json#recorded.first_to_total", "not yet: recorded on two GPUs, as text"},
  };
  const std::regex names_a_time(R"(^-?[0-9][0-9.,]*\s?(\xC2\xB5s|ns|ms)$)");
  const std::regex names_a_place(R"((^|\W)(block|turn|step|lane|warp|thread|SM) [0-9]+)");
  std::map<std::string, gt::Trace> traces;
  std::set<std::string> unlinked;
  int linked = 0;
  for (const ReadmeNumber& n : readme_numbers()) {
    if (n.readme.string().find("/fixtures/") != std::string::npos) continue;
    const std::string readme = read_text_file(n.readme.string());
    const std::optional<FactLink> link = resolve_fact_link(readme, n.readme.string(), n.spec);
    ASSERT_TRUE(link.has_value()) << n.spec;
    const gt::Trace& t = trace_of(traces, link->trace_path);
    if (t.producer.kind != gt::ProducerKind::gpu || !t.facts.count(link->key)) continue;
    const std::string& text = t.facts.at(link->key);
    if (!std::regex_search(text, names_a_time) && !std::regex_search(text, names_a_place)) continue;
    if (t.fact_values.count(link->key)) {
      ++linked;
      continue;
    }
    unlinked.insert(fs::path(link->trace_path).filename().string() + "#" + link->key);
  }
  for (const std::string& u : unlinked)
    EXPECT_TRUE(not_linked.count(u)) << u << " names a time or a block as text alone: give it its origin";
  for (const auto& [key, why] : not_linked)
    EXPECT_TRUE(unlinked.count(key)) << key << " is listed as not linked (" << why << ") but is";
  std::cout << linked << " README times and blocks of a run lead to it; " << unlinked.size()
            << " do not yet\n";
  EXPECT_GT(linked, 30);
}
