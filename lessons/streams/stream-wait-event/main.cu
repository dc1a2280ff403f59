// stream-wait-event (S2): a consumer stream waits for an event a producer stream recorded. Proves
// the ordering by the values the consumer read (with the wait, and without it, where it reads too
// early), the CPU's freedom by host timestamps and cudaEventQuery, and, when the machine has two
// GPUs, the same across devices with a peer-to-peer copy; puts each documented caveat to the
// runtime; records one run on one clock.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "caveats.cuh"
#include "common/device.hpp"
#include "common/lesson.hpp"
#include "common/units.hpp"
#include "lesson_info.hpp"

namespace s2 {

// S2's documented claims, declared once (TECHNIQUES.md, row S2; CUDA Handbook section 6.8).

inline constexpr gridlock::ClaimSpec kOrdering{
    "S2.ordering",
    "A stream that waits for an event with cudaStreamWaitEvent runs nothing behind the wait until the event "
    "has been recorded: the consumer reads what the producer wrote."};
inline constexpr gridlock::ClaimSpec kAsynchronous{
    "S2.asynchronous",
    "cudaStreamWaitEvent is asynchronous for the CPU: it returns at once, and the CPU carries on while the "
    "waiting stream waits."};
inline constexpr gridlock::ClaimSpec kAcrossDevices{
    "S2.across-devices",
    "The stream and the event need not belong to the same device: a stream of one GPU can wait for an event "
    "recorded on another, which orders a peer-to-peer copy after the producer."};
inline constexpr gridlock::ClaimSpec kContextScope{
    "S2.context-scope", "Streams and events live in a context (device): cudaDeviceReset destroys them."};
inline constexpr gridlock::ClaimSpec kSameDevice{
    "S2.same-device",
    "Kernel launches and cudaEventRecord work only on a stream of the current device (for cudaEventRecord, "
    "of the event's device)."};
inline constexpr gridlock::ClaimSpec kCopyAnyStream{
    "S2.copy-any-stream",
    "A peer-to-peer copy may be issued into a stream of either device, best into one of the source device."};
inline constexpr gridlock::ClaimSpec kWaitAnyStream{
    "S2.wait-any-stream",
    "cudaStreamWaitEvent accepts any stream and any event, whichever device is current."};

}  // namespace s2

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

namespace tr = gridlock::trace;
using gridlock::LessonRun;
using s2::Pipeline;
using s2::Placement;

const std::vector<std::string> kVariants = {"wait", "no-wait", "two-gpu", "two-gpu-no-wait"};

// What the runs of one placement, with or without the wait, showed.
struct Outcome {
  int runs = 0, exact_runs = 0, not_ready = 0;
  long long most_stale = 0, most_poisoned = 0;
  std::vector<int64_t> wait_call_ns, consume_call_ns, sync_ns;
  std::string stale_text() const {
    return std::to_string(exact_runs) + "/" + std::to_string(runs) +
           " runs read only produced values (at most " + std::to_string(most_stale) +
           " stale elements in a run, " + std::to_string(most_poisoned) + " of them the poison)";
  }
};

Outcome check_runs(LessonRun& run, Pipeline& p, bool wait) {
  Outcome o;
  const std::vector<int> stamps = gridlock::random_ints(run.options().runs, run.options().seed ^ 0x52ULL);
  for (int k = 0; k < run.options().runs; ++k) {
    const s2::HostMarks m = p.run<false>(wait, stamps[size_t(k)]);
    const s2::Stale s = p.stale(stamps[size_t(k)]);
    ++o.runs;
    o.exact_runs += s.wrong == 0;
    o.not_ready += m.query == cudaErrorNotReady;
    o.most_stale = std::max(o.most_stale, s.wrong);
    o.most_poisoned = std::max(o.most_poisoned, s.poisoned);
    o.wait_call_ns.push_back(m.t[s2::kAfterWait] - m.t[s2::kAfterRecord]);
    o.consume_call_ns.push_back(m.t[s2::kAfterConsume] - m.t[s2::kAfterWait]);
    o.sync_ns.push_back(m.t[s2::kAfterSync] - m.t[s2::kAfterQuery]);
  }
  return o;
}

