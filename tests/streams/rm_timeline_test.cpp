// RM's trace building on made-up runs (no GPU needed): one GPU, two GPUs peer to peer and through
// the host, with NCCL's calls beside them; the trace validates and replays the partials, the copy
// and the total, and the Perfetto export has each GPU's stream in its device and the wait's flow.
#include <gtest/gtest.h>

#include "reduction/reduce-multi-gpu/timeline_steps.hpp"
#include "streams_fixture.hpp"

namespace {

namespace tr = gridlock::trace;

rm::RecordedRun made_up_run(bool two, bool through_host, bool nccl) {
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
  r.host.push_back({"copy, cudaEventRecord(arrived) on GPU 1", {-2000, -1500}});
  r.host.push_back({"cudaStreamWaitEvent(arrived), add_partials<<<>>> on GPU 0", {-1500, -1000}});
  r.host.push_back({"cudaStreamSynchronize(GPU 0 stream)", {-1000, 71000}, tr::Category::sync});
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
              {"cudaStreamSynchronize on each GPU", {at - 2000, at + 81000}, tr::Category::sync}};
    r.nccl.push_back(c);
  }
  return r;
}

tr::Trace built(const rm::RecordedRun& r) {
  gridlock::LessonRun run = streams_test::lesson_run("lessons/reduction/reduce-multi-gpu/kernels.cuh");
  if (r.two()) run.trace().producer.devices.push_back(streams_test::test_gpu("Second GPU"));
  rm::build_steps(run, r);
  return run.trace();
}

}  // namespace

TEST(RmTimeline, EveryRunIsValidAndTruthful) {
  struct Case {
    bool two, through_host, nccl;
  };
  for (const Case& c : {Case{false, false, false}, Case{true, false, false}, Case{true, true, false},
                        Case{true, false, true}, Case{true, true, true}}) {
    SCOPED_TRACE(std::string(c.two ? "two GPUs" : "one GPU") + (c.through_host ? ", through the host" : "") +
                 (c.nccl ? ", NCCL" : ""));
    streams_test::expect_valid_and_truthful(built(made_up_run(c.two, c.through_host, c.nccl)));
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
