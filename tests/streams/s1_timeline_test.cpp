// S1's trace building on made-up kernels (no GPU needed): the trace validates, respects what the
// hardware guarantees, and its Perfetto export has a track per stream nested in the device, kernels
// as slices with their blocks, and the record's words as counters.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "streams/concurrent-kernels/timeline_steps.hpp"
#include "streams_fixture.hpp"

namespace {

namespace tr = gridlock::trace;

// Eight kernels of `blocks` blocks; kernel k starts `stagger` ns after kernel k-1 and runs `length`
// ns (serially: each starts after the previous one ends). Each check's atomics run in an interval
// `window` ns long, taking effect at its start; the record's words are replayed in that order with
// the check-out's semantics.
s1::RecordedLaunch made_up_launch(s1::CheckOut c, bool concurrent, int64_t stagger, int64_t length,
                                  int blocks, int64_t window = 150) {
  s1::RecordedLaunch l;
  l.check_out = c;
  l.concurrent = concurrent;
  l.n = 1000;
  l.block = 256;
  for (int kid = 0; kid < 8; ++kid) {
    s1::KernelOnClock k;
    k.kid = kid;
    const int64_t begin = concurrent ? 1000 + kid * stagger : 1000 + kid * (length + 500);
    for (int b = 0; b < blocks; ++b) k.blocks.push_back({begin + b * 40, begin + length - b * 30, b % 3});
    k.check_in = {begin + 20, begin + 20 + window};
    k.check_out = {begin + length - 200, begin + length - 200 + window};
    k.added = 7 * (kid + 1);
    for (int j = 0; j < 4; ++j) {
      k.in_sample.push_back(100 * kid - j);
      k.out_sample.push_back(100 * kid - j + k.added);
    }
    l.kernels.push_back(k);
  }
  // The atomics, in time order: the check-in's record and the check-out's (the same one unless
  // the check-out is the printed one).
  struct Word {
    int mask = 0, count = 0;
  } in_record, out_record;
  struct Check {
    int64_t t;
    int kid;
    bool in;
  };
  std::vector<Check> checks;
  for (const auto& k : l.kernels) checks.push_back({k.check_in.issued, k.kid, true});
  for (const auto& k : l.kernels) checks.push_back({k.check_out.issued, k.kid, false});
  std::stable_sort(checks.begin(), checks.end(), [](const Check& a, const Check& b) { return a.t < b.t; });
  l.masks.assign(8, 0);
  l.counts.assign(8, 0);
  for (const Check& check : checks) {
    s1::KernelOnClock& k = l.kernels[size_t(check.kid)];
    if (check.in) {
      in_record.mask |= 1 << k.kid;
      k.mask_in = l.masks[size_t(k.kid)] = in_record.mask;
      k.count_in = l.counts[size_t(k.kid)] = ++in_record.count;
      l.count_max = std::max(l.count_max, in_record.count);
    } else {
      Word& w = c == s1::CheckOut::documented ? out_record : in_record;
      k.mask_before_out = w.mask;
      k.count_before_out = w.count--;
      w.mask = s1::after_check_out(c, w.mask, k.kid);
    }
  }
  return l;
}

tr::Trace built(s1::RecordedLaunch l, bool* checks_passed = nullptr) {
  gridlock::LessonRun run = streams_test::lesson_run("lessons/streams/concurrent-kernels/kernels.cuh");
  s1::build_steps(run, l);
  if (checks_passed) *checks_passed = run.checks_passed();
  return run.trace();
}

// The step of `kernel`'s check-in or check-out.
size_t step_of(const tr::Trace& t, int kernel, const char* phase) {
  for (size_t i = 0; i < t.steps.size(); ++i)
    if (t.steps[i].label == phase &&
        t.steps[i].detail.rfind("kernel " + std::to_string(kernel) + " ", 0) == 0)
      return i;
  for (size_t i = 0; i < t.steps.size(); ++i)
    if (t.steps[i].label == phase &&
        t.steps[i].detail.rfind("kernel " + std::to_string(kernel) + ":", 0) == 0)
      return i;
  return t.steps.size();
}

}  // namespace

TEST(S1Timeline, ConcurrentCorrectedIsValidAndTruthful) {
  const tr::Trace t = built(made_up_launch(s1::CheckOut::corrected, true, 3000, 50000, 5));
  streams_test::expect_valid_and_truthful(t);
  EXPECT_EQ(t.facts.at("recorded.kernels_at_once"), "8");
  // The kernels start 3 µs apart and run 50 µs: every block 0 checks in before the first checks out.
  EXPECT_EQ(t.facts.at("recorded.block0_at_once"), "8");
  EXPECT_EQ(t.fact_values.at("recorded.block0_at_once").kind, tr::FactKind::most_at_once);
  EXPECT_EQ(t.fact_values.at("recorded.block0_at_once").category, tr::Category::atomic);
  EXPECT_EQ(t.facts.at("recorded.report"), "8");
  EXPECT_EQ(t.launches.size(), 8u);
  EXPECT_EQ(t.steps.size(), 24u);  // a check-in, the work and a check-out per kernel
}

TEST(S1Timeline, SerialAndDocumentedAreValidAndTruthful) {
  for (s1::CheckOut c : {s1::CheckOut::documented, s1::CheckOut::documented_mask, s1::CheckOut::corrected})
    for (bool concurrent : {false, true}) {
      SCOPED_TRACE(std::string(s1::name(c)) + (concurrent ? " concurrent" : " serial"));
      const tr::Trace t = built(made_up_launch(c, concurrent, 20000, 30000, 3));
      streams_test::expect_valid_and_truthful(t);
    }
}

