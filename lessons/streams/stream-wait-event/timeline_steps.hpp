// S2's recorded run as a trace (plain C++, so that tests can build it from made-up runs): a track
// per stream nested in its device, the host's calls on a host track, the kernels as slices with
// their blocks, the peer-to-peer copy, and a flow from the event's record to the wait it releases.
// The consumer's step comes before the producer's writes when what it read shows that it read
// before them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/record/kernel_blocks.hpp"
#include "common/units.hpp"

namespace s2 {

namespace tr = gridlock::trace;

constexpr int kIn = 0, kStamp = 1, kData = 2, kOut = 3, kCopy = 4;

// One host call, on the run's clock.
struct HostCall {
  std::string name;
  int64_t begin = 0, end = 0;
  tr::Category category = tr::Category::host;
};

// One recorded run, on the run's clock: the producer's and the consumer's blocks, the copy
// (two devices), the host's calls, and the first elements of in and of what the consumer read.
struct RecordedRun {
  bool wait = true;
  int producer_device = 0, consumer_device = 0;
  std::vector<std::string> device_names;
  int64_t n = 0;
  int block = 0;
  int64_t delay_ns = 0;
  std::vector<gridlock::BlockOnClock> producer, consumer;
  int64_t copy_begin = 0, copy_end = 0;
  std::vector<HostCall> host;
  int stamp = 0, poison = 0;
  std::vector<int> in_sample, out_sample;
  long long stale = 0, poisoned = 0;  // over all n elements
  bool two_devices() const { return producer_device != consumer_device; }
  int produced(size_t j) const { return int(unsigned(in_sample[j]) + unsigned(stamp)); }
  bool read_before_write() const {
    for (size_t j = 0; j < out_sample.size(); ++j)
      if (out_sample[j] == poison && produced(j) != poison) return true;
    return false;
  }
};

struct Tracks {
  int host = 0, producer = 0, consumer = 0;
  std::vector<int> producer_blocks, consumer_blocks;
  int produce_launch = 0, consume_launch = 0;
};

inline Tracks declare(gridlock::LessonRun& run, const RecordedRun& r) {
  tr::Trace& t = run.trace();
  std::vector<int> device_tracks;
  const int devices = r.two_devices() ? 2 : 1;
  for (int d = 0; d < devices; ++d)
    device_tracks.push_back(gridlock::add_track(
        t, tr::TrackKind::device, "GPU " + std::to_string(d) + ": " + r.device_names[size_t(d)], -1, d));
  Tracks k;
  k.host = gridlock::add_track(t, tr::TrackKind::host, "CPU thread", -1, -1);
  k.producer = gridlock::add_track(t, tr::TrackKind::stream, "producer stream", device_tracks[0], 0);
  k.consumer =
      gridlock::add_track(t, tr::TrackKind::stream, "consumer stream", device_tracks.back(), devices - 1);
  k.producer_blocks = gridlock::add_block_tracks(t, k.producer, 0, r.producer, "produce, ");
  k.consumer_blocks = gridlock::add_block_tracks(t, k.consumer, devices - 1, r.consumer, "consume, ");
  const int64_t n = r.n;
  using gridlock::int_buffer;
  t.buffers = {int_buffer(kIn, "in", n, tr::MemorySpace::global),
               int_buffer(kStamp, "stamp", 1, tr::MemorySpace::registers),
               int_buffer(kData, "data", n, tr::MemorySpace::global),
               int_buffer(kOut, "out", n, tr::MemorySpace::global, devices - 1)};
  if (r.two_devices()) t.buffers.push_back(int_buffer(kCopy, "copy of data", n, tr::MemorySpace::global, 1));
  k.produce_launch =
      gridlock::on_stream(t, run.add_launch("produce", int64_t(r.producer.size()), r.block), 0, k.producer);
  k.consume_launch = gridlock::on_stream(t, run.add_launch("consume", int64_t(r.consumer.size()), r.block),
                                         devices - 1, k.consumer);
  return k;
}

inline std::vector<int64_t> sample_items(const RecordedRun& r) {
  std::vector<int64_t> items;
  for (size_t j = 0; j < r.in_sample.size(); ++j) items.push_back(int64_t(j));
  return items;
}

inline void add_delay_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k) {
  tr::Step& s = run.add_step(
      "PHASE 1: wait out the delay",
      std::to_string(r.producer.size()) + " blocks wait " + gridlock::microseconds(double(r.delay_ns), 0),
      r.wait
          ? "The host launches the producer, records `done` in its stream and makes the consumer stream wait "
            "for it; every call returns at once, and the producer's blocks wait out their delay."
          : "The host launches the producer and the consumer without the wait: nothing orders the consumer "
            "after the producer.",
      k.produce_launch);
  for (const HostCall& c : r.host) gridlock::add_slice(s.events, k.host, c.begin, c.end, c.name, c.category);
  gridlock::add_event(s.events, k.producer, tr::EventKind::slice_begin, gridlock::extent(r.producer).first,
                      "produce", tr::Category::kernel);
  const std::vector<int64_t> items = sample_items(r);
  s.snapshots.push_back({kIn, items, {r.in_sample.begin(), r.in_sample.end()}});
  s.snapshots.push_back({kStamp, {}, {double(r.stamp)}});
  s.snapshots.push_back({kData, items, std::vector<double>(items.size(), double(r.poison))});
}

