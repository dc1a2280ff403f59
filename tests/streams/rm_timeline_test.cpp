// RM's trace building on made-up runs (no GPU needed): one GPU, two GPUs peer to peer and through
// the host, with NCCL's calls beside them; the trace validates and replays the partials, the copy
// and the total, and the Perfetto export has each GPU's stream in its device and the wait's flow.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>

#include "common/units.hpp"
#include "reduction/reduce-multi-gpu/timeline_steps.hpp"
#include "streams_fixture.hpp"

namespace {

namespace tr = gridlock::trace;

rm::RecordedRun made_up_run(bool two, bool through_host, bool nccl, bool graph = false) {
  rm::RecordedRun r;
  r.device_names =
      two ? std::vector<std::string>{"Test GPU", "Second GPU"} : std::vector<std::string>{"Test GPU"};
  r.through_host = through_host;
  r.n = 1 << 20;
  r.block = 1024;
  r.grid[0] = r.grid[1] = 264;
  r.kernel[0] = {1000, 60000};
  r.kernel[1] = {1200, 61000};
  r.partial[0] = 2000000000;
  r.partial[1] = 1500000000;
  r.total = int(unsigned(r.partial[0]) + unsigned(r.partial[1]));  // wraps
  r.host = {{"reduce_fast<<<>>> on GPU 0 and on GPU 1", {-8000, -2000}}};
  if (!two) {
    r.total = r.partial[0];
    r.host.push_back({"cudaDeviceSynchronize", {-2000, 62000}, tr::Category::sync});
    return r;
  }
  r.copy = {62000, 64000};
  r.wait = {61000, 66000};
  r.host_copy = {66000, 68000};
  r.add = {through_host ? 69000 : 67000, through_host ? 70000 : 68000};
  if (graph) {  // the lesson's form: the partial written by GPU 1's kernel, one graph launch
    r.peer_write = r.total_on_host = r.graph = true;
    r.copy = {61100, 61500};
    r.host = {{"cudaGraphLaunch: the whole sum on both GPUs", {-8000, -3000}},
              {"cudaStreamSynchronize(GPU 0 stream)", {-3000, 71000}, tr::Category::sync, 3}};
  } else {
    r.host.push_back({"copy, cudaEventRecord(arrived) on GPU 1", {-2000, -1500}, tr::Category::host, 2});
    r.host.push_back(
        {"cudaStreamWaitEvent(arrived), add_partials<<<>>> on GPU 0", {-1500, -1000}, tr::Category::host, 2});
    r.host.push_back({"cudaStreamSynchronize(GPU 0 stream)", {-1000, 71000}, tr::Category::sync, 3});
  }
  if (!nccl) return r;
  for (bool all : {true, false}) {
    rm::NcclRun c;
    c.all_reduce = all;
    const int64_t at = all ? 100000 : 200000;
    c.kernel[0] = {at, at + 60000};
    c.kernel[1] = {at + 100, at + 61000};
    c.call[0] = {at + 61000, at + 80000};
    c.call[1] = {at + 61500, at + 80000};
    c.result[0] = r.total;
    c.result[1] = all ? r.total : 0;
    c.host = {{"reduce_fast<<<>>> on GPU 0 and on GPU 1", {at - 9000, at - 5000}},
              {"ncclGroupStart, call on each GPU, ncclGroupEnd", {at - 5000, at - 3000}},
              {"cudaStreamSynchronize on each GPU", {at - 2000, at + 81000}, tr::Category::sync, 3}};
    r.nccl.push_back(c);
  }
  return r;
}

// As the lesson builds it: the clock described first (the recording puts the host's clock on the
// GPU's), so that the facts' durations name it.
tr::Trace built(const rm::RecordedRun& r) {
  gridlock::LessonRun run = streams_test::lesson_run("lessons/reduction/reduce-multi-gpu/kernels.cuh");
  if (r.two()) run.trace().producer.devices.push_back(streams_test::test_gpu("Second GPU"));
  run.trace().clock.source = "%globaltimer; the host's steady_clock put on it by a measured offset";
  rm::build_steps(run, r);
  return run.trace();
}

}  // namespace

