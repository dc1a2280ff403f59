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
      ASSERT_TRUE(place.has_value());
      EXPECT_FALSE(place->where.empty());
      ++checked[f.kind];
      if (!place->view.empty()) {
        // The view that draws it is there: a series draws as a histogram, a timing in the timings.
        EXPECT_TRUE(place->view == "histogram" ? !t.series.empty()
                                               : place->view == "timings" && !t.timings.empty())
            << place->view;
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
  const gt::Trace t = gt::read_file(std::string(GRIDLOCK_TEST_LESSONS_DIR) +
                                    "/locks/critical-section/recorded/critical-section.json");
  ASSERT_TRUE(t.facts.count("recorded.first_stale_read"));
  EXPECT_FALSE(fact_place(t, "recorded.first_stale_read").has_value());
  EXPECT_FALSE(fact_place(t, "no.such.fact").has_value());
  const std::optional<FactPlace> span = fact_place(t, "recorded.span");
  ASSERT_TRUE(span.has_value());
  EXPECT_NE(span->where.find("the end of the span"), std::string::npos) << span->where;
}

// The Lesson panel's links: every README number (a fact marker's text, as the panel parses it) of
// a fact that names its origin resolves to its trace and key, reads what the trace says, and has
// a place; the panel links those of the trace shown, so opening that trace and following the link
// is FactPlaces' first test, above. A marker that resolves to no trace fails.
TEST(FactPlaces, EveryReadmeNumberWithAnOriginLeadsToItsPlace) {
  std::vector<fs::path> readmes = {fs::path(GRIDLOCK_SOURCE_DIR) / "README.md"};
  for (const auto& e : fs::recursive_directory_iterator(GRIDLOCK_TEST_LESSONS_DIR))
    if (e.path().filename() == "README.md" && e.path().string().find("/common/") == std::string::npos)
      readmes.push_back(e.path());
  std::map<std::string, gt::Trace> traces;
  int markers = 0, linked = 0;
  for (const fs::path& readme_path : readmes) {
    const std::string readme = read_text_file(readme_path.string());
    for (const MdBlock& block : parse_markdown(readme)) {
      // The numbers of paragraphs and items, then those of table cells.
      std::vector<MdSpan> numbers = block.spans;
      for (std::size_t r = 0; r < block.cell_facts.size(); ++r)
        for (std::size_t c = 0; c < block.cell_facts[r].size(); ++c) {
          MdSpan cell;
          cell.text = block.rows[r][c];
          cell.fact = block.cell_facts[r][c];
          numbers.push_back(cell);
        }
      for (const MdSpan& span : numbers) {
        if (span.fact.empty()) continue;
        SCOPED_TRACE(readme_path.string() + ": " + span.fact);
        ++markers;
        const std::optional<FactLink> link = resolve_fact_link(readme, readme_path.string(), span.fact);
        ASSERT_TRUE(link.has_value());
        auto found = traces.find(link->trace_path);
        if (found == traces.end())
          found = traces.emplace(link->trace_path, gt::read_file(link->trace_path)).first;
        const gt::Trace& t = found->second;
        // The README tool reads it: a fact of the trace, or a built-in of the run's header.
        EXPECT_NO_THROW(gridlock::docs::fact_text(t, link->key)) << link->trace_path;
        if (!t.facts.count(link->key) || !t.fact_values.count(link->key)) continue;
        // What the reader clicks is what the trace holds, and it leads where the number came from.
        EXPECT_EQ(span.text, t.facts.at(link->key));
        const std::optional<FactPlace> place = fact_place(t, link->key);
        if (t.fact_values.at(link->key).kind == gt::FactKind::event_count &&
            t.fact_values.at(link->key).value == 0)
          continue;
        ASSERT_TRUE(place.has_value());
        ++linked;
      }
    }
  }
  std::cout << markers << " README numbers read from traces; " << linked
            << " lead to where they were taken\n";
  EXPECT_GT(markers, 400);
  EXPECT_GT(linked, 40);
}