inline void add_write_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k) {
  tr::Step& s = run.add_step("PHASE 2: write the data",
                             "data[i] = in[i] + stamp; then `done` is recorded in the producer stream",
                             "The producer writes the data; the event recorded behind it in its stream "
                             "happens once the kernel has finished.",
                             k.produce_launch);
  gridlock::add_block_slices(s.events, k.producer_blocks, r.producer);
  const int64_t end = gridlock::extent(r.producer).second;
  gridlock::add_event(s.events, k.producer, tr::EventKind::slice_end, end, "produce", tr::Category::kernel);
  tr::Event& record =
      gridlock::add_instant(s.events, k.producer, end, "done (recorded after produce)", tr::Category::sync);
  if (r.wait) record.flows_out = {0};
  tr::Operation add{tr::Operator::add, kData, kIn, kStamp, {}, {}, {}, {}};
  std::vector<double> values;
  for (size_t j = 0; j < r.in_sample.size(); ++j) {
    add.dst.push_back(int64_t(j));
    add.a.push_back(int64_t(j));
    add.b.push_back(0);
    add.thread.push_back(int64_t(j));
    values.push_back(r.produced(j));
  }
  s.ops.push_back(add);
  s.snapshots.push_back({kData, sample_items(r), values});
}

// The consumer's copy (two devices) and its read. An element is replayed from data only when
// its value is what data held at that point (the poison before the writes, the produced value
// after them); another value stands as read.
inline void add_read_step(gridlock::LessonRun& run, const RecordedRun& r, const Tracks& k,
                          bool before_writes) {
  const std::string detail = r.wait ? "after the wait for `done`" : "without a wait";
  tr::Step& s = run.add_step(
      "PHASE 3: read the data",
      detail + ": " + std::to_string(r.stale) + " of " + std::to_string(r.n) + " elements stale",
      before_writes
          ? "The consumer read the data before the producer had written it: its values are the poison."
          : "The consumer read the data after the producer had written it.",
      k.consume_launch);
  const auto [begin, end] = gridlock::extent(r.consumer);
  const int64_t released = r.two_devices() ? r.copy_begin : begin;
  if (r.wait)
    gridlock::add_instant(s.events, k.consumer, released, "wait for done: released", tr::Category::sync)
        .flows_in = {0};
  if (r.two_devices())
    gridlock::add_slice(s.events, k.consumer, r.copy_begin, r.copy_end, "cudaMemcpyPeerAsync",
                        tr::Category::copy);
  gridlock::add_slice(s.events, k.consumer, begin, end, "consume", tr::Category::kernel);
  gridlock::add_block_slices(s.events, k.consumer_blocks, r.consumer);
  const int source = r.two_devices() ? kCopy : kData;
  tr::Operation copy{tr::Operator::copy, source, kData, -1, {}, {}, {}, {}};
  tr::Operation read{tr::Operator::copy, kOut, source, -1, {}, {}, {}, {}};
  for (size_t j = 0; j < r.out_sample.size(); ++j) {
    const int held = before_writes ? r.poison : r.produced(j);
    if (r.out_sample[j] != held) continue;
    for (tr::Operation* o : {&copy, &read}) {
      o->dst.push_back(int64_t(j));
      o->a.push_back(int64_t(j));
      o->thread.push_back(int64_t(j));
    }
  }
  if (r.two_devices()) s.ops.push_back(copy);
  s.ops.push_back(read);
  s.snapshots.push_back({kOut, sample_items(r), {r.out_sample.begin(), r.out_sample.end()}});
}