TEST(RmTimeline, EveryRunIsValidAndTruthful) {
  struct Case {
    bool two, through_host, nccl, graph;
  };
  for (const Case& c :
       {Case{false, false, false, false}, Case{true, false, false, false}, Case{true, true, false, false},
        Case{true, false, true, false}, Case{true, true, true, false}, Case{true, false, true, true}}) {
    SCOPED_TRACE(std::string(c.two ? "two GPUs" : "one GPU") + (c.through_host ? ", through the host" : "") +
                 (c.nccl ? ", NCCL" : "") + (c.graph ? ", the lesson's graph" : ""));
    streams_test::expect_valid_and_truthful(built(made_up_run(c.two, c.through_host, c.nccl, c.graph)));
  }
}

TEST(RmTimeline, AWrongTotalIsCaught) {
  rm::RecordedRun r = made_up_run(true, false, false);
  r.total += 1;
  EXPECT_FALSE(tr::check_truth(built(r)).empty());
}

TEST(RmTimeline, StepsFollowThePhases) {
  const tr::Trace t = built(made_up_run(true, false, true));
  ASSERT_EQ(t.steps.size(), 5u);
  EXPECT_EQ(t.steps[1].label, "PHASE 2: GPU 1's partial crosses to GPU 0, ordered by an event");
  EXPECT_EQ(t.steps[2].label, "PHASE 3: GPU 0 adds the two partials");
  EXPECT_EQ(t.steps[3].label, "PHASE 4: NCCL combines the partials");
  EXPECT_EQ(t.facts.at("recorded.route"), "peer to peer");
  EXPECT_EQ(t.facts.at("recorded.wait"), "5 \xC2\xB5s");
  EXPECT_EQ(t.facts.at("recorded.host_ahead"), "61 \xC2\xB5s");
  EXPECT_EQ(built(made_up_run(false, false, false)).steps.size(), 1u);
}

TEST(RmTimeline, TheRecordedTimesNameTheSlicesTheyRunBetween) {
  const tr::Trace t = built(made_up_run(true, false, true));
  for (const char* key : {"recorded.kernel0", "recorded.kernel1", "recorded.copy", "recorded.wait",
                          "recorded.first_to_total", "recorded.host_ahead"}) {
    SCOPED_TRACE(key);
    ASSERT_EQ(t.fact_values.count(key), 1u);
    const tr::FactValue& f = t.fact_values.at(key);
    EXPECT_EQ(f.kind, tr::FactKind::duration);
    const tr::Event& end = t.steps[size_t(f.end.step)].events[size_t(f.end.event)];
    EXPECT_EQ(end.kind, tr::EventKind::slice_end);
    // Moved by a microsecond, the slice's end no longer gives the number the fact holds.
    tr::Trace moved = t;
    moved.steps[size_t(f.end.step)].events[size_t(f.end.event)].t_ns += 1000;
    std::vector<std::string> problems;
    tr::check_facts(moved, problems);
    EXPECT_FALSE(problems.empty());
  }
  // The wait is GPU 0's cudaStreamWaitEvent slice, the copy GPU 1's copy slice.
  const tr::FactValue& wait = t.fact_values.at("recorded.wait");
  EXPECT_EQ(t.steps[size_t(wait.start.step)].events[size_t(wait.start.event)].category, tr::Category::sync);
  const tr::FactValue& copy = t.fact_values.at("recorded.copy");
  EXPECT_EQ(t.steps[size_t(copy.start.step)].events[size_t(copy.start.event)].category, tr::Category::copy);
}

