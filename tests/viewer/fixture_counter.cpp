// The block-counter fixture trace: SM and block tracks, values on slices, flows, lost updates, a
// series.
#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "fixture_trace.hpp"

namespace gridlock::viewer::testing {

namespace {

const char* const kSource = R"(// Fixture kernel for the viewer tests: every block adds one to a counter.
template <bool Record>
__global__ void count_blocks(int* count, Recorder<Record> rec) {
  rec.begin();
  // PHASE 1: read, add one, write back
  if (threadIdx.x == 0) {
    const unsigned long long before = rec.now();
    const int seen = *count;
    *count = seen + 1;
    rec.record(kRead, seen, before);
    rec.record(kWrote, seen + 1, rec.now());
  }
}
)";

constexpr int kCount = 0;  // buffer id
constexpr int64_t kStart = 1000, kWave = 30, kTook = 80;

struct Block {
  int block = 0;
  int64_t read_ns = 0, write_ns = 0;
  int read = 0, wrote = 0;
  int flow_out = -1;  // the flow its stale read starts
  std::vector<int> flows_in;
  int replaced_by_flow = -1;  // the flow from its write to the write that replaced it
  int lost_flow = -1;         // the flow into its lost update, from the write it replaced
  int replaced_block = -1;    // the block whose write it replaced
};

using trace::make_event;

// Blocks in the order their writes were issued, with the values they read and wrote.
std::vector<Block> model_blocks(int blocks, bool atomic) {
  std::vector<Block> out(static_cast<std::size_t>(blocks));
  for (int b = 0; b < blocks; ++b) {
    Block& k = out[static_cast<std::size_t>(b)];
    k.block = b;
    k.read_ns = kStart + kWave * (b / 4) + 7 * (b % 4);
    k.write_ns = k.read_ns + kTook + 5 * ((b * 7) % 3);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Block& a, const Block& b) { return a.write_ns < b.write_ns; });
  int count = 0, flows = 0;
  std::vector<int> last_writer_of(static_cast<std::size_t>(blocks) + 2, -1);  // by value written
  for (std::size_t i = 0; i < out.size(); ++i) {
    Block& k = out[i];
    k.read = atomic ? count : 0;
    if (!atomic)  // the value of the latest write that landed before this block read
      for (std::size_t j = 0; j < i; ++j)
        if (out[j].write_ns < k.read_ns) k.read = out[j].wrote;
    k.wrote = k.read + 1;
    // A stale read: an earlier write of the same value, which this block's write overwrites.
    const int earlier = last_writer_of[static_cast<std::size_t>(k.wrote)];
    if (!atomic && earlier >= 0) {
      Block& replaced = out[static_cast<std::size_t>(earlier)];
      k.flow_out = flows;
      replaced.flows_in.push_back(flows++);
      // The lost update itself: this write replaced that one, as recorders write it.
      replaced.replaced_by_flow = k.lost_flow = flows++;
      k.replaced_block = replaced.block;
    }
    last_writer_of[static_cast<std::size_t>(k.wrote)] = static_cast<int>(i);
    count = k.wrote;
  }
  return out;
}

void declare(trace::Trace& t, int blocks, int sms, bool atomic) {
  t.lesson_id = "fixture-counter";
  t.lesson_title = "Fixture: a block counter";
  t.technique = "L1";
  t.variant = atomic ? "atomic" : "racy";
  t.producer.kind = trace::ProducerKind::model;
  t.producer.model = "a CPU model of blocks counting, for the viewer tests";
  t.producer.program = "viewer_fixture_trace";
  t.producer.recorded_at = "2026-01-01T00:00:00Z";
  t.clock = {"modelled schedule", 1, "the start of the modelled launch"};
  t.parameters = {{"grid", blocks}, {"block", 32}};
  t.sources = {{"tests/viewer/fixture_counter.cpp", kSource, trace::source_hash(kSource)}};
  t.sources[0].recording = {4, 7, 10, 11};  // the recorder's lines, as a lesson's build finds them
  t.buffers = {{kCount, "count", trace::ElementType::i32, {1}, trace::MemorySpace::global, -1}};
  t.tracks.push_back({0, trace::TrackKind::memory, "count", -1, -1, -1, -1, -1, -1});
  for (int s = 0; s < sms; ++s)
    t.tracks.push_back({1 + s, trace::TrackKind::sm, "SM " + std::to_string(s), -1, -1, -1, -1, -1, s});
  for (int b = 0; b < blocks; ++b)
    t.tracks.push_back({1 + sms + b, trace::TrackKind::block, "block " + std::to_string(b), 1 + b % sms, -1,
                        b, -1, -1, b % sms});
  t.launches = {{0, atomic ? "count_blocks<atomic>" : "count_blocks<racy>", -1, -1, blocks, 32}};
}