// The facts the README quotes about the recorded run, each from the events it is measured
// between. A gap that is negative (the consumer began before the producer ended, without the
// wait) is not a duration from one event to a later one, so it stays text.
inline void add_recorded_facts(tr::Trace& t, const RecordedRun& r, const Tracks& k) {
  const auto [p_begin, p_end] = gridlock::extent(r.producer);
  const auto [c_begin, c_end] = gridlock::extent(r.consumer);
  const tr::EventRef produced =
      tr::find_event(t, k.producer, p_end, tr::EventKind::slice_end, tr::Category::kernel);
  const tr::EventRef consumer_start =
      r.two_devices()
          ? tr::find_event(t, k.consumer, r.copy_begin, tr::EventKind::slice_begin, tr::Category::copy)
          : tr::find_event(t, k.consumer, c_begin, tr::EventKind::slice_begin, tr::Category::kernel);
  t.facts["recorded.stale"] = std::to_string(r.stale) + " of " + std::to_string(r.n);
  const int64_t start_of_consumer = r.two_devices() ? r.copy_begin : c_begin;
  if (start_of_consumer >= p_end)
    tr::set_fact(t, "recorded.gap", tr::duration_fact(t, produced, consumer_start, tr::FactUnit::us, 0));
  else
    t.facts["recorded.gap"] = gridlock::microseconds(double(start_of_consumer - p_end), 0);
  using gridlock::slice_fact;
  tr::set_fact(t, "recorded.producer",
               slice_fact(t, k.producer, {p_begin, p_end}, tr::Category::kernel, tr::FactUnit::us, 0));
  tr::set_fact(t, "recorded.consumer",
               slice_fact(t, k.consumer, {c_begin, c_end}, tr::Category::kernel, tr::FactUnit::us, 0));
  // From the end of the host's last call (the sync excepted) to the producer's end.
  const auto last = std::max_element(r.host.begin(), r.host.end(), [](const HostCall& a, const HostCall& b) {
    return (a.category == tr::Category::host ? a.end : INT64_MIN) <
           (b.category == tr::Category::host ? b.end : INT64_MIN);
  });
  if (last == r.host.end() || last->category != tr::Category::host) return;
  const tr::EventRef last_call =
      tr::find_event(t, k.host, last->end, tr::EventKind::slice_end, tr::Category::host);
  if (p_end >= last->end)
    tr::set_fact(t, "recorded.host_free", tr::duration_fact(t, last_call, produced, tr::FactUnit::us, 0));
  else
    t.facts["recorded.host_free"] = gridlock::microseconds(double(p_end - last->end), 0);
}

inline void build_steps(gridlock::LessonRun& run, const RecordedRun& r) {
  const Tracks k = declare(run, r);
  add_delay_step(run, r, k);
  const bool before = r.read_before_write();
  if (before) add_read_step(run, r, k, true);
  add_write_step(run, r, k);
  if (!before) add_read_step(run, r, k, false);
  tr::order_events(run.trace());
  add_recorded_facts(run.trace(), r, k);
}

}  // namespace s2