TEST(S1Timeline, SerialRecordsTheDocumentedCountAsNeverComingDown) {
  const tr::Trace t = built(made_up_launch(s1::CheckOut::documented, false, 0, 30000, 3));
  // No overlap moment: the kernels' slices on their streams' rows count them, one at a time.
  EXPECT_EQ(t.facts.at("recorded.kernels_at_once"), "1");
  EXPECT_EQ(t.fact_values.at("recorded.kernels_at_once").kind, tr::FactKind::most_at_once);
  EXPECT_EQ(t.fact_values.at("recorded.kernels_at_once").category, tr::Category::kernel);
  EXPECT_EQ(t.facts.at("recorded.block0_at_once"), "1");
  EXPECT_EQ(t.facts.at("recorded.report"), "8");
  EXPECT_EQ(t.facts.at("recorded.masks"), "0x1 0x3 0x7 0xf 0x1f 0x3f 0x7f 0xff");
}

TEST(S1Timeline, KernelTimesDrainAndTheGapBetweenSerialKernels) {
  const tr::Trace serial = built(made_up_launch(s1::CheckOut::corrected, false, 0, 30000, 3));
  EXPECT_EQ(serial.facts.at("recorded.kernel_time"), "30.0 \xC2\xB5s");
  EXPECT_EQ(serial.facts.at("recorded.drain"),
            "0.1 \xC2\xB5s");  // the last of 3 blocks ends 60 ns after the first
  EXPECT_EQ(serial.facts.at("recorded.launch_gap"), "0.5 \xC2\xB5s");
  const tr::Trace concurrent = built(made_up_launch(s1::CheckOut::corrected, true, 3000, 50000, 5));
  EXPECT_EQ(concurrent.facts.at("recorded.kernel_time"), "50.0 \xC2\xB5s");
  EXPECT_EQ(concurrent.facts.count("recorded.launch_gap"), 0u);
}

TEST(S1Timeline, PerfettoHasStreamsInTheDeviceKernelsBlocksAndCounters) {
  const tr::Trace t = built(made_up_launch(s1::CheckOut::documented, true, 3000, 50000, 5));
  const nlohmann::json events = streams_test::perfetto_events(t);
  const streams_test::ExportSummary e = streams_test::summarize(events);
  for (int k = 0; k < 8; ++k) EXPECT_EQ(e.thread_pid.count("stream " + std::to_string(k)), 1u) << k;
  EXPECT_EQ(e.thread_pid.at("stream 3"), 1);  // device 0 is process 1
  EXPECT_EQ(e.slices_by_category.at("kernel"), 8);
  EXPECT_EQ(e.slices_by_category.at("work"), 8 * 5);
  EXPECT_EQ(e.counters.at("kernel_data.mask"), 8);
  EXPECT_EQ(e.counters.at("tokenizer_data.count"), 8);
  // Every stream track nests in the device track, every block in a stream.
  for (const tr::Track& track : t.tracks) {
    const tr::Track* parent = t.find_track(track.parent);
    EXPECT_TRUE(track.kind != tr::TrackKind::stream || parent->kind == tr::TrackKind::device) << track.name;
    EXPECT_TRUE(track.kind != tr::TrackKind::block || parent->kind == tr::TrackKind::stream) << track.name;
  }
}

// Kernel 7's check-in took effect before kernel 0's check-out, but the clock read after its atomics
// (22170 ns) is later than the one read before kernel 0's (22100 ns): placed by the atomics' order,
// the check-in comes first and the mask replays as the memory changed.
TEST(S1Timeline, ChecksArePlacedInTheAtomicsOrderNotByTheirClockReads) {
  const s1::RecordedLaunch l = made_up_launch(s1::CheckOut::corrected, true, 3000, 21300, 5);
  ASSERT_GT(l.kernels[7].check_in.returned, l.kernels[0].check_out.issued);
  ASSERT_EQ(l.kernels[0].mask_before_out, 0xff);  // kernel 0 saw kernel 7's bit
  bool passed = false;
  const tr::Trace t = built(l, &passed);
  EXPECT_TRUE(passed);
  streams_test::expect_valid_and_truthful(t);
  EXPECT_LT(step_of(t, 7, "PHASE 1: check in"), step_of(t, 0, "PHASE 3: check out"));
}

// Two check-ins whose atomics interleaved (kernel 1's atomicOr first, kernel 2's atomicAdd first)
// have no one order of steps: the lesson says so and records no steps.
TEST(S1Timeline, InterleavedChecksFailTheRecording) {
  s1::RecordedLaunch l = made_up_launch(s1::CheckOut::corrected, true, 100, 30000, 3, 400);
  std::swap(l.kernels[1].count_in, l.kernels[2].count_in);
  bool passed = true;
  const tr::Trace t = built(l, &passed);
  EXPECT_FALSE(passed);
  EXPECT_TRUE(t.steps.empty());
}

// Each check-in and check-out step is about its atomics: its focus is the instant on the stream's
// row (not the kernel's start), and the foci move forward in time from step to step.
TEST(S1Timeline, EachCheckStepIsAboutItsAtomics) {
  const tr::Trace t = built(made_up_launch(s1::CheckOut::corrected, true, 3000, 50000, 5));
  int64_t last = INT64_MIN;
  for (const tr::Step& s : t.steps) {
    const tr::Event& focus = s.events.at(size_t(tr::focus_event(s)));
    if (s.label != "PHASE 2: add the increment, one addition at a time") {
      EXPECT_EQ(focus.name.substr(0, 5), "check") << s.detail;
    }
    EXPECT_GE(focus.t_ns, last) << s.detail;
    last = focus.t_ns;
  }
}