void check_one_device(LessonRun& run, Pipeline& p) {
  const Outcome with = check_runs(run, p, true), without = check_runs(run, p, false);
  auto& facts = run.trace().facts;
  facts["one.with_wait"] = with.stale_text();
  facts["one.without_wait"] = without.stale_text();
  tr::Trace& t = run.trace();
  const auto median_of_calls = [&](const std::string& key, const std::string& call,
                                   const std::vector<int64_t>& ns) {
    t.series.push_back({"host time in " + call + ", with the wait, " + std::to_string(ns.size()) + " runs",
                        "ns", std::vector<double>(ns.begin(), ns.end()), false, 0});
    tr::set_fact(t, key, tr::series_median_fact(t, int(t.series.size()) - 1, tr::FactUnit::us, 0));
  };
  median_of_calls("one.wait_call", "cudaStreamWaitEvent", with.wait_call_ns);
  median_of_calls("one.sync", "cudaStreamSynchronize", with.sync_ns);
  facts["one.not_ready"] = std::to_string(with.not_ready) + "/" + std::to_string(with.runs);
  if (with.exact_runs != with.runs) run.check_failed("the consumer read stale data although it waited");
  run.claim(
      s2::kOrdering, with.exact_runs == with.runs,
      "with the wait: " + with.stale_text() + "; without it: " + without.stale_text(),
      "proved by the values the consumer read: the producer waits its delay before writing, so a consumer "
      "that is not ordered after it reads the poison the data held before");
  run.claim(s2::kAsynchronous, with.not_ready == with.runs,
            "cudaStreamWaitEvent returned in " + facts["one.wait_call"] + " (median of " +
                std::to_string(with.runs) +
                " runs); right after the consumer's launch had returned, "
                "cudaEventQuery(done) said cudaErrorNotReady in " +
                facts["one.not_ready"] + " runs; the host then waited " + facts["one.sync"] +
                " in cudaStreamSynchronize",
            "the host's steady_clock around each call; not ready means the host had every call behind it "
            "before the producer had finished");
}

// Enables peer access both ways where the devices allow it; says what the lesson does.
std::string enable_peer_access(const Placement& place) {
  int forward = 0, backward = 0;
  CUDA_CHECK(cudaDeviceCanAccessPeer(&forward, place.consumer, place.producer));
  CUDA_CHECK(cudaDeviceCanAccessPeer(&backward, place.producer, place.consumer));
  if (!forward || !backward)
    return "no peer access between the two GPUs: cudaMemcpyPeerAsync still copies, staged through host "
           "memory";
  for (const auto& [from, to] :
       {std::pair{place.consumer, place.producer}, std::pair{place.producer, place.consumer}})
    gridlock::streams::on_device(from, [to = to] {
      const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
      if (e == cudaErrorPeerAccessAlreadyEnabled)
        cudaGetLastError();
      else
        CUDA_CHECK(e);
    });
  return "peer access both ways, enabled: cudaMemcpyPeerAsync copies directly between the GPUs";
}

void check_device_rules(LessonRun& run, const Pipeline& p) {
  const s2::DeviceRules r = s2::probe_device_rules(p);
  using s2::result;
  run.claim(
      s2::kSameDevice, r.launch_other != cudaSuccess && r.record_other_event != cudaSuccess,
      "with GPU 1 current: a launch into GPU 0's stream -> " + result(r.launch_other) +
          "; cudaEventRecord of GPU 1's event into GPU 0's stream -> " + result(r.record_other_event) +
          "; cudaEventRecord of GPU 0's event into GPU 0's stream -> " + result(r.record_own_event),
      "read as: the launch fails when the stream is not the current device's; the record fails when the "
      "event and the stream belong to different devices");
  run.trace().facts["two.wait_results"] = "with GPU 1 current " + result(r.wait_from_consumer) +
                                          ", with GPU 0 current " + result(r.wait_from_producer);
  run.claim(s2::kWaitAnyStream, r.wait_from_consumer == cudaSuccess && r.wait_from_producer == cudaSuccess,
            "cudaStreamWaitEvent(GPU 1's stream, GPU 0's event): " + run.trace().facts["two.wait_results"]);
}

void check_copy_streams(LessonRun& run, Pipeline& p) {
  p.run<false>(true, 1);
  const int reps = std::max(5, run.options().runs);
  const double from_source = s2::copy_us(p, p.placement().producer, reps);
  const s2::Stale source_copy = p.stale_copy(1);
  const double from_destination = s2::copy_us(p, p.placement().consumer, reps);
  const s2::Stale destination_copy = p.stale_copy(1);
  const std::string text =
      std::to_string(p.n() * sizeof(int)) + "-byte peer copy, median of " + std::to_string(reps) +
      ": issued into GPU 0's (source) stream " + gridlock::microseconds(from_source * 1e3, 1) +
      ", into GPU 1's (destination) stream " + gridlock::microseconds(from_destination * 1e3, 1) +
      "; wrong elements " + std::to_string(source_copy.wrong) + " and " +
      std::to_string(destination_copy.wrong);
  run.trace().facts["two.copy_source"] = gridlock::microseconds(from_source * 1e3, 0);
  run.trace().facts["two.copy_destination"] = gridlock::microseconds(from_destination * 1e3, 0);
  if (source_copy.wrong || destination_copy.wrong) run.check_failed("a peer copy copied wrong values");
  run.claim(s2::kCopyAnyStream,
            source_copy.wrong == 0 && destination_copy.wrong == 0 && from_source <= from_destination, text,
            "read as: both streams give the right copy, and the source device's stream is not slower");
}

