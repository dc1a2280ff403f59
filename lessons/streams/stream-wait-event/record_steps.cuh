// S2 recording: one run with or without the wait, recorded block by block (each warp's begin and
// end, the SM), with the host's calls and, on two devices, timestamps around the copy; the host
// and the consumer's GPU put on the run's clock by measured offsets, and turned into the trace
// by timeline_steps.hpp.
// main.cu includes this file after the lesson's launch function.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/units.hpp"
#include "pipeline.cuh"
#include "streams/common/span_recording.hpp"
#include "timeline_steps.hpp"

namespace s2 {

constexpr size_t kSample = 16;  // elements whose values the trace replays

// The measured offsets that put the host's clock and the consumer's GPU on the run's clock (the
// producer's %globaltimer).
struct Clocks {
  gs::ClockOffset host, consumer;  // to the producer's GPU
  int64_t host_on_run(int64_t host_ns, gridlock::RunClock& c) const {
    return int64_t(host_ns + host.offset_ns) - int64_t(c.origin_ns());
  }
  int64_t consumer_on_run(unsigned long long t, gridlock::RunClock& c) const {
    return int64_t(t) - consumer.offset_ns - int64_t(c.origin_ns());
  }
};

inline Clocks measure_clocks(const Placement& p) {
  const gs::ClockOffset producer = gs::measure_offset(p.producer);
  const gs::ClockOffset consumer = p.two_devices() ? gs::measure_offset(p.consumer) : producer;
  return {producer, p.two_devices() ? gs::between(producer, consumer) : gs::ClockOffset{}};
}

// Loads the recording instantiations on both devices before the recorded run. With lazy loading
// (the default since CUDA 12.2) a kernel is loaded at its first launch, and loading may wait for
// the work already running: the recorded consumer's first launch could then be held back until
// the producer ends, an order that the program does not ask for.
inline void load_recording_kernels(const Placement& p) {
  for (int device : {p.producer, p.consumer})
    gs::on_device(device, [] {
      cudaFuncAttributes attributes{};
      CUDA_CHECK(cudaFuncGetAttributes(&attributes, produce<true>));
      CUDA_CHECK(cudaFuncGetAttributes(&attributes, consume<true>));
    });
}

inline std::vector<HostCall> host_calls(const HostMarks& m, bool wait, bool two_devices, const Clocks& c,
                                        gridlock::RunClock& clock) {
  auto on = [&](HostMark k) { return c.host_on_run(m.t[k], clock); };
  std::vector<HostCall> calls = {{"produce<<<>>>", on(kBeforeProduce), on(kAfterProduce)},
                                 {"cudaEventRecord(done, producer)", on(kAfterProduce), on(kAfterRecord)}};
  if (wait) calls.push_back({"cudaStreamWaitEvent(consumer, done)", on(kAfterRecord), on(kAfterWait)});
  calls.push_back({two_devices ? "cudaMemcpyPeerAsync, consume<<<>>>" : "consume<<<>>>",
                   on(wait ? kAfterWait : kAfterRecord), on(kAfterConsume)});
  calls.push_back({std::string("cudaEventQuery(done): ") + cudaGetErrorName(m.query), on(kAfterConsume),
                   on(kAfterQuery)});
  calls.push_back({"cudaStreamSynchronize(consumer)", on(kAfterQuery), on(kAfterSync), tr::Category::sync});
  return calls;
}

inline std::vector<gridlock::BlockOnClock> blocks_on_clock(const gs::SpanRecording& rec, bool consumer_clock,
                                                           const Clocks& c, gridlock::RunClock& clock) {
  std::vector<gridlock::BlockOnClock> blocks;
  for (int b = 0; b < rec.grid(); ++b) {
    const gs::BlockSpan s = rec.block(b);
    auto on = [&](unsigned long long t) {
      return consumer_clock ? c.consumer_on_run(t, clock) : clock.since_origin(t);
    };
    blocks.push_back({on(s.begin), on(s.end), s.sm});
  }
  return blocks;
}

inline void record_steps(gridlock::LessonRun& run, Pipeline& p, bool wait, int stamp, int64_t delay_ns) {
  const Placement& place = p.placement();
  auto recording_on = [&](int device) {
    return gs::on_device(device, [&] { return std::make_unique<gs::SpanRecording>(p.grid(), p.block(), 0); });
  };
  auto produced = recording_on(place.producer), consumed = recording_on(place.consumer);
  auto copy_marks = gs::on_device(place.consumer, [] {
    return std::make_unique<gridlock::DeviceBuffer<unsigned long long>>(
        std::vector<unsigned long long>{0, 0});
  });
  load_recording_kernels(place);
  const Clocks clocks = measure_clocks(place);
  gridlock::RunClock& clock = run.clock();
  clock.origin_ns();
  const HostMarks m =
      p.run<true>(wait, stamp, produced->device_view(), consumed->device_view(), copy_marks->get());
  gs::on_device(place.producer, [&] { produced->download(); });
  gs::on_device(place.consumer, [&] { consumed->download(); });

  RecordedRun r;
  r.wait = wait;
  r.producer_device = place.producer;
  r.consumer_device = place.consumer;
  for (const tr::Device& d : run.trace().producer.devices) r.device_names.push_back(d.name);
  r.n = int64_t(p.n());
  r.block = p.block();
  r.delay_ns = delay_ns;
  r.producer = blocks_on_clock(*produced, false, clocks, clock);
  r.consumer = blocks_on_clock(*consumed, place.two_devices(), clocks, clock);
  if (place.two_devices()) {
    const std::vector<unsigned long long> marks =
        gs::on_device(place.consumer, [&] { return copy_marks->download(); });
    r.copy_begin = clocks.consumer_on_run(marks[0], clock);
    r.copy_end = clocks.consumer_on_run(marks[1], clock);
  }
  r.host = host_calls(m, wait, place.two_devices(), clocks, clock);
  r.stamp = stamp;
  r.poison = Pipeline::kPoison;
  const size_t sample = std::min(kSample, p.n());
  r.in_sample.assign(p.input().begin(), p.input().begin() + std::ptrdiff_t(sample));
  r.out_sample = p.out_sample(sample);
  const Stale stale = p.stale(stamp);
  r.stale = stale.wrong;
  r.poisoned = stale.poisoned;
  auto& facts = run.trace().facts;
  facts["clock.host_uncertainty"] =
      "\xC2\xB1" + gridlock::microseconds(double(clocks.host.uncertainty_ns), 0);
  if (place.two_devices()) {
    facts["clock.gpu1_offset"] = gridlock::microseconds(double(clocks.consumer.offset_ns), 0) + " \xC2\xB1" +
                                 gridlock::microseconds(double(clocks.consumer.uncertainty_ns), 0);
    clock.set_source(
        "%globaltimer of GPU 0; the host's steady_clock and GPU 1's %globaltimer put on it by "
        "measured offsets (host \xC2\xB1" +
        std::to_string(clocks.host.uncertainty_ns) + " ns, GPU 1 \xC2\xB1" +
        std::to_string(clocks.consumer.uncertainty_ns) + " ns)");
  } else {
    clock.set_source("%globaltimer; the host's steady_clock put on it by a measured offset (\xC2\xB1" +
                     std::to_string(clocks.host.uncertainty_ns) + " ns)");
  }
  // The durations among the facts name this clock, so it is described before they are made.
  run.trace().clock = clock.description();
  build_steps(run, r);
}

}  // namespace s2