TEST(RmTimeline, TheLessonsFormShowsThePeerWriteAndOneGraphLaunch) {
  const tr::Trace t = built(made_up_run(true, false, false, true));
  ASSERT_EQ(t.steps.size(), 3u);
  EXPECT_EQ(t.steps[1].detail, "GPU 1's last block wrote its partial into GPU 0's memory");
  for (const tr::Event& e : t.steps[1].events) EXPECT_NE(e.category, tr::Category::copy) << e.name;
  EXPECT_EQ(t.facts.count("recorded.copy"), 0u);
  EXPECT_EQ(t.facts.at("recorded.host_ahead"), "63 \xC2\xB5s");  // the graph launch ended at -3 µs
  const auto total = std::find_if(t.buffers.begin(), t.buffers.end(),
                                  [](const tr::Buffer& b) { return b.id == rm::kTotal; });
  ASSERT_NE(total, t.buffers.end());
  EXPECT_EQ(total->space, tr::MemorySpace::host);
  // The graph launch is shown with the kernels, the synchronisation with the addition.
  auto host_names = [&](size_t step) {
    std::vector<std::string> names;
    for (const tr::Event& e : t.steps[step].events)
      if (e.kind == tr::EventKind::slice_begin && e.track == 0) names.push_back(e.name);
    return names;
  };
  EXPECT_EQ(host_names(0), std::vector<std::string>{"cudaGraphLaunch: the whole sum on both GPUs"});
  EXPECT_TRUE(host_names(1).empty());
  EXPECT_EQ(host_names(2), std::vector<std::string>{"cudaStreamSynchronize(GPU 0 stream)"});
}

TEST(RmTimeline, ABreakdownAddsUpToTheHostsTime) {
  const rm::RecordedRun r = made_up_run(true, false, false, true);
  const rm::Breakdown b = rm::breakdown_of(r);
  EXPECT_EQ(b.to_first_kernel, 9000);  // the host began at -8 µs, GPU 0 at 1 µs
  EXPECT_EQ(b.gpu1_after_gpu0, 200);
  EXPECT_EQ(b.to_release, 5000);  // the later kernel ended at 61 µs, GPU 0 was released at 66
  EXPECT_EQ(b.add, 2000);
  EXPECT_EQ(b.to_host, 3000);
  EXPECT_EQ(b.total, 79000);
  EXPECT_EQ(b.to_first_kernel + b.kernel[1] + b.gpu1_after_gpu0 + b.to_release + b.add + b.to_host, b.total);
  const std::string text = rm::breakdown_text(b, 8000);
  EXPECT_NE(text.find("in all 79.0 \xC2\xB5s"), std::string::npos) << text;
  EXPECT_NE(text.find("GPU 1 started 0.2 \xC2\xB5s after GPU 0 (within GPU 1's clock offset, \xC2\xB1"
                      "8.0 \xC2\xB5s)"),
            std::string::npos)
      << text;
  rm::Breakdown later = b;
  later.gpu1_after_gpu0 = -12300;
  EXPECT_NE(rm::breakdown_text(later, 8000).find("GPU 1 started 12.3 \xC2\xB5s before GPU 0;"),
            std::string::npos);
}

TEST(RmTimeline, PerfettoHasEachStreamInItsDeviceAndTheWaitFlow) {
  const tr::Trace t = built(made_up_run(true, true, true));
  const streams_test::ExportSummary e = streams_test::summarize(streams_test::perfetto_events(t));
  EXPECT_EQ(e.thread_pid.at("GPU 0 stream"), 1);
  EXPECT_EQ(e.thread_pid.at("GPU 1 stream"), 2);
  EXPECT_EQ(e.thread_pid.at("CPU thread"), 0);
  EXPECT_EQ(e.flow_starts.at(0), 1);
  EXPECT_EQ(e.flow_finishes.at(0), 1);
  EXPECT_EQ(e.slices_by_category.at("copy"), 2 + 4);  // two hops, NCCL's four calls
}

