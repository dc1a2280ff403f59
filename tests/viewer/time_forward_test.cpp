// Time that moves forward: the shipped traces of the time-based lessons (every recorded/*.json of
// racy-counter, critical-section, deadlock-lock and concurrent-kernels) played, stepped and
// compared without a window. Each frame's step, time and counters are logged to
// time_forward_<trace>.<test>.log in the working directory. Playing never moves the time back, every
// counter shown is the value the trace recorded at the time shown, → lands on the step's own
// event and never on its launch, and compare mode prints one time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "format.hpp"
#include "model/compare.hpp"
#include "model/playback.hpp"
#include "model/run_timeline.hpp"
#include "model/step_times.hpp"
#include "model/timeline.hpp"

namespace gt = gridlock::trace;
namespace fs = std::filesystem;
using namespace gridlock::viewer;

namespace {

constexpr double kFrameSeconds = 1.0 / 60.0;
constexpr double kSpeed = 4.0;  // steps per second: 15 frames a step

const char* const kLessonDirs[] = {"locks/racy-counter", "locks/critical-section", "locks/deadlock-lock",
                                   "streams/concurrent-kernels"};

std::vector<fs::path> shipped_traces() {
  std::vector<fs::path> paths;
  for (const char* dir : kLessonDirs)
    for (const auto& entry : fs::directory_iterator(fs::path(GRIDLOCK_TEST_LESSONS_DIR) / dir / "recorded"))
      if (entry.path().extension() == ".json") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

// One counter as the trace records it, read straight from the events: no viewer code involved.
struct RecordedCounter {
  int track = 0;
  std::string name;
  std::vector<std::pair<int64_t, double>> samples;  // in time order, ties in the order recorded

  std::optional<double> at(int64_t t) const {
    std::optional<double> value;
    for (const auto& [when, v] : samples)
      if (when <= t) value = v;
    return value;
  }
};

std::vector<RecordedCounter> recorded_counters(const gt::Trace& trace) {
  std::vector<RecordedCounter> counters;
  for (const gt::Step& step : trace.steps)
    for (const gt::Event& e : step.events) {
      if (e.kind != gt::EventKind::counter) continue;
      auto it = std::find_if(counters.begin(), counters.end(), [&](const RecordedCounter& c) {
        return c.track == e.track && c.name == e.name;
      });
      if (it == counters.end()) it = counters.insert(counters.end(), RecordedCounter{e.track, e.name, {}});
      it->samples.emplace_back(e.t_ns, e.value);
    }
  for (RecordedCounter& c : counters)
    std::stable_sort(c.samples.begin(), c.samples.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  return counters;
}

// What the views show for a counter at t: the series of the whole-run timeline the lock and
// timeline views draw, read through counter_value_at.
std::optional<double> shown_counter(const RunTimeline& run, const RecordedCounter& c, int64_t t) {
  for (const RunRow& row : run.rows)
    if (row.track == c.track)
      for (const CounterSeries& series : row.events.counters)
        if (series.name == c.name) return counter_value_at(series, t);
  return std::nullopt;
}

std::string shown_text(const std::optional<double>& v) { return v ? format_value(*v, false) : "-"; }

// The launch's time: the earliest event of any step of the same launch.
int64_t launch_ns(const gt::Trace& trace, int launch) {
  int64_t earliest = INT64_MAX;
  for (const gt::Step& step : trace.steps)
    if (step.launch == launch)
      for (const gt::Event& e : step.events) earliest = std::min(earliest, e.t_ns);
  return earliest;
}

// Whether the run recorded a counter that never falls (a count kept under a working lock): then
// the count shown must never fall either.
bool never_falls(const RecordedCounter& c) {
  for (std::size_t i = 1; i < c.samples.size(); ++i)
    if (c.samples[i].second < c.samples[i - 1].second) return false;
  return true;
}

class ShippedTrace : public ::testing::TestWithParam<fs::path> {
 protected:
  void SetUp() override {
    trace_ = gt::read_file(GetParam().string());
    times_ = step_times(trace_);
    run_ = run_timeline(trace_);
    counters_ = recorded_counters(trace_);
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    log_.open("time_forward_" + GetParam().stem().string() + "." + test.substr(0, test.find('/')) + ".log");
  }

  // Logs the frame and checks that every counter shown is the one recorded at its time.
  void check_frame(const char* what, int frame, const Cursor& cursor) {
    log_ << what << " frame " << frame << " step " << cursor.step << " t_ns " << cursor.t_ns;
    for (const RecordedCounter& c : counters_) {
      const std::optional<double> shown = shown_counter(run_, c, cursor.t_ns);
      log_ << "  " << c.name << " = " << shown_text(shown);
      EXPECT_EQ(shown, c.at(cursor.t_ns))
          << what << " frame " << frame << ": " << c.name << " at t = " << cursor.t_ns << " shows "
          << shown_text(shown) << ", recorded " << shown_text(c.at(cursor.t_ns));
    }
    log_ << "\n";
  }

  gt::Trace trace_;
  StepTimes times_;
  RunTimeline run_;
  std::vector<RecordedCounter> counters_;
  std::ofstream log_;
};

TEST_P(ShippedTrace, PlayingNeverMovesTheTimeBackAndShowsTheRecordedCounts) {
  Playback p(times_);
  p.set_speed(kSpeed);
  p.play();
  ASSERT_TRUE(p.playing());
  Cursor before = p.cursor();
  std::vector<std::optional<double>> counts_before(counters_.size());
  int frame = 0, steps_seen = 1;
  for (; p.playing() && frame < 100000; ++frame) {
    check_frame("play", frame, p.cursor());
    for (std::size_t i = 0; i < counters_.size(); ++i) {
      const std::optional<double> count = shown_counter(run_, counters_[i], p.time_ns());
      if (never_falls(counters_[i]) && counts_before[i] && count) {
        EXPECT_GE(*count, *counts_before[i]) << "frame " << frame << ": " << counters_[i].name << " fell";
      }
      counts_before[i] = count;
    }
    p.advance(kFrameSeconds);
    EXPECT_GE(p.time_ns(), before.t_ns)
        << "frame " << frame << ": the time went back from step " << before.step << " to step " << p.step();
    EXPECT_GE(p.step(), before.step) << "frame " << frame;
    steps_seen += p.step() != before.step;
    before = p.cursor();
  }
  check_frame("play", frame, p.cursor());
  EXPECT_EQ(p.step(), p.last_step()) << "playing stopped before the last step";
  EXPECT_EQ(steps_seen, p.step_count()) << "playing passed over steps";
}

TEST_P(ShippedTrace, StepForwardLandsOnTheStepsOwnEventNotTheLaunch) {
  Playback p(times_);
  for (int k = 0; k < p.step_count(); ++k, p.forward()) {
    ASSERT_EQ(p.step(), k);
    check_frame("step", k, p.cursor());
    const gt::Step& step = trace_.steps[static_cast<std::size_t>(k)];
    if (step.events.empty()) continue;
    const auto own = std::find_if(step.events.begin(), step.events.end(),
                                  [&](const gt::Event& e) { return e.t_ns == p.time_ns(); });
    EXPECT_NE(own, step.events.end()) << "step " << k << ": t = " << p.time_ns() << " is none of its events";
    // At the launch only slices begin (the spins, the blocks' runs), unless the step has
    // something else happen right then (a model's first tick).
    const int64_t launch = launch_ns(trace_, step.launch);
    const bool happens_at_launch = std::any_of(
        step.events.begin(), step.events.end(),
        [&](const gt::Event& e) { return e.t_ns == launch && e.kind != gt::EventKind::slice_begin; });
    if (!happens_at_launch) {
      EXPECT_NE(p.time_ns(), launch) << "step " << k << ": the cursor is on the launch";
    }
    EXPECT_EQ(p.time_ns(), step.events[static_cast<std::size_t>(gt::focus_event(step))].t_ns) << "step " << k;
  }
  // And back again, each step to the same time.
  for (int k = p.last_step(); k > 0; --k) {
    p.back();
    EXPECT_EQ(p.time_ns(), times_.window(k - 1).focus_ns) << "step " << k - 1;
  }
}

TEST_P(ShippedTrace, PlayingOnFromAStepGoesForwardFromItsEvent) {
  Playback p(times_);
  p.set_speed(kSpeed);
  for (int k = 0; k + 1 < p.step_count(); ++k) {
    p.seek(k);
    const int64_t from = p.time_ns();
    p.play();
    p.advance(0.5 / kSpeed);  // half a step
    EXPECT_GE(p.time_ns(), from) << "step " << k;
    EXPECT_EQ(p.step(), k);
    check_frame("resume", k, p.cursor());
  }
}

INSTANTIATE_TEST_SUITE_P(Recorded, ShippedTrace, ::testing::ValuesIn(shipped_traces()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = info.param.stem().string();
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
                           return name;
                         });

// Two runs of one lesson, as the lessons' READMEs compare them.
struct Pair {
  const char* a;
  const char* b;
};

class ComparedTraces : public ::testing::TestWithParam<Pair> {};

// Everything compare mode prints for the time at one frame: the controls' shared time, and each
// pane's own text (the views print format_cursor_time with compared = true).
std::vector<std::string> printed_times(const CompareCursor& c, std::vector<std::string>* offsets) {
  std::vector<std::string> absolute = {format_duration(static_cast<double>(c.time_ns()))};
  for (int side = 0; side < 2; ++side) {
    const std::string text = format_cursor_time(c.side_time(side), c.times(side).begin_ns(), true);
    if (text.rfind("launch + ", 0) == 0)
      offsets->push_back(text);
    else
      absolute.push_back(text);
  }
  return absolute;
}

TEST_P(ComparedTraces, OneTimeUnderTheSharedCursorAndOneMappingFromStepToTime) {
  const fs::path dir(GRIDLOCK_TEST_LESSONS_DIR);
  const gt::Trace a = gt::read_file((dir / GetParam().a).string());
  const gt::Trace b = gt::read_file((dir / GetParam().b).string());
  for (Alignment alignment : {Alignment::origins, Alignment::first_events, Alignment::whole_runs}) {
    CompareCursor c(step_times(a), step_times(b));
    c.align(alignment);
    c.play();
    int64_t before = c.time_ns();
    for (int frame = 0; c.playing() && frame < 100000; ++frame) {
      std::vector<std::string> offsets;
      const std::vector<std::string> absolute = printed_times(c, &offsets);
      EXPECT_EQ(absolute.size(), 1u) << "frame " << frame << ": a pane prints " << absolute.back();
      EXPECT_EQ(offsets.size(), 2u);
      c.advance(kFrameSeconds);
      EXPECT_GE(c.time_ns(), before) << "frame " << frame;
      before = c.time_ns();
    }
    EXPECT_TRUE(c.at_last());
    if (alignment == Alignment::whole_runs) continue;  // a scaled clock rounds; the offsets do not
    // A step is turned into a time in one way: its entry, which is at or after its own event.
    for (int side = 0; side < 2; ++side)
      for (int k = 0; k < c.times(side).step_count(); ++k) {
        const StepTimes& times = c.times(side);
        c.seek_step(side, k);
        if (c.map(side).to_shared(times.time_of(k)) < c.begin_ns()) continue;  // before the other run
        EXPECT_EQ(c.side_time(side), times.time_of(k)) << "side " << side << " step " << k;
        EXPECT_GE(times.time_of(k), times.window(k).focus_ns);
        EXPECT_EQ(times.entry_ns(c.step(side)), times.entry_ns(k)) << "side " << side << " step " << k;
      }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Recorded, ComparedTraces,
    ::testing::Values(Pair{"locks/racy-counter/recorded/racy-counter.json",
                           "locks/racy-counter/recorded/racy-counter.atomic.json"},
                      Pair{"locks/critical-section/recorded/critical-section.json",
                           "locks/critical-section/recorded/critical-section.ordered.json"},
                      Pair{"locks/deadlock-lock/recorded/deadlock-lock.json",
                           "locks/deadlock-lock/recorded/deadlock-lock.inside-the-loop.json"},
                      Pair{"streams/concurrent-kernels/recorded/concurrent-kernels.json",
                           "streams/concurrent-kernels/recorded/concurrent-kernels.corrected.json"}));

}  // namespace