void check_two_devices(LessonRun& run, Pipeline& p, const std::string& peer) {
  const Outcome with = check_runs(run, p, true), without = check_runs(run, p, false);
  auto& facts = run.trace().facts;
  facts["two.peer"] = peer;
  facts["two.with_wait"] = with.stale_text();
  facts["two.without_wait"] = without.stale_text();
  if (with.exact_runs != with.runs) run.check_failed("GPU 1 read stale data although it waited");
  run.claim(s2::kAcrossDevices, with.exact_runs == with.runs,
            "GPU 1's stream waits for GPU 0's event, copies the data and reads the copy: " +
                with.stale_text() + "; without the wait: " + without.stale_text() + " (" + peer + ")",
            "proved by values, not by times: the two GPUs' %globaltimer are different clocks");
  check_device_rules(run, p);
  check_copy_streams(run, p);
}

void skip_two_devices(LessonRun& run, int devices) {
  const std::string why = "this machine has " + std::to_string(devices) +
                          " GPU; the claim needs a second one (the lesson runs it when two are present)";
  std::printf(
      "Only one GPU: the two-GPU part (a wait across devices, a peer copy, the device rules) is skipped.\n");
  for (const gridlock::ClaimSpec& c : {s2::kAcrossDevices, s2::kSameDevice, s2::kCopyAnyStream})
    run.claim_not_observable(c, why);
  run.claim_not_observable(s2::kWaitAnyStream, why +
                                                   "; on one GPU a stream waits for another stream's event, "
                                                   "which the ordering check does");
}

// In a process of its own (see probe_reset_in_child): the handles the reset destroyed may crash
// the driver when queried.
void check_reset(LessonRun& run) {
  const s2::AfterReset r = s2::probe_reset_in_child();
  const bool before_ok = r.stream_before == "cudaSuccess" && r.event_before == "cudaSuccess";
  const bool after_refused = !r.stream_after.empty() && r.stream_after != "cudaSuccess" &&
                             !r.event_after.empty() && r.event_after != "cudaSuccess";
  const bool crashed_after = !r.ended_normally && !r.stream_before.empty();
  auto shown = [](const std::string& s) { return s.empty() ? std::string("(no answer)") : s; };
  run.trace().facts["reset.after"] = shown(r.stream_after) + ", " + shown(r.event_after);
  run.trace().facts["reset.ending"] = r.ending;
  run.claim(
      s2::kContextScope, before_ok && (after_refused || crashed_after),
      "before cudaDeviceReset: cudaStreamQuery -> " + shown(r.stream_before) + ", cudaEventQuery -> " +
          shown(r.event_before) + "; after it, on the same handles: " + shown(r.stream_after) + ", " +
          shown(r.event_after) + "; the probe process ended with " + r.ending,
      "the old handles point at destroyed objects: the driver may refuse them or crash, so the probe runs "
      "in a process of its own");
}

}  // namespace

int main(int argc, char** argv) {
  if (std::getenv(s2::kResetProbeVariable)) return s2::print_reset_probe();
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1 << 20, /*block=*/256, /*grid=*/1, /*seed=*/1, /*runs=*/20, /*bench=*/false};
  defaults.variants = kVariants;
  defaults.parameters = {
      {"delay-us", "How long the producer waits before it writes, in microseconds", 1000, 0, 100000},
      {"blocks-per-sm", "Blocks per SM of the producer and the consumer", 2, 1, 32}};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    int devices = 0;
    CUDA_CHECK(cudaGetDeviceCount(&devices));
    const bool two_gpu_variant = o.variant.rfind("two-gpu", 0) == 0;
    if (two_gpu_variant && devices < 2)
      throw gridlock::NotOnThisMachine("--variant " + o.variant +
                                       " records the two-GPU run, and this machine has one GPU");
    const int grid = int(o.parameter("blocks-per-sm")) * run.device().sm_count;
    const long long delay_ns = o.parameter("delay-us") * 1000;
    const bool wait = o.variant.find("no-wait") == std::string::npos;
    {
      Pipeline one({0, 0}, size_t(o.n), o.block, grid, delay_ns, o.seed);
      check_one_device(run, one);
      if (devices >= 2) {
        std::string why;
        const std::optional<gridlock::trace::Device> second = gridlock::describe_device(1, &why);
        if (!second) throw std::runtime_error("GPU 1: " + why);
        run.trace().producer.devices.push_back(*second);
        const Placement place{0, 1};
        const std::string peer = enable_peer_access(place);
        Pipeline two(place, size_t(o.n), o.block, grid, delay_ns, o.seed);
        check_two_devices(run, two, peer);
        if (two_gpu_variant) s2::record_steps(run, two, wait, 0x5eed, delay_ns);
      } else {
        skip_two_devices(run, devices);
      }
      if (!two_gpu_variant) s2::record_steps(run, one, wait, 0x5eed, delay_ns);
    }
    check_reset(run);
  });
}
