// concurrent-kernels' shipped traces rebuilt: every one is what today's trace building makes of the
// kernels it recorded, read back from its rows (each block's slice, each block 0's check-in and
// check-out where the recording placed them) and its snapshots.
#include <gtest/gtest.h>

#include "rebuild/rebuild.hpp"
#include "streams/concurrent-kernels/timeline_steps.hpp"

namespace {

namespace tr = gridlock::trace;

// The atomic moment of the first step labelled `label` whose detail starts with `detail`: a
// kernel's check-in or check-out, on its stream's row.
const tr::Event* atomic_moment(const tr::Trace& t, const std::string& label, const std::string& detail) {
  for (const tr::Step& s : t.steps)
    if (s.label == label && s.detail.rfind(detail, 0) == 0)
      for (const tr::Event& e : s.events)
        if (e.kind == tr::EventKind::instant && e.category == tr::Category::atomic) return &e;
  return nullptr;
}

// The snapshot of `buffer` in the first step labelled `label` whose detail starts with `detail`.
const tr::Snapshot* snapshot(const tr::Trace& t, const std::string& label, const std::string& detail,
                             int buffer) {
  for (const tr::Step& s : t.steps)
    if (s.label == label && s.detail.rfind(detail, 0) == 0)
      for (const tr::Snapshot& snap : s.snapshots)
        if (snap.buffer == buffer) return &snap;
  return nullptr;
}

s1::RecordedLaunch recorded_in(const tr::Trace& t) {
  s1::RecordedLaunch l;
  for (s1::CheckOut c : {s1::CheckOut::documented, s1::CheckOut::documented_mask, s1::CheckOut::corrected})
    if (t.launches.at(0).name.rfind("add_kernel<" + std::string(s1::name(c)) + ">", 0) == 0) l.check_out = c;
  l.block = t.launches[0].block;
  l.n = t.buffers.at(s1::kIn).shape.at(0) / int64_t(t.launches.size());
  for (const tr::Track& row : t.tracks)
    if (row.kind == tr::TrackKind::stream) l.concurrent = row.name != "stream 0 (every kernel)";
  for (const tr::Launch& launch : t.launches) {
    s1::KernelOnClock k;
    k.kid = int(launch.id);
    const std::string kernel = "kernel " + std::to_string(k.kid);
    for (const tr::Track& row : t.tracks)
      if (row.kind == tr::TrackKind::block && row.name.rfind(kernel + ", block ", 0) == 0) {
        const std::vector<tr::Event> work = rebuild_test::events_on(t, row.id, tr::Category::work);
        k.blocks.push_back({work.at(0).t_ns, work.at(1).t_ns, row.sm});
      }
    const tr::Event* in = atomic_moment(t, "PHASE 1: check in", kernel + " ");
    const tr::Event* out = atomic_moment(t, "PHASE 3: check out", kernel + ":");
    k.check_in = {in->t_ns, in->t_ns};
    k.check_out = {out->t_ns, out->t_ns};
    k.mask_in = int(in->value);
    k.count_in = int(snapshot(t, "PHASE 1: check in", kernel + " ", s1::kCounts)->values.at(0));
    k.mask_before_out = int(std::stoul(out->name.substr(out->name.find("0x")), nullptr, 16));
    for (const tr::Step& s : t.steps)  // "kernel 3: kernel_data.mask 0xff -> 0xf7, count 8 -> 7"
      if (s.label == "PHASE 3: check out" && s.detail.rfind(kernel + ":", 0) == 0)
        k.count_before_out = std::stoi(s.detail.substr(s.detail.rfind(", count ") + 8));
    const std::string work = "PHASE 2: add the increment, one addition at a time";
    for (double v : snapshot(t, work, kernel + ":", s1::kIn)->values) k.in_sample.push_back(int(v));
    for (double v : snapshot(t, work, kernel + ":", s1::kOut)->values) k.out_sample.push_back(int(v));
    k.added = int(snapshot(t, work, kernel + ":", s1::kAdded)->values.at(0));
    l.kernels.push_back(k);
  }
  for (const tr::Series& s : t.series) {
    if (s.name == "the recorded run: the mask each kernel saw at check-in, in launch order")
      for (double v : s.values) l.masks.push_back(int(v));
    if (s.name == "the recorded run: the count each kernel saw at check-in, in launch order")
      for (double v : s.values) l.counts.push_back(int(v));
  }
  l.count_max = int(t.fact_values.at("recorded.report").value);
  return l;
}

}  // namespace

TEST(S1Rebuild, EveryShippedTraceIsWhatItsKernelsBuild) {
  EXPECT_EQ(rebuild_test::expect_shipped_traces_rebuilt("streams/concurrent-kernels", "concurrent-kernels",
                                                        recorded_in, s1::build_steps),
            5);
}