// The sweep's facts that the README quotes (what each change bought, the forms without the event,
// the speed-up) are the shipped traces' own timings: every time they name is the median the trace
// holds for that form at that size, and every difference is the difference of those medians.
TEST(RmShipped, TheSweepsFactsAreItsTimings) {
  const std::map<std::string, std::string> timing_of = {
      {"as first written", "two GPUs: as first written"},
      {"GPU 1 first", "two GPUs: + GPU 1 first"},
      {"partial into GPU 0", "two GPUs: + partial into GPU 0"},
      {"total into host memory", "two GPUs: + total into host memory"},
      {"one CUDA graph", "two GPUs: + one CUDA graph"},
      {"the lesson's form", "two GPUs: + one CUDA graph"},
      {"flag", "two GPUs: flag instead of event"},
      {"hand-off in the last blocks", "two GPUs: hand-off in the last blocks"}};
  const std::string folder =
      std::string(GRIDLOCK_SOURCE_DIR) + "/lessons/reduction/reduce-multi-gpu/recorded/";
  for (const char* file : {"reduce-multi-gpu.json", "reduce-multi-gpu.through-host.json"}) {
    SCOPED_TRACE(file);
    const tr::Trace t = tr::read_file(folder + file);
    std::map<std::pair<std::string, int64_t>, double> median;
    for (const tr::Timing& m : t.timings) median[{m.name, m.elements}] = m.median_ns;
    auto shown = [&](const std::string& name, int64_t n) {
      const auto it = median.find({name, n});
      return it == median.end() ? std::string("(no timing)") : gridlock::microseconds(it->second, 1);
    };
    int checked = 0;
    for (const char* key : {"bench.ladder", "bench.ladder_smallest", "bench.without_event"}) {
      const std::string fact = t.facts.at(key);
      // Each size's part: "n=N: ...", up to the next "; n=" or the end.
      const std::regex size_part("n=(\\d+): (.*?)(?=; n=\\d+:|$)");
      for (std::sregex_iterator p(fact.begin(), fact.end(), size_part), end; p != end; ++p) {
        const int64_t n = std::stoll((*p)[1]);
        const std::string body = (*p)[2];
        const std::regex item(
            "(?:^|; )([a-zA-Z0-9' -]+?),? ([0-9.]+ \xC2\xB5s)(?: \\((\xE2\x88\x92|\\+)([0-9.]+ "
            "\xC2\xB5s)\\))?");
        std::string before;
        for (std::sregex_iterator i(body.begin(), body.end(), item); i != end; ++i) {
          const std::string label = (*i)[1], time = (*i)[2];
          if (label == "the ideal, one GPU over half the ints" || label == "the ideal") {
            EXPECT_EQ(time, shown("ideal: one GPU, half the ints", n / 2)) << fact;
          } else {
            ASSERT_TRUE(timing_of.count(label)) << label << " in " << fact;
            EXPECT_EQ(time, shown(timing_of.at(label), n)) << label << " in " << fact;
            if ((*i)[4].matched) {
              const double change = median[{timing_of.at(label), n}] - median[{timing_of.at(before), n}];
              EXPECT_EQ((*i)[4].str(), gridlock::microseconds(std::abs(change), 1))
                  << label << " in " << fact;
              EXPECT_EQ((*i)[3].str() == "+", change >= 0) << label << " in " << fact;
            }
            before = label;
          }
          ++checked;
        }
      }
    }
    EXPECT_GE(checked, 8);
    // "n=N: one GPU A, two GPUs B: ..." with A the faster one-GPU ending and B the lesson's form.
    const std::smatch speed = [&] {
      std::smatch m;
      const std::string& fact = t.facts.at("bench.speed_up");
      std::regex_search(fact, m,
                        std::regex("n=(\\d+): one GPU ([0-9.]+ \xC2\xB5s), two GPUs ([0-9.]+ \xC2\xB5s)"));
      return m;
    }();
    ASSERT_FALSE(speed.empty());
    const int64_t n = std::stoll(speed[1]);
    const double one = std::min(median[{"one GPU", n}], median[{"one GPU, sum into host memory", n}]);
    EXPECT_EQ(speed[2].str(), gridlock::microseconds(one, 1));
    EXPECT_EQ(speed[3].str(), shown("two GPUs: + one CUDA graph", n));
  }
}