trace::Step step(const trace::Trace& t, std::string detail) {
  trace::Step s;
  s.label = "PHASE 1: read, add one, write back";
  const trace::LineRange lines = trace::find_phase_lines(t.sources[0].text, s.label);
  s.line_begin = lines.begin;
  s.line_end = lines.end;
  s.launch = 0;
  s.detail = std::move(detail);
  return s;
}

void add_block_events(trace::Step& s, const Block& k, int sms, bool atomic) {
  const int track = 1 + sms + k.block;
  const trace::Category c = atomic ? trace::Category::atomic : trace::Category::work;
  const char* name = atomic ? "atomicAdd" : "read-modify-write";
  trace::Event begin = make_event(track, trace::EventKind::slice_begin, k.read_ns, name, c, k.read);
  if (k.flow_out >= 0) begin.flows_out = {k.flow_out};
  trace::Event end = make_event(track, trace::EventKind::slice_end, k.write_ns, name, c, k.wrote);
  end.flows_in = k.flows_in;
  if (k.replaced_by_flow >= 0) end.flows_out = {k.replaced_by_flow};
  s.events.push_back(begin);
  s.events.push_back(end);
  if (k.lost_flow < 0) return;
  const std::string wrote = std::to_string(k.wrote);
  trace::Event lost = make_event(track, trace::EventKind::instant, k.write_ns,
                                 "block " + std::to_string(k.block) + " wrote " + wrote + " over block " +
                                     std::to_string(k.replaced_block) + "'s " + wrote,
                                 trace::Category::lost_update, k.wrote);
  lost.flows_in = {k.lost_flow};
  s.events.push_back(lost);
}

std::vector<double> final_counts(int blocks, bool atomic, int runs) {
  std::vector<double> out;
  std::uint32_t state = 12345u + static_cast<std::uint32_t>(blocks);
  for (int r = 0; r < runs; ++r) {
    state = state * 1664525u + 1013904223u;
    out.push_back(atomic ? blocks : 2 + static_cast<int>((state >> 16) % 5));
  }
  return out;
}

}  // namespace

trace::Trace make_counter_trace(int blocks, int sms, bool atomic, int per_step, int runs) {
  trace::Trace t;
  declare(t, blocks, sms, atomic);
  const std::vector<Block> order = model_blocks(blocks, atomic);
  int count = 0;
  for (int first = 0; first < blocks; first += per_step) {
    const int last = std::min(blocks, first + per_step);
    trace::Step s = step(t, "writes " + std::to_string(first + 1) + "\xE2\x80\x93" + std::to_string(last) +
                                " of " + std::to_string(blocks));
    for (int i = first; i < last; ++i) {
      const Block& k = order[static_cast<std::size_t>(i)];
      add_block_events(s, k, sms, atomic);
      count = k.wrote;
      s.events.push_back(make_event(0, trace::EventKind::counter, k.write_ns, "count",
                                    atomic ? trace::Category::atomic : trace::Category::work, count));
    }
    t.steps.push_back(s);
  }
  trace::Step after = step(t, "after the kernel");
  after.note = "count holds " + std::to_string(count) + " for " + std::to_string(blocks) + " blocks.";
  after.snapshots = {{kCount, {}, {static_cast<double>(count)}}};
  t.steps.push_back(after);
  t.series = {{"final count, " + std::to_string(blocks) + " blocks", "blocks",
               final_counts(blocks, atomic, runs), true, static_cast<double>(blocks)}};
  t.claims = {{"FIX.count", "Every block's increment counts.",
               count == blocks ? trace::Verdict::confirmed : trace::Verdict::contradicted,
               "model: " + std::to_string(count) + " of " + std::to_string(blocks), ""}};
  return t;
}

}  // namespace gridlock::viewer::testing
